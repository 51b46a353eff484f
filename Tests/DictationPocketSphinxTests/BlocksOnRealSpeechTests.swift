import DictationCapture
import DictationKit
import DictationPocketSphinx
import DictationPreprocessing
import DictationTesting
import Foundation
import Testing

/// Blocks on real speech through PocketSphinx: a LibriVox sentence played at real time, committed
/// in the middle and stopped at its end, loses no word to the cut.
@Suite struct BlocksOnRealSpeechTests {
    @Test func aCommitMidSentenceKeepsEveryWordInTheBlocks() async throws {
        let path = try Fixtures.requireTestData("librivox/sense_and_sensibility_01_austen_64kb-0880.wav")
        let session = DictationSession(
            source: WAVFileSource(path: path, pacing: .realTime), preprocessing: AudioConversionChain(),
            recognizer: try Fixtures.recognizer())
        let stream = try await session.start(DictationOptions(reportsStateChanges: true))
        let consumer = Task {
            var events: [DictationEvent] = []
            for await event in stream { events.append(event) }
            return events
        }
        // Commit 1.5 s into the 3 s sentence, while it is being spoken.
        try await Task.sleep(for: .milliseconds(1_500))
        let first = await session.commit()
        let events = await consumer.value
        let finals = events.compactMap { if case .final(let transcript) = $0 { transcript } else { nil } }
        let blocks = session.committedBlocks
        #expect(first?.utterances.isEmpty == false, "the commit finalized what was heard so far")
        #expect(blocks.count == 2, "the commit's block and the one stop committed at the end of the audio")
        #expect(blocks.flatMap(\.utterances) == finals, "every final is in a committed block")
        let states = events.compactMap { if case .stateChanged(let state) = $0 { state } else { nil } }
        #expect(states == [.listening, .processing, .listening, .processing, .idle])
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
