import Foundation

/// A value that threads share behind a lock, and that a thread can wait on until it is in a
/// state it needs: the blocking hand-offs between a session's threads.
///
/// Every change wakes the threads that wait, and each checks its own condition again, so no
/// wake-up can be lost and no waiter needs a signal of its own.
///
/// `@unchecked Sendable` is sound because the value is only reached inside the lock.
final class Guarded<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Reads the value.
    func read<Result>(_ body: (Value) -> Result) -> Result {
        condition.lock()
        defer { condition.unlock() }
        return body(value)
    }

    /// Changes the value and wakes every waiting thread.
    @discardableResult
    func update<Result>(_ body: (inout Value) -> Result) -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return body(&value)
    }

    /// Blocks until the value satisfies `condition`.
    func wait(until satisfied: (Value) -> Bool) {
        condition.lock()
        defer { condition.unlock() }
        while !satisfied(value) { condition.wait() }
    }

    /// Blocks until the value satisfies `condition` or `timeout` has passed.
    /// - Returns: Whether the value satisfies it.
    @discardableResult
    func wait(until satisfied: (Value) -> Bool, timeout: Duration) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout.inSeconds)
        condition.lock()
        defer { condition.unlock() }
        while !satisfied(value) {
            if !condition.wait(until: deadline) { return satisfied(value) }
        }
        return true
    }
}
