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
/// A task waits with ``waiting(until:)`` instead: it is suspended, not blocked, and woken the same
/// way (a server's connection waiting for room in a session's source).
package final class WaitableState<State>: Sendable {
    /// Who waits for a change: a blocked thread or a suspended task, each woken once.
    private enum Waiter {
        case thread(DispatchSemaphore)
        case task(id: UInt64, CheckedContinuation<Void, Never>)

        func wake() {
            switch self {
            case .thread(let semaphore): semaphore.signal()
            case .task(_, let continuation): continuation.resume()
            }
        }

        func isThread(_ semaphore: DispatchSemaphore) -> Bool {
            if case .thread(let waiting) = self { return waiting === semaphore }
            return false
        }
    }

    private struct Locked {
        var state: State
        var waiters: [Waiter] = []
        var nextTaskID: UInt64 = 0

        mutating func takeWaiters() -> [Waiter] {
            defer { waiters = [] }
            return waiters
        }

        /// Takes task `id` off the list; `nil` when a change has woken it already.
        mutating func removeTask(_ id: UInt64) -> Waiter? {
            guard let index = waiters.firstIndex(where: { if case .task(id, _) = $0 { true } else { false } }) else {
                return nil
            }
            return waiters.remove(at: index)
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
        var woken: [Waiter] = []
        defer { for waiter in woken { waiter.wake() } }
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

    /// How many threads and tasks wait now: for tests and diagnostics.
    package var waitingThreadCount: Int {
        locked.withLock { $0.waiters.count }
    }

    /// Suspends the calling task, without blocking its thread, until the value satisfies
    /// `condition`.
    /// - Parameter condition: Checked under the lock, now and after every change.
    /// - Throws: `CancellationError` when the task is cancelled before the condition is met.
    package func waiting(until condition: (borrowing State) -> Bool) async throws(CancellationError) {
        while true {
            if Task.isCancelled { throw CancellationError() }
            let id = locked.withLock { locked -> UInt64 in
                defer { locked.nextTaskID += 1 }
                return locked.nextTaskID
            }
            var met = false
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    // Checked under the lock that the cancellation handler takes: a cancellation
                    // either sees this waiter on the list or is seen here.
                    let ready = locked.withLock { locked -> Bool? in
                        if condition(locked.state) { return true }
                        if Task.isCancelled { return false }
                        locked.waiters.append(.task(id: id, continuation))
                        return nil
                    }
                    if let ready {
                        met = ready
                        continuation.resume()
                    }
                }
            } onCancel: {
                // Woken here unless a change got to it first; the loop then sees the cancellation.
                locked.withLock { $0.removeTask(id) }?.wake()
            }
            if met { return }
        }
    }

    /// Suspends the calling task, without blocking its thread, until the value satisfies
    /// `condition` or `timeout` has passed.
    /// - Parameters:
    ///   - condition: Checked under the lock, now and after every change.
    ///   - timeout: The longest wait.
    /// - Returns: Whether the value satisfies `condition`.
    /// - Throws: `CancellationError` when the task is cancelled first.
    package func waiting(until condition: @escaping @Sendable (borrowing State) -> Bool, timeout: Duration)
        async throws(CancellationError) -> Bool
    {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await self.waiting(until: condition) }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
        if Task.isCancelled { throw CancellationError() }
        return read { condition($0) }
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
                locked.waiters.removeAll { $0.isThread(waiter) }
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
            var woken: [Waiter] = []
            let taken = locked.withLock { locked -> sending Result? in
                if let taken = take(&locked.state) {
                    woken = locked.takeWaiters()
                    return taken
                }
                let waiter = semaphore ?? DispatchSemaphore(value: 0)
                semaphore = waiter
                locked.waiters.append(.thread(waiter))
                return nil
            }
            for waiter in woken { waiter.wake() }
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
            locked.waiters.append(.thread(waiter))
            return waiter
        }
    }
}
