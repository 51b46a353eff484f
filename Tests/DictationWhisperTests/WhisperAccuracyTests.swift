import DictationCapture
import DictationKit
import DictationTestSupport
import DictationTesting
import Foundation
import Testing

@testable import DictationWhisper

/// Whisper through a whole session on real speech: the LibriVox recordings of
/// pocketsphinx-testdata, with their transcripts.
@Suite("Whisper accuracy", .timeLimit(.minutes(15)))
struct WhisperAccuracyTests {
    /// tiny.en makes about one error in the 71 words: "Mr." for the transcript's "mister".
    /// PocketSphinx's best model makes 19 on the same files.
    ///
    /// The default window for English is the fitted one: half the encoder (or the utterance and a
    /// margin when longer). Less than that dropped the first "And" of 0870 and made
    /// "ill-disposed" "old-sposed" in 0880.
    @Test("LibriVox through a session with tiny.en: at most 3 errors in 71 words, written text, no more than the whole window")
    func librivoxTinyEnglish() async throws {
        let references = try PocketSphinxTestData.librivoxTranscripts()
        var errors: [WhisperEncoderWindow: WordErrorRate] = [:]
        var texts: [WhisperEncoderWindow: [String]] = [:]
        for window in [WhisperEncoderWindow.automatic, .full] {
            let recognizer = WhisperRecognizer(
                modelPath: try WhisperFixtures.tinyEnglish(), threads: WhisperFixtures.threads, encoderWindow: window)
            var total = WordErrorRate(errors: 0, referenceWords: 0)
            for id in PocketSphinxTestData.librivoxIDs {
                let path = try PocketSphinxTestData.librivoxPath(id)
                let (finals, failures) = try await WhisperFixtures.transcribe(AudioFileSource(path: path), recognizer: recognizer)
                #expect(failures.isEmpty, "\(window): \(failures)")
                let text = finals.map(\.text).joined(separator: " ")
                texts[window, default: []].append(text)
                total =
                    total
                    + WordErrorRate(reference: try #require(references[PocketSphinxTestData.librivoxName(id)]), hypothesis: text)
            }
            errors[window] = total
        }
        let full = try #require(errors[.full])
        let fitted = try #require(errors[.automatic])
        let written = texts[.automatic] ?? []
        print("LibriVox WER, Whisper tiny.en: fitted window \(fitted), full window \(full)\n" + written.joined(separator: "\n"))
        #expect(fitted.errors <= 3, "\(fitted): \(written)")
        #expect(fitted.errors <= full.errors, "fitted \(fitted), full \(full)")
        // Written text: Whisper writes capitals and sentence marks itself.
        #expect(written.count == PocketSphinxTestData.librivoxIDs.count)
        #expect(written.allSatisfy { $0.first?.isUppercase == true }, "\(written)")
        #expect(written.allSatisfy { $0.hasSuffix(".") }, "\(written)")
    }

    @Test("the fitted window, English's: half of it for short audio, the audio and 1.28 s for longer, the whole from 28.7 s")
    func fittedWindowSizes() {
        #expect(WhisperEncoderWindow.automatic.resolved(forLanguage: "en") == .fitted)
        #expect(WhisperEncoderWindow.automatic.resolved(forLanguage: "no") == .full)
        // 50 positions a second; tiny.en's window is 1500 positions (30 s).
        #expect(WhisperEncoderWindow.full.audioContext(sampleCount: 16_000, modelContext: 1500) == 0)
        #expect(WhisperEncoderWindow.fitted.audioContext(sampleCount: 16_000, modelContext: 1500) == 750)
        #expect(WhisperEncoderWindow.fitted.audioContext(sampleCount: 20 * 16_000, modelContext: 1500) == 1000 + 64)
        #expect(WhisperEncoderWindow.fitted.audioContext(sampleCount: 20 * 16_000 + 1, modelContext: 1500) == 1000 + 64 + 1)
        #expect(WhisperEncoderWindow.fitted.audioContext(sampleCount: 1436 * 320, modelContext: 1500) == 0)
        #expect(WhisperEncoderWindow.fitted.audioContext(sampleCount: 60 * 16_000, modelContext: 1500) == 0)
    }

    @Test("a partial search's window: the audio and 0.64 s, at least 6 s; its tokens: 8 and 8 a second")
    func partialSearchSizes() {
        #expect(WhisperEncoderWindow.partialAudioContext(sampleCount: 16_000, modelContext: 1500) == 300)
        #expect(WhisperEncoderWindow.partialAudioContext(sampleCount: 8 * 16_000, modelContext: 1500) == 400 + 32)
        #expect(WhisperEncoderWindow.partialAudioContext(sampleCount: 30 * 16_000, modelContext: 1500) == 0)
        #expect(WhisperDecoding.partialTokenLimit(sampleCount: 8_000) == 12)
        #expect(WhisperDecoding.partialTokenLimit(sampleCount: 5 * 16_000) == 48)
    }
}
