import DictationCapture
import DictationKit
import DictationTestSupport
import DictationTesting
import DictationWhisper
import Foundation
import Testing

/// Norwegian (nb-NO) with the multilingual base model, on the only Norwegian speech at hand:
/// espeak-ng's voice, which is robotic. Accuracy is modest; the test asserts that Norwegian is
/// recognised as Norwegian, far better than the same audio taken for English.
@Suite("Whisper in Norwegian", .timeLimit(.minutes(15)))
struct WhisperNorwegianTests {
    static let sentences = [
        "Jeg heter Kari og jeg bor i Oslo.",
        "I dag skal vi skrive et brev til bestemor.",
        "Kan du lese det siste avsnittet en gang til?",
        "Møtet begynner klokka ti i morgen tidlig.",
    ]

    @Test("espeak-ng's Norwegian through a session with base, nb-NO against en-US")
    func norwegianSentences() async throws {
        let recognizer = WhisperRecognizer(modelPath: try WhisperFixtures.base(), threads: WhisperFixtures.threads)
        let folder = NSTemporaryDirectory() + "whisper-nb-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var norwegian = WordErrorRate(errors: 0, referenceWords: 0)
        var english = WordErrorRate(errors: 0, referenceWords: 0)
        var heard: [String] = []
        for (index, sentence) in Self.sentences.enumerated() {
            let path = "\(folder)/\(index).wav"
            let espeak = Process()
            espeak.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
            espeak.arguments = ["-v", "nb", "-s", "130", "-w", path, sentence]
            try espeak.run()
            espeak.waitUntilExit()
            try #require(espeak.terminationStatus == 0, "espeak-ng could not speak Norwegian")
            let asNorwegian = try await WhisperFixtures.transcribe(
                AudioFileSource(path: path), recognizer: recognizer, locale: "nb-NO")
            let asEnglish = try await WhisperFixtures.transcribe(
                AudioFileSource(path: path), recognizer: recognizer, locale: "en-US")
            #expect(asNorwegian.errors.isEmpty, "\(asNorwegian.errors)")
            let text = asNorwegian.finals.map(\.text).joined(separator: " ")
            heard.append(text)
            norwegian = norwegian + WordErrorRate(reference: sentence, hypothesis: text)
            english =
                english + WordErrorRate(reference: sentence, hypothesis: asEnglish.finals.map(\.text).joined(separator: " "))
        }
        print(
            "Norwegian WER, Whisper base on espeak-ng: nb-NO \(norwegian), as en-US \(english)\n" + heard.joined(separator: "\n"))
        #expect(norwegian.rate < english.rate, "nb-NO \(norwegian) against en-US \(english)")
        #expect(norwegian.rate <= 0.8, "\(norwegian): \(heard)")
    }
}
