import DictationKit
import DictationTesting
import Foundation
import Testing

/// Sessions that end by themselves (timeouts), and what a session reports beside transcripts.
@Suite(.timeLimit(.minutes(25))) struct SessionEndingTests {
    static let script = SessionContractTests.script

    static func run(
        _ options: DictationOptions, seconds: Double = 10, script: [ScriptedRecognizer.Utterance] = Self.script
    ) async throws -> [DictationEvent] {
        // A live-like source: it never ends by itself, so only a timeout can end these sessions.
        let source = InMemoryAudioSource(samples: SessionContractTests.silence(seconds: seconds), ending: .staysOpen)
        let session = SessionContractTests.session(source, recognizer: ScriptedRecognizer(utterances: script))
        let events = try await session.collectEvents(options)
        #expect(source.closeCount == 1)
        return events
    }

    @Test func maxDurationEndsTheSessionWithTheFinalOfWhatWasHeard() async throws {
        let events = try await Self.run(DictationOptions(maxDuration: 1.5, endpointing: .scripted))
        // 1.5 s in, the first utterance (0.5-2.0 s) is two-thirds heard.
        #expect(events.finalTexts == ["go forward"])
    }

    @Test func silenceAfterSpeechEndsTheSession() async throws {
        let events = try await Self.run(DictationOptions(silenceTimeout: 0.8, endpointing: .scripted))
        // The first pause (2.0-3.0 s) is longer than 0.8 s.
        #expect(events.finalTexts == ["go forward ten meters"])
        let patient = try await Self.run(DictationOptions(silenceTimeout: 1.3, endpointing: .scripted))
        // Pauses of 1.0 and 1.2 s are shorter: all three utterances, then 1.3 s after the last.
        #expect(patient.finalTexts == ["go forward ten meters", "turn left", "stop here please"])
    }

    @Test func noSpeechTimeoutEndsWithNoSpeechDetected() async throws {
        let late = [ScriptedRecognizer.Utterance("too late", from: 5, to: 6)]
        let events = try await Self.run(DictationOptions(noSpeechTimeout: 2, endpointing: .scripted), script: late)
        #expect(events == [.error(.noSpeechDetected())])
        // Speech within the timeout keeps the session going until the audio ends it.
        let early = try await Self.run(DictationOptions(maxDuration: 7, noSpeechTimeout: 2, endpointing: .scripted))
        #expect(early.finalTexts.count == 3)
        #expect(!early.contains(.error(.noSpeechDetected())))
    }

    @Test func levelEventsFollowTheInput() async throws {
        var samples = [Float](repeating: 0, count: 16_000)
        samples += (0..<16_000).map { Float(sin(Double($0) * 0.1)) * 0.5 }
        let session = SessionContractTests.session(InMemoryAudioSource(samples: samples))
        let events = try await session.collectEvents(DictationOptions(reports: [.partials, .level], endpointing: .scripted))
        let levels = events.compactMap { if case .level(let dbfs) = $0 { dbfs } else { nil } }
        #expect(levels.count == 20, "one level per 100 ms read")
        #expect(levels.prefix(10).allSatisfy { $0 == -100 }, "digital silence")
        // A sine of amplitude 0.5 has an RMS of 0.354: -9.0 dBFS.
        #expect(levels.suffix(10).allSatisfy { abs($0 - -9.03) < 0.1 }, "\(levels)")
    }

    @Test func readerWarningsBecomeNonFatalErrorEvents() async throws {
        let session = DictationSession(
            source: OverrunningSource(), preprocessing: PassthroughPreprocessing(),
            recognizer: ScriptedRecognizer(utterances: Self.script))
        let events = try await session.collectEvents(DictationOptions(endpointing: .scripted))
        let overruns = events.filter { if case .error(let error) = $0 { error.code == .captureOverrun } else { false } }
        #expect(overruns.count == 1)
        if case .error(let error) = overruns.first { #expect(!error.isFatal) }
        #expect(events.finalTexts == ["go forward ten meters", "turn left", "stop here please"], "capture went on")
    }

    @Test func permissionAsksTheSourceFirst() async {
        let denied = DictationSession(
            source: OverrunningSource(access: .noDevice), preprocessing: PassthroughPreprocessing(),
            recognizer: ScriptedRecognizer(utterances: []))
        #expect(await denied.requestPermission() == .noDevice)
        #expect(await denied.isAvailable() == false)
        let granted = SessionContractTests.session(InMemoryAudioSource(samples: []))
        #expect(await granted.requestPermission() == .granted)
    }
}
