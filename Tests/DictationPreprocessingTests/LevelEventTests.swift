import DictationKit
import DictationPreprocessing
import DictationTesting
import Foundation
import Testing

/// The session's `.level` event is the level of the source's audio as captured, before the chain
/// conditions it: a 50 Hz hum, which the chain's high-pass filter takes away, still shows at its
/// full level on the meter.
@Suite(.timeLimit(.minutes(25))) struct LevelEventTests {
    @Test func theLevelIsThatOfTheInputBeforeConditioning() async throws {
        // −20 dBFS RMS: amplitude 0.1·√2.
        let amplitude = Float(0.1 * 2.0.squareRoot())
        let hum = (0..<32_000).map { amplitude * Float(sin(2 * Double.pi * 50 * Double($0) / 16_000)) }
        let session = DictationSession(
            source: InMemoryAudioSource(samples: hum), preprocessing: StandardPreprocessing(),
            recognizer: ScriptedRecognizer(utterances: []))
        let events = try await session.collectEvents(DictationOptions(reports: .level))
        let levels = events.compactMap { if case .level(let level) = $0 { level } else { nil } }
        #expect(levels.count == 20, "one per 100 ms read")
        for level in levels {
            #expect(abs(level - -20) < 0.2, "\(level) dBFS")
        }
    }
}
