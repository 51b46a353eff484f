import Foundation

/// Runs blocking work (a download, a child process, deleting a large folder) on a thread of its
/// own, and waits for it without holding one of Swift concurrency's few cooperative threads.
///
/// This is needed even for a synchronous subcommand: swift-argument-parser calls `run()` from its
/// async `main`, which is not bound to the main thread, so the call lands on the cooperative pool.
enum DedicatedThread {
    /// Runs `work` on a new thread.
    /// - Parameter work: The blocking work.
    /// - Returns: What `work` returns.
    /// - Throws: What `work` throws.
    static func run<Value: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: Result(catching: work))
            }
        }
        return try result.get()
    }
}
