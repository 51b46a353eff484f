import DictationCapture
import DictationKit
import DictationTesting
import DictationWhisper
import Foundation
import Testing

/// Whisper through a whole session on real speech: the LibriVox recordings of
/// pocketsphinx-testdata, with their transcripts.
@Suite("Whisper accuracy", .timeLimit(.minutes(25)))
struct WhisperAccuracyTests {
    /// tiny.en makes about one error in the 71 words: "Mr." for the transcript's "mister".
    /// PocketSphinx's best model makes 19 on the same files.
    @Test("LibriVox through a session with tiny.en: at most 3 errors in 71 words, written text")
    func librivoxTinyEnglish() async throws {
        let recognizer = WhisperRecognizer(modelPath: try WhisperFixtures.tinyEnglish())
        let references = try WhisperFixtures.librivoxReferences()
        var total = WordErrorRate(errors: 0, referenceWords: 0)
        var texts: [String] = []
        for id in WhisperFixtures.librivox {
            let path = try WhisperFixtures.requireTestData("librivox/\(id).wav")
            let (finals, errors) = try await WhisperFixtures.transcribe(AudioFileSource(path: path), recognizer: recognizer)
            #expect(errors.isEmpty, "\(errors)")
            let text = finals.map(\.text).joined(separator: " ")
            texts.append(text)
            total = total + WordErrorRate(reference: try #require(references[id]), hypothesis: text)
        }
        print("LibriVox WER, Whisper tiny.en: \(total)\n" + texts.joined(separator: "\n"))
        #expect(total.errors <= 3, "\(total): \(texts)")
        // Written text: Whisper writes capitals and sentence marks itself.
        #expect(texts.allSatisfy { $0.first?.isUppercase == true }, "\(texts)")
        #expect(texts.allSatisfy { $0.hasSuffix(".") }, "\(texts)")
    }
}
