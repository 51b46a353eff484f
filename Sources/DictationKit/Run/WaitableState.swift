import Dispatch
import Synchronization

/// A value that threads share behind a lock, and that a thread can block on until the value is in
/// a state it needs: the one blocking hand-off between the threads of a session and its sources
/// (a capture thread and its reader, an app pushing audio and the session reading it, the callers
/// of `pause()` and the audio thread, a decoding pass and its queue).
///
/// Nothing else is needed to make a blocking queue: "closed", "interrupted" or "finished" are
/// flags in the value, and the waiting thread's condition includes them, so whoever sets one with
/// ``withLock(_:)`` wakes the thread.
///
/// Every ``withLock(_:)`` wakes the threads that wait, after unlocking, and each checks its
/// condition again under the lock before it blocks again. A waiting thread is put on the list of
/// waiters under the same lock that saw its condition unmet, and each entry is signalled once, so
/// no change can slip between the check and the block (no lost wake-up) and no signal is left over
/// for a later wait (no stray wake-up). Threads block only in the `wait` methods and only on
/// their own semaphore: call them from threads of your own, never from the cooperative pool.
package final class WaitableState<State>: Sendable {
    private struct Locked {
        var state: State
        /// One semaphore per blocked thread, each to be signalled once.
        var waiters: [DispatchSemaphore] = []

        mutating func takeWaiters() -> [DispatchSemaphore] {
            defer { waiters = [] }
            return waiters
        }
    }

    private let locked: Mutex<Locked>

    /// Shares `state`.
    /// - Parameter state: The initial value.
    package init(_ state: sending State) {
        locked = Mutex(Locked(state: state))
    }

    /// Reads or changes the value under the lock, then wakes the waiting threads so that they
    /// check their conditions again.
    /// - Parameter body: Runs under the lock; must not block, and must not use this value again.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; the waiting threads are woken all the same.
    @discardableResult
    package func withLock<Result, Failure: Error>(
        _ body: (inout sending State) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        var woken: [DispatchSemaphore] = []
        defer { for waiter in woken { waiter.signal() } }
        return try locked.withLock { (locked) throws(Failure) -> sending Result in
            defer { woken = locked.takeWaiters() }
            return try body(&locked.state)
        }
    }

    /// Reads the value under the lock without waking anyone: nothing changed.
    /// - Parameter body: Runs under the lock; must not block.
    /// - Returns: What `body` returns.
    package func read<Result>(_ body: (borrowing State) -> sending Result) -> sending Result {
        locked.withLock { locked -> sending Result in body(locked.state) }
    }

    /// How many threads are blocked in a wait now: for tests and diagnostics.
    package var waitingThreadCount: Int {
        locked.withLock { $0.waiters.count }
    }

    /// Blocks the calling thread until the value satisfies `condition`.
    /// - Parameter condition: Checked under the lock, now and after every change.
    package func wait(until condition: (borrowing State) -> Bool) {
        var semaphore: DispatchSemaphore?
        while let waiter = enlist(semaphore, unless: condition) {
            semaphore = waiter
            waiter.wait()
        }
    }

    /// Blocks the calling thread until the value satisfies `condition` or `timeout` has passed.
    /// - Parameters:
    ///   - condition: Checked under the lock, now and after every change.
    ///   - timeout: The longest wait; zero or less only checks.
    /// - Returns: Whether the value satisfies `condition`.
    @discardableResult
    package func wait(until condition: (borrowing State) -> Bool, timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        var semaphore: DispatchSemaphore?
        while let waiter = enlist(semaphore, unless: condition) {
            semaphore = waiter
            let remaining = deadline - .now
            if remaining > .zero, waiter.wait(timeout: .now() + remaining.inSeconds) == .success { continue }
            // Out of time. A change may have taken the waiter off the list already, and its signal
            // is then left in this semaphore, which is dropped with it.
            return locked.withLock { locked in
                locked.waiters.removeAll { $0 === waiter }
                return condition(locked.state)
            }
        }
        return true
    }

    /// Blocks the calling thread until `take` returns something: it runs under the lock, now and
    /// after every change, and may change the value as it takes (a reader taking from a queue).
    ///
    /// When it takes something, the other waiting threads are woken (it may have made room for a
    /// producer that waits). When it returns `nil`, nobody is woken: it is expected to have found
    /// nothing and changed nothing that another thread waits for.
    /// - Parameter take: Returns what the caller waits for, or `nil` while there is nothing.
    /// - Returns: What `take` returned.
    package func waitAndTake<Result>(_ take: (inout sending State) -> sending Result?) -> sending Result {
        var semaphore: DispatchSemaphore?
        while true {
            var woken: [DispatchSemaphore] = []
            let taken = locked.withLock { locked -> sending Result? in
                if let taken = take(&locked.state) {
                    woken = locked.takeWaiters()
                    return taken
                }
                let waiter = semaphore ?? DispatchSemaphore(value: 0)
                semaphore = waiter
                locked.waiters.append(waiter)
                return nil
            }
            for waiter in woken { waiter.signal() }
            if let taken { return taken }
            semaphore?.wait()
        }
    }

    /// Puts the calling thread on the list of waiters unless the value satisfies `condition`.
    /// - Parameter semaphore: The thread's semaphore from an earlier round, signalled and taken
    ///   already, so it holds no signal; `nil` the first time.
    /// - Returns: The semaphore to wait on; `nil` when the condition is met.
    private func enlist(_ semaphore: DispatchSemaphore?, unless condition: (borrowing State) -> Bool)
        -> DispatchSemaphore?
    {
        locked.withLock { locked -> DispatchSemaphore? in
            if condition(locked.state) { return nil }
            let waiter = semaphore ?? DispatchSemaphore(value: 0)
            locked.waiters.append(waiter)
            return waiter
        }
    }
}
