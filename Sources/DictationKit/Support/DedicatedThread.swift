import Foundation

/// Runs blocking work (probing a device, loading a model, a download, a child process) on a thread
/// of its own, and waits for it without holding one of Swift concurrency's few cooperative threads.
package enum DedicatedThread {
    /// Runs `work` on a new thread.
    /// - Parameter work: The blocking work.
    /// - Returns: What `work` returns.
    /// - Throws: What `work` throws.
    package static func run<Value: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: Result(catching: work)) }
        }
        return try result.get()
    }
}
