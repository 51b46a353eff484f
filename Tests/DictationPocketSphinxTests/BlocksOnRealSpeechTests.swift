import DictationCapture
import DictationKit
import DictationPocketSphinx
import DictationPreprocessing
import DictationTestSupport
import DictationTesting
import Foundation
import Synchronization
import Testing

/// Blocks on real speech through PocketSphinx: a LibriVox sentence committed in the middle and
/// ended with the audio keeps every final in a block, and the words on both sides of the cut.
@Suite(.timeLimit(.minutes(25))) struct BlocksOnRealSpeechTests {
    @Test func aCommitMidSentenceKeepsEveryWordInTheBlocks() async throws {
        let speech = try PocketSphinxTestData.librivox("0880")
        // The app pushes the audio, so the commit lands exactly between the two halves however
        // the machine schedules the test: it is asked for once the session has read the whole
        // first half (a slow session that had read less took it mid-phrase). The session takes a
        // request between two reads, so the second half follows a sample at a time, each once the
        // last was read, until the commit was taken; then the rest.
        let source = PushAudioSource(format: AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .int16))
        let session = DictationSession(
            source: source, preprocessing: StandardPreprocessing(), recognizer: try Fixtures.recognizer())
        let stream = try await session.start(DictationOptions(reports: [.partials, .stateChanges]))
        let seen = SeenEvents()
        let consumer = Task {
            var events: [DictationEvent] = []
            for await event in stream {
                seen.note(event)
                events.append(event)
            }
            return events
        }
        // The first half of the 3 s sentence ("he was not ..."), then a commit while it is being spoken.
        var cut = 24_000
        let empty = source.freeFrameCount
        _ = source.append(Array(speech[..<cut]))
        try await waitUntil("the session has read the first half and shown a partial") {
            seen.partial && source.freeFrameCount >= empty
        }
        let commit = Task { await session.commit() }
        try await waitUntil("the session has taken the commit") {
            if seen.processing { return true }
            if source.freeFrameCount >= empty {
                _ = source.append([speech[cut]])
                cut += 1
            }
            return false
        }
        _ = source.append(Array(speech[cut...]) + [Int16](repeating: 0, count: 16_000))
        let first = await commit.value
        source.finish()
        let events = try await withDeadline(.seconds(1200), "the session's events") { await consumer.value }
        let finals = events.compactMap { if case .final(let transcript) = $0 { transcript } else { nil } }
        let blocks = session.committedBlocks
        #expect(first?.utterances.isEmpty == false, "the commit finalized what was heard so far")
        #expect(blocks.count == 2, "the commit's block and the one stop committed at the end of the audio")
        #expect(blocks.flatMap(\.utterances) == finals, "every final is in a committed block")
        let states = events.compactMap { if case .stateChanged(let state) = $0 { state } else { nil } }
        #expect(states == [.listening, .processing, .listening, .processing, .idle])
        #expect(session.state == .idle)
        // The words on both sides of the cut are kept; the ones at the cut lose their context (the
        // second half starts a new utterance mid-phrase: "an ill disposed" came out as "until this
        // blows" or "the oldest those"), so up to half the sentence may differ, not more.
        let text = session.committedText
        let wer = WordErrorRate(reference: "he was not an ill disposed young man", hypothesis: text)
        print("blocks on real speech: \(blocks.map(\.text)) → \(wer)")
        #expect(text.hasPrefix("he was"), "\(blocks.map(\.text))")
        #expect(text.hasSuffix("young man"), "\(blocks.map(\.text))")
        #expect(wer.errors <= 4, "\(blocks.map(\.text))")
    }
}

/// What the consumer task has seen, for the test to wait on: a partial, and the run processing
/// (taking a commit).
final class SeenEvents: Sendable {
    private let seen = Mutex((partial: false, processing: false))

    func note(_ event: DictationEvent) {
        seen.withLock {
            if event.type == "partial" { $0.partial = true }
            if event == .stateChanged(.processing) { $0.processing = true }
        }
    }

    var partial: Bool { seen.withLock { $0.partial } }
    var processing: Bool { seen.withLock { $0.processing } }
}
