import DictationCapture
import DictationKit
import DictationPocketSphinx
import DictationPreprocessing
import DictationTesting
import Foundation
import Synchronization
import Testing

/// Blocks on real speech through PocketSphinx: a LibriVox sentence committed in the middle and
/// ended with the audio keeps every final in a block, and the words on both sides of the cut.
@Suite(.timeLimit(.minutes(25))) struct BlocksOnRealSpeechTests {
    @Test func aCommitMidSentenceKeepsEveryWordInTheBlocks() async throws {
        let path = try Fixtures.requireTestData("librivox/sense_and_sensibility_01_austen_64kb-0880.wav")
        let data = try #require(FileManager.default.contents(atPath: path))
        let speech: [Int16] = data.dropFirst(44).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        // The app pushes the audio, so the commit lands exactly between the two halves however
        // the machine schedules the test: it is asked for once the session has read the whole
        // first half (a slow session that had read less took it mid-phrase), and is taken before
        // the next buffer, which comes after it.
        let source = PushAudioSource(format: AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .int16))
        let session = DictationSession(
            source: source, preprocessing: StandardPreprocessing(), recognizer: try Fixtures.recognizer())
        let stream = try await session.start(DictationOptions(reports: [.partials, .stateChanges]))
        let seen = PartialSeen()
        let consumer = Task {
            var events: [DictationEvent] = []
            for await event in stream {
                if event.type == "partial" { seen.mark() }
                events.append(event)
            }
            return events
        }
        // The first half of the 3 s sentence ("he was not ..."), then a commit while it is being spoken.
        let half = 24_000
        let empty = source.freeFrameCount
        _ = source.append(Array(speech[..<half]))
        while !seen.value || source.freeFrameCount < empty { try await Task.sleep(for: .milliseconds(10)) }
        async let committed = session.commit()
        try await Task.sleep(for: .milliseconds(50))
        _ = source.append(Array(speech[half...]) + [Int16](repeating: 0, count: 16_000))
        let first = await committed
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

/// Whether a partial was seen, shared between the consumer task and the test.
final class PartialSeen: Sendable {
    private let seen = Mutex(false)
    func mark() { seen.withLock { $0 = true } }
    var value: Bool { seen.withLock { $0 } }
}
