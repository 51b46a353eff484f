import DictationCapture
import DictationKit
import DictationPreprocessing
import DictationTesting
import Foundation
import Testing

/// `endAudio()`, the split Apple's `SFSpeechRecognitionTask.finish()` makes: the audio ends at
/// once and the source is released, and the last final still arrives on the stream; `cancel()`
/// loses it.
@Suite(.timeLimit(.minutes(25))) struct EndAudioTests {
    /// A live source that stays open: goforward up to the end of its last word, captured, then
    /// nothing more, as a microphone whose reads block. The utterance can't end by itself (the
    /// command has no pause in it, and no silence ever follows), so however slowly a busy machine
    /// decodes, it is open when the session is ended. The words are all captured at once, not at
    /// real time: what the final holds is then what was captured, whenever the first partial
    /// comes (paced, a quiet machine's first partial came after "go for", and so did the end).
    static func liveSource() throws -> (ReleaseTimedSource, PushAudioSource) {
        let push = PushAudioSource(format: AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .float32))
        let speech = try TwoPassTests.samples(of: "goforward.raw")
        // Its words end at 2.13 s.
        TwoPassTests.push(Array(speech.prefix(34_400)), into: push, finishing: false)
        return (ReleaseTimedSource(push), push)
    }

    enum Ending { case endAudio, cancel }

    /// Runs a session with partials, ends it with `ending` at its first partial, and keeps what
    /// came after and the words that partial had.
    static func run(
        endingWith ending: Ending
    ) async throws -> (afterwards: [DictationEvent], shown: String, released: Bool) {
        let (source, push) = try liveSource()
        defer { push.finish() }
        let session = DictationSession(
            source: source, preprocessing: StandardPreprocessing(), recognizer: try Fixtures.recognizer())
        var afterwards: [DictationEvent] = []
        var released = false
        var ended = false
        var shown = ""
        for await event in try await session.start(DictationOptions(reports: .partials)) {
            if ended {
                afterwards.append(event)
            } else if case .partial(let transcript) = event {
                shown = transcript.text
                switch ending {
                case .endAudio: await session.endAudio()
                case .cancel: await session.cancel()
                }
                released = source.releasedAt != nil
                ended = true
            }
        }
        return (afterwards, shown, released)
    }

    @Test func theSourceIsReleasedAndTheLastFinalStillArrives() async throws {
        let (afterwards, shown, released) = try await Self.run(endingWith: .endAudio)
        #expect(released, "the microphone was given back by the time endAudio() returned")
        let finals = afterwards.compactMap { if case .final(let transcript) = $0 { transcript } else { nil } }
        #expect(finals.count == 1, "\(afterwards)")
        // All that was captured is decoded, whatever the partial had shown by then.
        #expect(finals.first?.text == "go forward ten meters", "showed '\(shown)', final \(finals)")
        #expect(finals.first?.utteranceIndex == 0)
        #expect(!afterwards.contains { if case .error = $0 { true } else { false } }, "\(afterwards)")
    }

    @Test func cancelInsteadLosesTheOpenUtterance() async throws {
        let (afterwards, _, released) = try await Self.run(endingWith: .cancel)
        #expect(released)
        #expect(!afterwards.contains { if case .final = $0 { true } else { false } }, "\(afterwards)")
    }

    @Test func endAudioBeforeStartAndTwiceIsSafe() async throws {
        let (source, push) = try Self.liveSource()
        defer { push.finish() }
        let session = DictationSession(
            source: source, preprocessing: StandardPreprocessing(), recognizer: try Fixtures.recognizer())
        await session.endAudio()
        let stream = try await session.start(DictationOptions())
        await session.endAudio()
        await session.endAudio()
        #expect(source.releasedAt != nil)
        for await _ in stream {}
    }
}
