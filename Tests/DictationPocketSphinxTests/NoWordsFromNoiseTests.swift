import DictationKit
import DictationPocketSphinx
import DictationPreprocessing
import DictationTesting
import Foundation
import Testing

/// No words out of nothing: a minute of silence, hiss, hum or rumble through a session with the
/// default chain and endpointer gives no final with words. PocketSphinx left to its own
/// detection on the same audio often "hears" filler words; that figure is printed beside ours.
@Suite("No words from silence, noise, hum or rumble", .timeLimit(.minutes(25)))
struct NoWordsFromNoiseTests {
    static let rate = 16_000
    static let seconds = 60.0

    static func signal(_ name: String) -> [Float] {
        let count = Int(seconds * Double(rate))
        var generator = SplitMix64(seed: 20_261_122)
        func gaussian() -> Float {
            // Box-Muller from two uniform draws in (0, 1].
            let u1 = Double(generator.next() >> 11 + 1) / Double(1 << 53)
            let u2 = Double(generator.next() >> 11) / Double(1 << 53)
            return Float((-2 * log(u1)).squareRoot() * cos(2 * .pi * u2))
        }
        switch name {
        case "digital silence":
            return [Float](repeating: 0, count: count)
        case "white noise -50 dBFS", "white noise -35 dBFS", "white noise -20 dBFS":
            let level = Double(name.split(separator: " ")[2]) ?? -35
            let rms = Float(pow(10, level / 20))
            return (0..<count).map { _ in gaussian() * rms }
        case "50 Hz hum":
            // Mains hum with its first harmonics, about -20 dBFS.
            return (0..<count).map { index in
                let t = Double(index) / Double(rate)
                return Float(0.1 * sin(2 * .pi * 50 * t) + 0.05 * sin(2 * .pi * 100 * t) + 0.025 * sin(2 * .pi * 150 * t))
            }
        default:
            // A fan: noise below about 200 Hz, its level breathing slowly, plus a blade tone.
            var low1: Float = 0
            var low2: Float = 0
            let coefficient = Float(1 - exp(-2 * Double.pi * 200 / Double(rate)))
            return (0..<count).map { index in
                low1 += coefficient * (gaussian() - low1)
                low2 += coefficient * (low1 - low2)
                let t = Double(index) / Double(rate)
                let breathing = Float(1 + 0.3 * sin(2 * .pi * 0.2 * t))
                return 0.5 * low2 * breathing + Float(0.01 * sin(2 * .pi * 87 * t))
            }
        }
    }

    static let signals = [
        "digital silence", "white noise -50 dBFS", "white noise -35 dBFS", "white noise -20 dBFS", "50 Hz hum",
        "fan rumble",
    ]

    static func finals(
        _ samples: [Float], options: DictationOptions, preprocessing: StandardPreprocessing = StandardPreprocessing()
    ) async throws -> [Transcript] {
        let session = DictationSession(
            source: InMemoryAudioSource(samples: samples, sampleRate: rate), preprocessing: preprocessing,
            recognizer: try Fixtures.recognizer())
        var finals: [Transcript] = []
        for await event in try await session.start(options) {
            if case .final(let transcript) = event { finals.append(transcript) }
        }
        return finals
    }

    @Test(arguments: signals)
    func noWordsFrom(_ name: String) async throws {
        let samples = Self.signal(name)
        let ours = try await Self.finals(samples, options: DictationOptions(reports: []))
        let raw = try await Self.finals(
            samples,
            options: DictationOptions(reports: [], endpointing: EndpointingOptions(segmentation: .recognizer)),
            preprocessing: StandardPreprocessing(options: .none))
        let rawWords = raw.flatMap(\.words).map(\.text)
        print(
            "\(name): DictationKit \(ours.flatMap(\.words).count) words; PocketSphinx's own detection, no chain: \(rawWords.count) words \(rawWords.prefix(8))"
        )
        #expect(ours.allSatisfy { $0.text.isEmpty }, "\(name) gave \(ours.map(\.text))")
    }
}
