import DictationCapture
import DictationKit
import DictationTestSupport
import DictationTesting
import DictationWhisper
import Foundation
import Testing

/// Whisper is known to write text over silence and noise ("Thank you."). Ten minutes of each kind
/// of non-speech, through a whole session, must give no final with words.
@Suite("Whisper hears no words in noise", .timeLimit(.minutes(15)))
struct WhisperNoSpeechTests {
    @Test(
        "ten minutes of silence, white and pink noise, hum and clicks give no text",
        arguments: [
            ("silence", ["trim", "0", "600"]),
            ("white noise", ["synth", "600", "whitenoise", "vol", "0.05"]),
            ("pink noise", ["synth", "600", "pinknoise", "vol", "0.08"]),
            ("50 Hz hum with its harmonics", ["synth", "600", "sine", "50", "sine", "150", "remix", "1,2", "vol", "0.1"]),
            ("clicks", ["synth", "600", "square", "3", "vol", "0.05", "highpass", "2000"]),
        ])
    func noWordsFromNonSpeech(name: String, effects: [String]) async throws {
        let folder = NSTemporaryDirectory() + "whisper-noise-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/noise.wav"
        let sox = Process()
        sox.executableURL = URL(fileURLWithPath: "/usr/bin/sox")
        // -R: the same noise every run.
        sox.arguments = ["-R", "-n", "-r", "16000", "-c", "1", "-b", "16", path] + effects
        try sox.run()
        sox.waitUntilExit()
        try #require(sox.terminationStatus == 0, "sox could not make \(name)")
        let recognizer = WhisperRecognizer(modelPath: try WhisperFixtures.tinyEnglish(), threads: WhisperFixtures.threads)
        let (finals, errors) = try await WhisperFixtures.transcribe(AudioFileSource(path: path), recognizer: recognizer)
        let words = finals.flatMap(\.words).map(\.text)
        print("\(name): \(finals.count) finals, words: \(words)")
        #expect(words.isEmpty, "\(name): \(words)")
        #expect(errors.allSatisfy { $0.code == .noSpeechDetected }, "\(errors)")
    }
}
