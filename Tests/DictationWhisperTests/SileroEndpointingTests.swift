import DictationKit
import DictationPreprocessing
import DictationTestSupport
import DictationTesting
import DictationWhisper
import Foundation
import Testing

/// A whole Whisper session whose endpointer follows the Silero detector: a fan switched on between
/// two sentences starts no utterance, and the sentences are still cut and recognized.
@Suite("Silero endpointing in a Whisper session", .timeLimit(.minutes(15)))
struct SileroEndpointingTests {
    @Test("a fan switched on for 3 s between two sentences starts no utterance; both sentences are found")
    func fanBetweenSentencesIsNotSpeech() async throws {
        let rate = SileroVoiceActivityDetector.sampleRate
        func floor(_ seconds: Double, seed: UInt64) -> [Float] {
            SileroVoiceActivityDetectorTests.whiteNoise(seconds: seconds, rms: 0.0003, seed: seed)
        }
        let first = PCM16.floats(try PocketSphinxTestData.librivox("0870"))
        let second = PCM16.floats(try PocketSphinxTestData.librivox("0930"))
        // -30 dBFS of broadband noise, on and off at once: a fan, a shower, a kettle.
        let fan = SileroVoiceActivityDetectorTests.whiteNoise(seconds: 3, rms: 0.03, seed: 7)
        let head = floor(1, seed: 1) + first + floor(1, seed: 2)
        let fanStart = Double(head.count) / Double(rate)
        let fanEnd = fanStart + 3
        let samples = head + fan + floor(1, seed: 3) + second + floor(1.5, seed: 4)
        let references = try [PocketSphinxTestData.librivoxTranscript("0870"), PocketSphinxTestData.librivoxTranscript("0930")]
        let recognizer = WhisperRecognizer(modelPath: try WhisperFixtures.tinyEnglish(), threads: WhisperFixtures.threads)

        var outcomes: [String: (starts: [Double], finals: [Transcript])] = [:]
        for (name, detector) in [
            ("silero", try SileroVoiceActivityDetector() as any VoiceActivityDetecting),
            ("energy", EnergyVoiceActivityDetector.standard()),
        ] {
            let session = DictationSession(
                source: InMemoryAudioSource(samples: samples),
                preprocessing: StandardPreprocessing(voiceActivityDetector: detector), recognizer: recognizer)
            outcomes[name] = try await withDeadline(.seconds(600), "a Whisper session with the \(name) detector") {
                var starts: [Double] = []
                var finals: [Transcript] = []
                for await event in try await session.start(DictationOptions(locale: "en-US", reports: [.speechActivity])) {
                    switch event {
                    case .speechStarted(let time): starts.append(time)
                    case .final(let transcript): finals.append(transcript)
                    case .error(let error): Issue.record("\(name): \(error)")
                    default: break
                    }
                }
                return (starts, finals)
            }
        }
        for (name, outcome) in outcomes.sorted(by: { $0.key < $1.key }) {
            print(
                "\(name): speech started at \(outcome.starts.map { String(format: "%.2f", $0) }) (fan \(fanStart)-\(fanEnd) s); "
                    + "finals \(outcome.finals.map(\.text))")
        }
        let silero = try #require(outcomes["silero"])
        #expect(!silero.starts.contains { $0 > fanStart - 0.2 && $0 < fanEnd }, "speech started in the fan: \(silero.starts)")
        #expect(silero.starts.count == 2, "\(silero.starts)")
        #expect(silero.finals.count == 2, "\(silero.finals.map(\.text))")
        let errors = WordErrorRate(
            reference: references.joined(separator: " "), hypothesis: silero.finals.map(\.text).joined(separator: " "))
        #expect(errors.rate <= 0.1, "\(errors): \(silero.finals.map(\.text))")
    }
}
