import Foundation
import Synchronization

/// The machine's cores shared among the Whisper decodings of the process that run at once.
///
/// whisper.cpp's threads spin while they wait for each other: two decodings of two threads each
/// on two cores took about four times the CPU of one. So a decoding that starts alone takes
/// every core, and one that starts beside others takes its share.
enum WhisperCoreShare {
    private static let running = Atomic<Int>(0)

    /// Runs `body` with the threads this decoding may use, counting it as running meanwhile.
    /// - Parameter body: The decoding, given its thread count.
    /// - Returns: What `body` returns.
    static func withThreads<Result, Failure: Error>(_ body: (Int) throws(Failure) -> Result) throws(Failure) -> Result {
        let count = running.add(1, ordering: .relaxed).newValue
        defer { running.subtract(1, ordering: .relaxed) }
        return try body(threads(cores: ProcessInfo.processInfo.activeProcessorCount, decodings: count))
    }

    /// The threads of one of `decodings` decodings on `cores` cores: at least one.
    static func threads(cores: Int, decodings: Int) -> Int {
        max(1, cores / max(1, decodings))
    }
}
