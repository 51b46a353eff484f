import DictationKit
import DictationPocketSphinx
import DictationPreprocessing
import DictationTestSupport
import DictationTesting
import Foundation
import Testing

@testable import DictationHistory

/// A history on a slow disk holds up finals only: while a final's save is under way, the partials,
/// levels and speech activity of the next utterance reach the consumer, and still no final reaches
/// it before it is in the database.
///
/// Each save takes 300 ms and more (``SlowDiskStore``); the audio comes in parts
/// (``PartedAudioSource``), the next part once a save begins, so the next utterance is spoken, as
/// it were, while the save is under way. What happened while what is read from positions on one
/// timeline, never from clock times.
@Suite(.timeLimit(.minutes(25))) struct SlowDiskHistoryTests {
    /// Finals from the audio thread: the scripted recognizer segments the stream itself.
    @Test func audioThreadFinals() async throws {
        let silence = SessionHistoryTests.silence(seconds: 7)
        let cut = { (from: Double, to: Double) in Array(silence[Int(from * 16_000)..<Int(to * 16_000)]) }
        // Each part ends after an utterance of the script (0.5-2.0, 3.0-3.8, 5.0-6.5 s).
        let source = PartedAudioSource(parts: [cut(0, 2.5), cut(2.5, 4.5), cut(4.5, 7)])
        let finals = try await Self.runSession(
            source: source, preprocessing: PassthroughPreprocessing(),
            recognizer: ScriptedRecognizer(utterances: SessionHistoryTests.script),
            endpointing: EndpointingOptions(segmentation: .recognizer))
        #expect(finals == SessionHistoryTests.script.map { $0.words.joined(separator: " ") })
    }

    /// Finals from the final pass's thread, partials from the audio thread: PocketSphinx on real
    /// speech, cut by the session's endpointer.
    @Test func finalPassFinalsOnRealSpeech() async throws {
        let pause = [Float](repeating: 0, count: Int(1.2 * 16_000))
        var parts: [[Float]] = []
        for name in ["goforward", "numbers", "something"] {
            let speech = try PocketSphinxTestData.raw("\(name).raw").map { Float($0) / 32767 }
            parts.append(speech + pause)
        }
        parts[0] = [Float](repeating: 0, count: 16_000 / 4) + parts[0]
        _ = try #require(PocketSphinxRecognizer(environment: [:]).supportedLocales().first, "no PocketSphinx model")
        let finals = try await Self.runSession(
            source: PartedAudioSource(parts: parts), preprocessing: StandardPreprocessing(),
            recognizer: PocketSphinxRecognizer(environment: [:]), endpointing: EndpointingOptions())
        #expect(finals.count >= 3, "\(finals)")
        #expect(finals.first?.contains("forward") == true, "\(finals)")
    }

    /// Runs a session whose store is slow, lets the next part of the audio come as each save
    /// begins, and checks the timeline.
    /// - Returns: The finals' texts, as delivered.
    static func runSession(
        source: PartedAudioSource, preprocessing: any AudioPreprocessing, recognizer: any SpeechRecognizer,
        endpointing: EndpointingOptions
    ) async throws -> [String] {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("history.sqlite")
        let timeline = SaveTimeline()
        let store = SlowDiskStore(try SQLiteTranscriptStore(path: path), timeline: timeline) { utterance in
            source.release(upTo: utterance + 1)
        }
        let session = DictationSession(
            source: source, preprocessing: preprocessing, recognizer: recognizer, transcriptStore: store)
        let options = DictationOptions(reports: [.partials, .speechActivity, .level], endpointing: endpointing)
        var finals: [Transcript] = []
        for await event in try await session.start(options) {
            timeline.note(.received(event))
            switch event {
            case .final(let transcript):
                try HistoryFixtures.expectKept(transcript, in: path, sessions: store.sessionIDs)
                finals.append(transcript)
            case .error(let error):
                Issue.record("unexpected error \(error)")
            default:
                break
            }
        }

        // While the first final was being saved, the next utterance reached the consumer: its
        // speech start, levels and partials, none of them held up by the disk.
        #expect(!store.partialsHeldBack, "the next utterance did not show while final 0 was saved")
        let duringSave = timeline.receivedDuringSave(of: 0)
        #expect(duringSave.contains { if case .partial(let t) = $0 { t.utteranceIndex > 0 } else { false } })
        #expect(duringSave.contains { if case .level = $0 { true } else { false } })
        #expect(duringSave.contains { if case .speechStarted = $0 { true } else { false } })
        #expect(!duringSave.contains { if case .final = $0 { true } else { false } }, "final 0 waits for its save")

        // Every final was saved before the consumer had it, and finals came in utterance order.
        #expect(finals.map(\.utteranceIndex) == Array(finals.indices))
        for final in finals {
            let saved = try #require(
                timeline.position(of: .saveEnded(final.utteranceIndex)), "final \(final.utteranceIndex) never saved")
            let seen = try #require(timeline.position(of: .received(.final(final))))
            #expect(saved < seen, "final \(final.utteranceIndex) reached the consumer before its save ended")
        }
        let begun = timeline.all.compactMap { entry in if case .saveBegun(let index) = entry { index } else { nil } }
        #expect(begun == Array(finals.indices), "saves in utterance order")
        // The contract holds: each utterance's partials before its final.
        let received = timeline.received
        for final in finals {
            let finalAt = try #require(received.firstIndex(of: .final(final)))
            let lateParts = received[finalAt...].filter {
                if case .partial(let t) = $0 { t.utteranceIndex == final.utteranceIndex } else { false }
            }
            #expect(lateParts.isEmpty, "a partial of utterance \(final.utteranceIndex) after its final")
        }
        let kept = try #require(try SQLiteTranscriptStore(path: path).sessions().first)
        #expect(kept.endedAt != nil)
        #expect(try SQLiteTranscriptStore(path: path).utterances(inSession: kept.id).map(\.transcript) == finals)
        return finals.map(\.text)
    }
}
