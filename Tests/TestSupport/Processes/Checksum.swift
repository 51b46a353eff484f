import Foundation
import Testing

/// A file's hash by coreutils, not by the code under test.
package enum Checksum {
    /// `sha1sum` or `sha256sum`.
    package enum Algorithm: String, Sendable {
        case sha1, sha256
    }

    /// The lowercase hex digest of a file.
    package static func hex(_ algorithm: Algorithm, of path: String) throws -> String {
        let tool = "/usr/bin/\(algorithm.rawValue)sum"
        try #require(FileManager.default.isExecutableFile(atPath: tool), "\(tool) is missing: apt-get install coreutils")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = [path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(tool) \(path) failed: \(text)")
        return String(text.prefix { $0 != " " })
    }
}
