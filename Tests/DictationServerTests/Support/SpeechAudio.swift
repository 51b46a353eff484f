import Foundation
import Testing

/// Debian's PocketSphinx test recordings (pocketsphinx-testdata), as 16 kHz mono samples, and
/// what is said in them. A missing package fails the test with a message naming it.
enum SpeechAudio {
    static let testData = "/usr/share/pocketsphinx/test/data"

    static func path(_ name: String) throws -> String {
        let path = testData + "/" + name
        try #require(
            FileManager.default.fileExists(atPath: path), "\(path) is missing: install the Debian package pocketsphinx-testdata")
        return path
    }

    /// A LibriVox recording of Sense and Sensibility (`"0870"`): 16 kHz mono 16-bit PCM.
    static func librivox(_ number: String) throws -> [Int16] {
        let data = try Data(contentsOf: URL(fileURLWithPath: try path("librivox/sense_and_sensibility_01_austen_64kb-\(number).wav")))
        let bytes = [UInt8](data)
        // The samples are the `data` chunk's; the header before it is not always 44 bytes.
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            if bytes[offset..<offset + 4].elementsEqual("data".utf8) {
                let end = min(offset + 8 + size, bytes.count)
                return stride(from: offset + 8, to: end - 1, by: 2).map {
                    Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
                }
            }
            offset += 8 + size + (size & 1)
        }
        Issue.record("no data chunk in \(number)")
        return []
    }

    /// What is said in a LibriVox recording.
    static func librivoxTranscript(_ number: String) throws -> String {
        let lines = try String(contentsOfFile: try path("librivox/transcription"), encoding: .utf8).split(separator: "\n")
        let line = try #require(lines.first { $0.hasSuffix("-\(number))") }, "no transcript of \(number)")
        return line.split(separator: " ").filter { $0 != "<s>" && $0 != "</s>" && !$0.hasPrefix("(") }.joined(separator: " ")
    }

    /// Two recordings with a second of silence between them, and what is said in them.
    static func twoSentences() throws -> (samples: [Int16], transcript: String) {
        let samples = try librivox("0870") + [Int16](repeating: 0, count: 16_000) + librivox("0880")
        return (samples, try librivoxTranscript("0870") + " " + librivoxTranscript("0880"))
    }
}
