import DictationCapture
import DictationKit
import DictationPreprocessing
import DictationTesting
import DictationWhisper
import Foundation
import Testing

/// The Whisper models and recordings the tests use.
enum WhisperFixtures {
    static let testData = "/usr/share/pocketsphinx/test/data"
    static let librivox = ["0870", "0880", "0890", "0920", "0930"].map { "sense_and_sensibility_01_austen_64kb-\($0)" }

    /// The installed English-only tiny model (`dictate models install whisper-tiny.en`).
    static func tinyEnglish() throws -> String {
        let model = WhisperModelLocator().installedModels().first { $0.name == "tiny.en" }
        return try #require(model?.path, "no Whisper tiny.en model: run `dictate models install whisper-tiny.en`")
    }

    /// The installed multilingual base model (`dictate models install whisper-base`).
    static func base() throws -> String {
        let model = WhisperModelLocator().installedModels().first { $0.name == "base" }
        return try #require(model?.path, "no Whisper base model: run `dictate models install whisper-base`")
    }

    static func requireTestData(_ name: String) throws -> String {
        let path = testData + "/" + name
        return try #require(
            FileManager.default.fileExists(atPath: path) ? path : nil,
            "\(path) is missing: apt-get install pocketsphinx-testdata")
    }

    /// A 16 kHz mono 16-bit WAV file of the test data as samples in -1...1.
    static func samples(of name: String) throws -> [Float] {
        let data = try Data(contentsOf: URL(fileURLWithPath: try requireTestData(name)))
        let bytes = [UInt8](data)
        // The chunks after "WAVE": the samples are the "data" chunk's.
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            if bytes[offset..<offset + 4].elementsEqual("data".utf8) {
                let end = min(bytes.count, offset + 8 + size)
                return stride(from: offset + 8, to: end - 1, by: 2).map {
                    Float(Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)) / 32_768
                }
            }
            offset += 8 + size + (size & 1)
        }
        Issue.record("\(name) has no data chunk")
        return []
    }

    /// The reference texts by recording id, from `librivox/transcription` (`<s> words </s> (id)`).
    static func librivoxReferences() throws -> [String: String] {
        var references: [String: String] = [:]
        for line in try String(contentsOfFile: try requireTestData("librivox/transcription"), encoding: .utf8).split(separator: "\n") {
            guard let open = line.lastIndex(of: "("), let close = line.lastIndex(of: ")"), open < close else { continue }
            let words = line[..<open].split(separator: " ").filter { $0 != "<s>" && $0 != "</s>" }
            references[String(line[line.index(after: open)..<close])] = words.joined(separator: " ")
        }
        return references
    }

    /// The finals of a whole session over `source` with a Whisper recognizer.
    static func transcribe(_ source: any AudioSource, recognizer: WhisperRecognizer, locale: String = "en-US") async throws
        -> (finals: [Transcript], errors: [DictationError])
    {
        let session = DictationSession(source: source, preprocessing: StandardPreprocessing(), recognizer: recognizer)
        return try await withDeadline(.seconds(600), "a Whisper session over \(source)") {
            var finals: [Transcript] = []
            var errors: [DictationError] = []
            for await event in try await session.start(DictationOptions(locale: locale)) {
                switch event {
                case .final(let transcript): finals.append(transcript)
                case .error(let error): errors.append(error)
                default: break
                }
            }
            return (finals, errors)
        }
    }
}
