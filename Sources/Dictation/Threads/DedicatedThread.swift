import Foundation

/// Runs blocking work (opening a device, loading a model) on a thread of its own, and waits for
/// it without holding one of Swift concurrency's few cooperative threads.
enum DedicatedThread {
    /// Runs `work` on a new thread.
    /// - Parameter work: The blocking work.
    /// - Returns: What `work` returns.
    static func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }
}
