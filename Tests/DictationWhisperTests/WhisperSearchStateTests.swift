import DictationKit
import DictationPreprocessing
import DictationTestSupport
import DictationTesting
import Foundation
import Testing

@testable import DictationWhisper

/// Each of Whisper's searches runs in working memory of its own (a whisper.cpp state made for it
/// and freed after), so a decoder's text depends on its audio alone, not on what was decoded
/// before. whisper.cpp's beam search draws its candidates with a random generator that a state
/// seeds once, when it is made: in a state that had decoded other audio, LibriVox 0880 came out
/// "old-sposed" where it was "ill-disposed" alone, and a server's transcripts varied with what
/// its other clients had said.
@Suite("Whisper's state for each search", .timeLimit(.minutes(10)))
struct WhisperSearchStateTests {
    /// A recording as a server's session gives it to Whisper: through the standard
    /// preprocessing, whose gain makes "ill-disposed" a close call for tiny.en.
    private static func preprocessed(_ id: String) throws -> [Float] {
        let processor = try StandardPreprocessing(voiceActivityDetector: try SileroVoiceActivityDetector())
            .makeProcessor(input: AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .float32), outputSampleRate: 16_000)
        let samples = PCM16.floats(try PocketSphinxTestData.librivox(id))
        let frame = try processor.process(AudioFrame(samples: samples, sampleRate: 16_000, channelCount: 1, startTime: 0))
        return frame.samples + (try processor.flush().samples)
    }

    private static func decode(_ decoder: any UtteranceDecoder, _ samples: [Float]) throws -> String {
        try decoder.beginUtterance(at: 0)
        _ = try decoder.process(samples, reportPartials: false)
        return try decoder.endUtterance().compactMap { if case .final(let final) = $0 { final.text } else { nil } }
            .joined(separator: " ")
    }

    @Test("a live decoder gives a recording the same words whatever it decoded before")
    func textDependsOnTheAudioAlone() async throws {
        let recognizer = WhisperRecognizer(modelPath: try WhisperFixtures.tinyEnglish(), threads: 2)
        let live = DecoderConfiguration(locale: "en-US", segmentation: .endpointer, reportsPartials: false, isLive: true)
        guard let decoder = try recognizer.makeDecoder(live) as? any UtteranceDecoder else {
            Issue.record("Whisper's decoder is no utterance decoder")
            return
        }
        let box = UncheckedDecoder(decoder: decoder)
        let (first, second) = (try Self.preprocessed("0880"), try Self.preprocessed("0870"))
        // The order in which a reused state misheard 0880 on its sixth decoding.
        let order = [first, first, second, first, second, first, first]
        let texts = try await withDeadline(.seconds(300), "seven decodings") {
            try await offThePool { try order.map { try Self.decode(box.decoder, $0) } }
        }
        let firstTexts = Set(zip(order, texts).filter { $0.0 == first }.map(\.1))
        let secondTexts = Set(zip(order, texts).filter { $0.0 == second }.map(\.1))
        #expect(firstTexts.count == 1, "0880 came out as \(firstTexts)")
        #expect(secondTexts.count == 1, "0870 came out as \(secondTexts)")
        #expect(firstTexts.first?.lowercased().contains("young man") == true, "\(texts)")
    }
}

/// A decoder moved to the thread that uses it, one thread at a time.
private struct UncheckedDecoder: @unchecked Sendable {
    let decoder: any UtteranceDecoder
}
