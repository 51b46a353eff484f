import DictationCapture
import DictationKit
import DictationTestSupport
import DictationTesting
import Foundation
import Testing

@testable import DictationWhisper

/// Whisper through a whole session on real speech: the LibriVox recordings of
/// pocketsphinx-testdata, with their transcripts.
@Suite("Whisper accuracy", .timeLimit(.minutes(25)))
struct WhisperAccuracyTests {
    /// tiny.en makes about one error in the 71 words: "Mr." for the transcript's "mister".
    /// PocketSphinx's best model makes 19 on the same files.
    @Test("LibriVox through a session with tiny.en: at most 3 errors in 71 words, written text")
    func librivoxTinyEnglish() async throws {
        let recognizer = WhisperRecognizer(modelPath: try WhisperFixtures.tinyEnglish(), threads: WhisperFixtures.threads)
        let references = try PocketSphinxTestData.librivoxTranscripts()
        var total = WordErrorRate(errors: 0, referenceWords: 0)
        var texts: [String] = []
        for id in PocketSphinxTestData.librivoxIDs {
            let path = try PocketSphinxTestData.librivoxPath(id)
            let (finals, errors) = try await WhisperFixtures.transcribe(AudioFileSource(path: path), recognizer: recognizer)
            #expect(errors.isEmpty, "\(errors)")
            let text = finals.map(\.text).joined(separator: " ")
            texts.append(text)
            total =
                total
                + WordErrorRate(reference: try #require(references[PocketSphinxTestData.librivoxName(id)]), hypothesis: text)
        }
        print("LibriVox WER, Whisper tiny.en: \(total)\n" + texts.joined(separator: "\n"))
        #expect(total.errors <= 3, "\(total): \(texts)")
        // Written text: Whisper writes capitals and sentence marks itself.
        #expect(texts.allSatisfy { $0.first?.isUppercase == true }, "\(texts)")
        #expect(texts.allSatisfy { $0.hasSuffix(".") }, "\(texts)")
    }

    /// The default window runs half the encoder (or the utterance and a margin when longer). Less
    /// than that dropped the first "And" of 0870 and made "ill-disposed" "old-sposed" in 0880.
    @Test("LibriVox with the fitted encoder window: no more errors than the whole 30-s window")
    func fittedWindowCostsNoWords() async throws {
        let references = try PocketSphinxTestData.librivoxTranscripts()
        var errors: [WhisperEncoderWindow: WordErrorRate] = [:]
        for window in WhisperEncoderWindow.allCases {
            let recognizer = WhisperRecognizer(
                modelPath: try WhisperFixtures.tinyEnglish(), threads: WhisperFixtures.threads, encoderWindow: window)
            var total = WordErrorRate(errors: 0, referenceWords: 0)
            for id in PocketSphinxTestData.librivoxIDs {
                let path = try PocketSphinxTestData.librivoxPath(id)
                let (finals, _) = try await WhisperFixtures.transcribe(AudioFileSource(path: path), recognizer: recognizer)
                total =
                    total
                    + WordErrorRate(
                        reference: try #require(references[PocketSphinxTestData.librivoxName(id)]),
                        hypothesis: finals.map(\.text).joined(separator: " "))
            }
            errors[window] = total
        }
        print(
            "LibriVox WER, tiny.en, full window \(errors[.full].map { "\($0)" } ?? "-"), fitted \(errors[.fitted].map { "\($0)" } ?? "-")"
        )
        let full = try #require(errors[.full])
        let fitted = try #require(errors[.fitted])
        #expect(fitted.errors <= full.errors, "fitted \(fitted), full \(full)")
    }

    @Test("the fitted window: half of it for short audio, the audio and 1.28 s for longer, the whole from 28.7 s")
    func fittedWindowSizes() {
        // 50 positions a second; tiny.en's window is 1500 positions (30 s).
        #expect(WhisperEncoderWindow.full.audioContext(sampleCount: 16_000, modelContext: 1500) == 0)
        #expect(WhisperEncoderWindow.fitted.audioContext(sampleCount: 16_000, modelContext: 1500) == 750)
        #expect(WhisperEncoderWindow.fitted.audioContext(sampleCount: 20 * 16_000, modelContext: 1500) == 1000 + 64)
        #expect(WhisperEncoderWindow.fitted.audioContext(sampleCount: 20 * 16_000 + 1, modelContext: 1500) == 1000 + 64 + 1)
        #expect(WhisperEncoderWindow.fitted.audioContext(sampleCount: 1436 * 320, modelContext: 1500) == 0)
        #expect(WhisperEncoderWindow.fitted.audioContext(sampleCount: 60 * 16_000, modelContext: 1500) == 0)
    }
}
