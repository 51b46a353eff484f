import Foundation
import Synchronization

extension Thread {
    /// Runs `body` on a new thread and waits for its result: readers block, so tests call them
    /// off the cooperative pool, as the session does.
    /// - Parameter seconds: A hang guard, far beyond any normal run; `nil` when it expires.
    static func runAndWait<Result: Sendable>(
        timeout seconds: Double = 60, _ body: @escaping @Sendable () -> Result
    ) -> Result? {
        launch(body).wait(timeout: seconds)
    }

    /// Runs `body` on a new thread.
    /// - Returns: Where its result will appear.
    static func launch<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> ResultBox<Result> {
        let box = ResultBox<Result>()
        let thread = Thread {
            box.set(body())
        }
        thread.start()
        return box
    }
}

/// A result handed from one thread to another.
final class ResultBox<Value: Sendable>: Sendable {
    private let value = LockedValue<Value?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func set(_ newValue: Value) {
        value.set(newValue)
        done.signal()
    }

    func wait(timeout seconds: Double) -> Value? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return value.get()
    }
}

/// A value behind a lock, for the few tests that share one between threads.
final class LockedValue<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    init(_ value: Value) { self.value = Mutex(value) }

    func get() -> Value { value.withLock { $0 } }
    func set(_ newValue: Value) { value.withLock { $0 = newValue } }
}
