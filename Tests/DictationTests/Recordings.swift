import Foundation
import Testing

/// Debian's PocketSphinx test recordings (pocketsphinx-testdata) and what is said in them.
///
/// A missing package fails the test with a message naming it: a test that quietly passes
/// without its data proves nothing.
enum Recordings {
    static let testData = "/usr/share/pocketsphinx/test/data"

    /// A file of the test data.
    /// - Parameter name: The path under `/usr/share/pocketsphinx/test/data`.
    static func path(_ name: String) throws -> String {
        let path = testData + "/" + name
        try #require(
            FileManager.default.fileExists(atPath: path), "\(path) is missing: install the Debian package pocketsphinx-testdata")
        return path
    }

    /// A LibriVox recording of Sense and Sensibility, chapter 1, by its number (`"0870"`).
    static func librivox(_ number: String) throws -> String {
        try path("librivox/sense_and_sensibility_01_austen_64kb-\(number).wav")
    }

    /// What is said in a LibriVox recording, from `librivox/transcription` (`<s> words </s> (id)`).
    static func librivoxTranscript(_ number: String) throws -> String {
        let lines = try String(contentsOfFile: try path("librivox/transcription"), encoding: .utf8).split(separator: "\n")
        let line = try #require(lines.first { $0.hasSuffix("-\(number))") }, "no transcript of \(number)")
        return line.split(separator: " ").filter { $0 != "<s>" && $0 != "</s>" && !$0.hasPrefix("(") }
            .joined(separator: " ")
    }

    /// `goforward.raw`, "go forward ten meters": 16 kHz mono 16-bit samples.
    static func goForward() throws -> [Int16] {
        let data = try Data(contentsOf: URL(fileURLWithPath: try path("goforward.raw")))
        return stride(from: 0, to: data.count - 1, by: 2).map {
            Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8)
        }
    }
}

/// Waits for something another thread does, polling every 10 ms, with a hang guard of a
/// minute; not a timing assertion.
/// - Returns: Whether it happened.
func eventually(_ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(60)
    while !condition() {
        if ContinuousClock.now >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return true
}
