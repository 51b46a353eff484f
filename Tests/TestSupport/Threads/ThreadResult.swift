import Foundation
import Synchronization

/// Runs a body on a thread of its own and hands back its result: readers and locks block, so the
/// tests call them off the cooperative pool, as a session does. Built on a plain semaphore, not on
/// anything under test.
package final class ThreadResult<Value: Sendable>: Sendable {
    private let state = Mutex<(value: Value?, threadID: Int32?)>((nil, nil))
    private let done = DispatchSemaphore(value: 0)

    /// Starts `body` on a new thread.
    package init(_ body: @escaping @Sendable () -> Value) {
        Thread { [self] in
            let id = ThreadActivity.currentThreadID()
            state.withLock { $0.threadID = id }
            let result = body()
            state.withLock { $0.value = result }
            done.signal()
        }.start()
    }

    /// Whether the body has returned.
    package var isDone: Bool { state.withLock { $0.value != nil } }

    /// The kernel's id of the thread, once it runs (for ``ThreadActivity``).
    package var threadID: Int32? { state.withLock { $0.threadID } }

    /// The body's result, or `nil` when it has not returned within `limit` (a hang guard).
    package func wait(within limit: Duration = HangGuard.standard) -> Value? {
        wait(until: .now + limit)
    }

    /// The body's result, or `nil` when it has not returned by `deadline` (a hang guard shared
    /// by several threads).
    package func wait(until deadline: ContinuousClock.Instant) -> Value? {
        let remaining = max(deadline - .now, .zero)
        guard done.wait(timeout: .now() + remaining.timeInterval) == .success else { return nil }
        // Leaves the semaphore signalled for the next wait.
        done.signal()
        return state.withLock { $0.value }
    }
}
