import Foundation
import Synchronization
import Testing

/// A file's hash by coreutils, not by the code under test.
package enum Checksum {
    /// `sha1sum` or `sha256sum`.
    package enum Algorithm: String, Sendable {
        case sha1, sha256
    }

    /// The lowercase hex digest of a file.
    ///
    /// Waits for the tool's exit through its termination handler, within ``HangGuard/standard``,
    /// instead of blocking a thread of the cooperative pool in `waitUntilExit()`: a run once hung
    /// there with the tool exited and never reaped.
    package static func hex(_ algorithm: Algorithm, of path: String) async throws -> String {
        let tool = "/usr/bin/\(algorithm.rawValue)sum"
        try #require(FileManager.default.isExecutableFile(atPath: tool), "\(tool) is missing: apt-get install coreutils")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = [path]
        let output = Pipe()
        process.standardOutput = output
        let status = Mutex<Int32?>(nil)
        process.terminationHandler = { exited in status.withLock { $0 = exited.terminationStatus } }
        try process.run()
        // One line: it fits the pipe's buffer, so the tool never waits for this reader.
        let exitStatus = try await waitFor("\(tool) \(path) to exit") { status.withLock { $0 } }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        try #require(exitStatus == 0, "\(tool) \(path) failed: \(text)")
        return String(text.prefix { $0 != " " })
    }
}
