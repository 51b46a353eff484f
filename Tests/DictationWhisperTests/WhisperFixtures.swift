import DictationCapture
import DictationKit
import DictationPreprocessing
import DictationTesting
import DictationWhisper
import Foundation
import Testing

/// The Whisper models the tests use, and a session over them.
enum WhisperFixtures {
    /// whisper.cpp's threads for the tests' decodings: one. The suites run side by side, as a
    /// batch's files do, and keep the cores busy between them; a decoding of several threads
    /// would spin at whisper.cpp's barriers whenever another suite's thread holds a core (the
    /// Whisper suites took 3 times the CPU). Several threads are tested where they are the point
    /// (`WhisperSideBySideTests`, `WhisperThreadShareTests`).
    static let threads = 1

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

    /// The finals of a whole session over `source` with a Whisper recognizer.
    ///
    /// The hang guard is 12 minutes: a session's decodings wait their turn for the cores behind
    /// every decoding the Whisper suites queued before them (`WhisperThreadShare`). In a pass of
    /// their own (`scripts/test.sh`), all of them took under 8 minutes on a loaded machine; beside
    /// every other suite, one session waited past 10.
    static func transcribe(_ source: any AudioSource, recognizer: WhisperRecognizer, locale: String = "en-US") async throws
        -> (finals: [Transcript], errors: [DictationError])
    {
        let session = DictationSession(source: source, preprocessing: StandardPreprocessing(), recognizer: recognizer)
        return try await withDeadline(.seconds(720), "a Whisper session over \(source)") {
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
