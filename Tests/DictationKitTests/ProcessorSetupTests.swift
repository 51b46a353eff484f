import DictationTesting
import Testing

@testable import DictationKit

/// How a session builds its audio processor: what it refuses to run with.
@Suite(.timeLimit(.minutes(25))) struct ProcessorSetupTests {
    static func run(_ preprocessing: any AudioPreprocessing, _ options: DictationOptions) async throws -> [DictationEvent] {
        let session = DictationSession(
            source: InMemoryAudioSource(samples: SessionContractTests.silence(seconds: 7)), preprocessing: preprocessing,
            recognizer: ScriptedRecognizer(utterances: SessionContractTests.script))
        return try await session.collectEvents(options)
    }

    @Test func theEndpointerWithoutVoiceActivityEndsTheRunWithAConfigurationError() async throws {
        // The endpointer is the default segmentation; the pass-through detects no voice activity.
        let events = try await Self.run(PassthroughPreprocessing(), DictationOptions())
        let expected = DictationError.endpointerWithoutVoiceActivity(preprocessing: "PassthroughPreprocessing")
        #expect(events == [.error(expected)])
        #expect(expected.code == .invalidConfiguration)
        #expect(expected.isFatal)
        #expect(expected.message.contains("`PassthroughPreprocessing`"))

        // The same session with the recognizer's segmentation transcribes the script.
        let scripted = try await Self.run(PassthroughPreprocessing(), DictationOptions(endpointing: .scripted))
        #expect(scripted.finalTexts == ["go forward ten meters", "turn left", "stop here please"])
    }

    @Test func theErrorIsInTheSessionsLanguage() async throws {
        let events = try await Self.run(PassthroughPreprocessing(), DictationOptions(locale: "nb-NO"))
        guard case .error(let error) = events.last else {
            Issue.record("the run should end with the error: \(events)")
            return
        }
        #expect(error.code == .invalidConfiguration)
        #expect(error.language == .norwegianBokmal)
        #expect(error.message.hasPrefix("Jeg finner ikke hvor talen begynner og slutter"))
    }
}
