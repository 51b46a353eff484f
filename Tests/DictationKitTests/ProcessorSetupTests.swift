import DictationTesting
import Synchronization
import Testing

@testable import DictationKit

/// How a session builds its audio processor: which of the chain's methods it calls, and what it
/// refuses to run with.
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

    @available(*, deprecated, message: "sets the deprecated DictationOptions.preprocessing on purpose")
    @Test func aChainIsBuiltWithItsOwnSettingsUnlessTheAppSetTheDeprecatedOnes() async throws {
        let chain = NotingPreprocessing()
        _ = try await Self.run(chain, DictationOptions(endpointing: .scripted))
        #expect(chain.calls.notes == ["own settings"])

        var options = DictationOptions(endpointing: .scripted)
        options.preprocessing.noiseSuppression = .on
        let events = try await Self.run(chain, options)
        #expect(chain.calls.notes == ["own settings", "noise suppression on"])
        #expect(events.finalTexts.count == 3)
    }

    @available(*, deprecated, message: "uses a chain with only the deprecated requirement on purpose")
    @Test func aChainWithOnlyTheDeprecatedMethodIsGivenTheDefaultOptions() async throws {
        let chain = OptionsOnlyPreprocessing()
        let events = try await Self.run(chain, DictationOptions(endpointing: .scripted))
        #expect(chain.calls.notes == ["default options"])
        #expect(events.finalTexts == ["go forward ten meters", "turn left", "stop here please"])
    }
}

/// What a test chain was asked for, in order.
final class CallNotes: Sendable {
    private let log = Mutex<[String]>([])

    var notes: [String] { log.withLock { $0 } }

    func note(_ call: String) { log.withLock { $0.append(call) } }
}

/// A chain that notes which of its two methods a session calls, and passes the audio through.
private struct NotingPreprocessing: AudioPreprocessing {
    let calls = CallNotes()

    func makeProcessor(input: AudioFormat, outputSampleRate: Int) throws(DictationError) -> any AudioProcessor {
        calls.note("own settings")
        return try PassthroughPreprocessing().makeProcessor(input: input, outputSampleRate: outputSampleRate)
    }

    @available(*, deprecated, message: "the deprecated requirement, implemented to see when a session calls it")
    func makeProcessor(input: AudioFormat, outputSampleRate: Int, options: AudioPreprocessingOptions)
        throws(DictationError) -> any AudioProcessor
    {
        calls.note(
            options == AudioPreprocessingOptions() ? "default options" : "noise suppression \(options.noiseSuppression)")
        return try PassthroughPreprocessing().makeProcessor(input: input, outputSampleRate: outputSampleRate)
    }
}

/// A chain written before the chains had settings of their own: it implements only the deprecated
/// requirement.
@available(*, deprecated, message: "implements only the deprecated requirement on purpose")
private struct OptionsOnlyPreprocessing: AudioPreprocessing {
    let calls = CallNotes()

    @available(*, deprecated, message: "the deprecated requirement, as a chain written before it was deprecated has it")
    func makeProcessor(input: AudioFormat, outputSampleRate: Int, options: AudioPreprocessingOptions)
        throws(DictationError) -> any AudioProcessor
    {
        calls.note(options == AudioPreprocessingOptions() ? "default options" : "other options")
        return try PassthroughPreprocessing().makeProcessor(input: input, outputSampleRate: outputSampleRate)
    }
}
