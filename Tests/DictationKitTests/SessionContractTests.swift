import DictationKit
import DictationTestSupport
import DictationTesting
import Foundation
import Testing

/// The event contract of DESIGN.md, on a scripted recognizer so that every ordering is known.
@Suite(.timeLimit(.minutes(25))) struct SessionContractTests {
    static let script = [
        ScriptedRecognizer.Utterance("go forward ten meters", from: 0.5, to: 2.0),
        ScriptedRecognizer.Utterance("turn left", from: 3.0, to: 3.8),
        ScriptedRecognizer.Utterance("stop here please", from: 5.0, to: 6.5),
    ]

    static func silence(seconds: Double) -> [Float] { [Float](repeating: 0, count: Int(seconds * 16_000)) }

    static func session(_ source: InMemoryAudioSource, recognizer: ScriptedRecognizer? = nil) -> DictationSession {
        DictationSession(
            source: source, preprocessing: PassthroughPreprocessing(),
            recognizer: recognizer ?? ScriptedRecognizer(utterances: script))
    }

    @Test func partialsThenExactlyOneFinalPerUtterance() async throws {
        let session = Self.session(InMemoryAudioSource(samples: Self.silence(seconds: 7)))
        let events = try await session.collectEvents(DictationOptions(endpointing: .scripted))

        var finals: [Transcript] = []
        var openIndex: Int?
        for event in events {
            switch event {
            case .partial(let transcript):
                // A partial belongs to the utterance after the last final, and holds its whole hypothesis.
                #expect(transcript.utteranceIndex == finals.count)
                openIndex = transcript.utteranceIndex
                let full = Self.script[transcript.utteranceIndex].words.joined(separator: " ")
                #expect(full.hasPrefix(transcript.text))
            case .final(let transcript):
                #expect(transcript.utteranceIndex == finals.count)
                if let openIndex { #expect(openIndex == transcript.utteranceIndex) }
                openIndex = nil
                finals.append(transcript)
            default:
                Issue.record("unexpected event \(event)")
            }
        }
        #expect(finals.map(\.text) == Self.script.map { $0.words.joined(separator: " ") })
        #expect(finals.map(\.utteranceIndex) == [0, 1, 2])
        let partialCount = events.filter { if case .partial = $0 { true } else { false } }.count
        #expect(partialCount >= 3, "every utterance of several words grows through partials")
    }

    @Test func speechActivityAndProgressOnlyWhenAskedFor() async throws {
        let session = Self.session(InMemoryAudioSource(samples: Self.silence(seconds: 7)))
        let options = DictationOptions(reports: [.speechActivity, .progress], endpointing: .scripted)
        let events = try await session.collectEvents(options)
        #expect(!events.contains { if case .partial = $0 { true } else { false } })
        let starts = events.compactMap { if case .speechStarted(let at) = $0 { at } else { nil } }
        let ends = events.compactMap { if case .speechEnded(let at) = $0 { at } else { nil } }
        #expect(starts == [0.5, 3.0, 5.0])
        #expect(ends == [2.0, 3.8, 6.5])
        guard case .progress(let processed, let total) = events.last else {
            Issue.record("the last event should be the closing progress report")
            return
        }
        #expect(abs(processed - 7) < 1e-9)
        #expect(total.map { abs($0 - 7) < 1e-9 } == true)
    }

    @Test func stopBeforeAnyResultEndsTheStreamWithNothing() async throws {
        let source = InMemoryAudioSource(samples: [], ending: .staysOpen)
        let session = Self.session(source)
        let stream = try await session.start(DictationOptions(endpointing: .scripted))
        await session.stop()
        let events = await stream.collected()
        // Nothing was heard: the one event says so, and is not fatal.
        #expect(events == [.error(.noSpeechDetected())])
        #expect(source.openCount == source.closeCount)
    }

    @Test func stopDeliversTheFinalOfTheOpenUtterance() async throws {
        // 1.4 s of audio: the first utterance is half heard when the live source runs dry.
        let source = InMemoryAudioSource(samples: Self.silence(seconds: 1.4), ending: .staysOpen)
        let session = Self.session(source)
        let stream = try await session.start(DictationOptions(endpointing: .scripted))
        var events: [DictationEvent] = []
        for await event in stream {
            events.append(event)
            if case .partial(let transcript) = event, transcript.text == "go forward" {
                await session.stop()
            }
        }
        guard case .final(let transcript) = events.last else {
            Issue.record("stop() must deliver the final of the open utterance, got \(events)")
            return
        }
        #expect(transcript.text == "go forward")
        #expect(source.closeCount == 1, "the source is released by the time stop() returns")
    }

    @Test func stopTwiceAndBeforeStartAreSafe() async throws {
        let source = InMemoryAudioSource(samples: Self.silence(seconds: 1), ending: .staysOpen)
        let session = Self.session(source)
        await session.stop()
        let stream = try await session.start(DictationOptions(endpointing: .scripted))
        await session.stop()
        await session.stop()
        _ = await stream.collected()
        #expect(source.openCount == 1 && source.closeCount == 1)
    }

    @Test func nothingFollowsTheStreamsEnd() async throws {
        let source = InMemoryAudioSource(samples: Self.silence(seconds: 2.5), ending: .staysOpen)
        let session = Self.session(source)
        let stream = try await session.start(DictationOptions(endpointing: .scripted))
        var iterator = stream.makeAsyncIterator()
        var count = 0
        // The first final arrives while the source still stays open; stop after it.
        while let event = await iterator.next() {
            count += 1
            if case .final = event { break }
        }
        await session.stop()
        while await iterator.next() != nil { count += 1 }
        #expect(count >= 2, "partials and the first final were delivered")
        #expect(await iterator.next() == nil)
        #expect(source.closeCount == 1)
    }

    @Test func cancellingTheConsumerReleasesTheSource() async throws {
        let source = InMemoryAudioSource(samples: Self.silence(seconds: 1), ending: .staysOpen)
        let session = Self.session(source)
        let stream = try await session.start(DictationOptions(endpointing: .scripted))
        let consumer = Task {
            var seen = 0
            for await _ in stream { seen += 1 }
            return seen
        }
        // Wait until the session has opened the source, then walk away from the stream.
        try await waitUntil("the session has opened the source") { source.openCount > 0 }
        consumer.cancel()
        _ = try await withDeadline(.seconds(1200), "the consumer") { await consumer.value }
        await session.stop()
        #expect(source.closeCount == 1)
        // The session can run again once the cancelled run is over.
        let again = try await session.start(DictationOptions(endpointing: .scripted))
        await session.stop()
        _ = await again.collected()
        #expect(source.openCount == 2 && source.closeCount == 2)
    }

    @Test func startingTwiceIsRefusedWithACode() async throws {
        let session = Self.session(InMemoryAudioSource(samples: [], ending: .staysOpen))
        let stream = try await session.start(DictationOptions(endpointing: .scripted))
        await #expect(throws: DictationError.self) { _ = try await session.start(DictationOptions(endpointing: .scripted)) }
        await session.stop()
        _ = await stream.collected()
    }

    @Test func aFailingSourceLosesNothingReadBeforeTheFault() async throws {
        let vanished = DictationError(code: .deviceDisconnected, message: "gone")
        let source = InMemoryAudioSource(samples: Self.silence(seconds: 1.2), ending: .fails(vanished))
        let events = try await Self.session(source).collectEvents(DictationOptions(endpointing: .scripted))
        let kinds = events.map(\.type)
        #expect(kinds.suffix(2) == ["final", "error"], "the final of what was heard comes before the error")
        if case .final(let transcript) = events.dropLast().last { #expect(transcript.text == "go") }
        #expect(events.last == .error(vanished))
        #expect(source.closeCount == 1)
    }

    @Test func aModelThatWillNotLoadIsAFatalErrorEvent() async throws {
        let recognizer = ScriptedRecognizer(utterances: Self.script, loadError: .modelNotFound("test"))
        let source = InMemoryAudioSource(samples: Self.silence(seconds: 1))
        let events = try await Self.session(source, recognizer: recognizer).collectEvents(
            DictationOptions(endpointing: .scripted))
        #expect(events.count == 1)
        guard case .error(let error) = events.first else { return }
        #expect(error.code == .modelNotFound)
        #expect(error.isFatal)
        #expect(source.closeCount == 1)
    }

    @Test func aDecoderFailureEndsTheStreamWithItsCode() async throws {
        let recognizer = ScriptedRecognizer(
            utterances: Self.script, decodeError: (at: 2.5, error: .recognitionFailed("scripted")))
        let source = InMemoryAudioSource(samples: Self.silence(seconds: 7))
        let events = try await Self.session(source, recognizer: recognizer).collectEvents(
            DictationOptions(endpointing: .scripted))
        let finals = events.filter { $0.type == "final" }
        #expect(finals.count == 1, "the utterance before the failure was delivered")
        guard case .error(let error) = events.last else {
            Issue.record("a decoder failure must end the stream with an error event")
            return
        }
        #expect(error.code == .recognitionFailed)
    }
}
