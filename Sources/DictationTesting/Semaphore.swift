import Foundation

/// A counting semaphore for threads that are not part of Swift concurrency (readers block on it).
final class Semaphore: Sendable {
    // DispatchSemaphore is thread-safe; it is wrapped only to keep Dispatch out of the API.
    private let semaphore = DispatchSemaphore(value: 0)

    func wait() { semaphore.wait() }

    /// - Returns: `false` when the time ran out before a signal.
    func wait(timeout: Duration) -> Bool {
        let nanoseconds = max(0, timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000)
        return semaphore.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success
    }

    func signal() { semaphore.signal() }
}
