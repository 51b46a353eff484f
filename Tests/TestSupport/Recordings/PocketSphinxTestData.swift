import Foundation
import Testing

/// Debian's PocketSphinx test recordings (the package pocketsphinx-testdata) and what is said in
/// them: the speech most tests decode, filter or play into a test microphone.
///
/// A missing package fails the test with a message naming it: a test that quietly passes without
/// its data proves nothing.
package enum PocketSphinxTestData {
    /// Where the package installs its files.
    package static let directory = "/usr/share/pocketsphinx/test/data"
    /// The five LibriVox sentences of Sense and Sensibility, chapter 1, by number.
    package static let librivoxIDs = ["0870", "0880", "0890", "0920", "0930"]

    /// A file of the test data.
    /// - Parameter name: Its path under ``directory`` (`goforward.raw`, `cards/001.wav`).
    /// - Throws: When the package is not installed.
    package static func path(_ name: String) throws -> String {
        let path = directory + "/" + name
        try #require(
            FileManager.default.fileExists(atPath: path), "\(path) is missing: install the Debian package pocketsphinx-testdata")
        return path
    }

    /// A headerless recording's samples: 16 kHz mono little-endian 16-bit (`goforward.raw`,
    /// `numbers.raw`, `something.raw`).
    package static func raw(_ name: String) throws -> [Int16] {
        PCM16.samples(littleEndian: try Data(contentsOf: URL(fileURLWithPath: try path(name))))
    }

    /// "go forward ten meters", 2.8 s (`goforward.raw`).
    package static func goForward() throws -> [Int16] {
        try raw("goforward.raw")
    }

    /// A LibriVox recording's name, without folder or extension (`sense_and_sensibility_01_austen_64kb-0870`).
    package static func librivoxName(_ id: String) -> String {
        "sense_and_sensibility_01_austen_64kb-\(id)"
    }

    /// A LibriVox recording's path: a 16 kHz mono 16-bit WAV file.
    /// - Parameter id: Its number (`"0870"`).
    package static func librivoxPath(_ id: String) throws -> String {
        try path("librivox/\(librivoxName(id)).wav")
    }

    /// A LibriVox recording's samples.
    package static func librivox(_ id: String) throws -> [Int16] {
        try WAVFile(path: try librivoxPath(id)).samples
    }

    /// What is said in a LibriVox recording, lowercase words without punctuation.
    package static func librivoxTranscript(_ id: String) throws -> String {
        try #require(try librivoxTranscripts()[librivoxName(id)], "no transcript of \(id)")
    }

    /// What is said in every LibriVox recording, by name, from `librivox/transcription`
    /// (lines `<s> words </s> (name)`).
    package static func librivoxTranscripts() throws -> [String: String] {
        var transcripts: [String: String] = [:]
        for line in try String(contentsOfFile: try path("librivox/transcription"), encoding: .utf8).split(separator: "\n") {
            guard let open = line.lastIndex(of: "("), let close = line.lastIndex(of: ")"), open < close else { continue }
            let words = line[..<open].split(separator: " ").filter { $0 != "<s>" && $0 != "</s>" }
            transcripts[String(line[line.index(after: open)..<close])] = words.joined(separator: " ")
        }
        return transcripts
    }
}
