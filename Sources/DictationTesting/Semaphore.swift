import Foundation

/// A counting semaphore for threads that are not part of Swift concurrency (readers block on it).
final class Semaphore: Sendable {
    // DispatchSemaphore is thread-safe; it is wrapped only to keep Dispatch out of the API.
    private let semaphore = DispatchSemaphore(value: 0)

    func wait() { semaphore.wait() }

    func signal() { semaphore.signal() }
}
