import Foundation

/// Runs blocking work (a process waited for, a pipe read, a C call) on a thread of its own and
/// awaits its result, so that the cooperative pool's threads, two on these machines, stay free:
/// two tests blocking both at once once stalled every other test of the process, servers in it
/// included, for minutes.
package func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}
