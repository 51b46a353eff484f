import DictationKit
import DictationPreprocessing
import DictationTestSupport
import DictationTesting
import DictationWhisper
import Foundation
import Testing

/// The Silero detector on real speech and on the loud steady sounds the energy detector takes for
/// speech at first, its errors, and its fallback to energy where the network can't run.
@Suite("Silero voice activity detector", .timeLimit(.minutes(5)))
struct SileroVoiceActivityDetectorTests {
    static let rate = SileroVoiceActivityDetector.sampleRate

    /// The verdicts of a fresh detector made from `template` on `samples`, frame by frame.
    static func verdicts(_ template: some VoiceActivityDetecting, on samples: [Float], rate: Int = rate) -> [Bool] {
        var detector = template.makeDetector(sampleRate: rate)
        var verdicts: [Bool] = []
        samples.withUnsafeBufferPointer { all in
            var start = 0
            while start < all.count {
                let end = min(all.count, start + detector.frameLength)
                verdicts.append(detector.process(frame: UnsafeBufferPointer(rebasing: all[start..<end])).isSpeech)
                start = end
            }
        }
        return verdicts
    }

    /// Seeded white noise at an RMS level.
    static func whiteNoise(seconds: Double, rms: Float, seed: UInt64) -> [Float] {
        var random = SplitMix64(seed: seed)
        // Uniform on ±√3·rms has that RMS.
        let half = rms * 3.0.squareRoot().float
        return (0..<Int(seconds * Double(rate))).map { _ in Float.random(in: -half...half, using: &random) }
    }

    /// A 50 Hz hum with 100 and 150 Hz harmonics at an RMS level.
    static func hum(seconds: Double, rms: Float) -> [Float] {
        let harmonics: [(Float, Float)] = [(50, 1), (100, 0.5), (150, 0.25)]
        let scale = rms / (harmonics.map { $0.1 * $0.1 }.reduce(0, +) / 2).squareRoot()
        return (0..<Int(seconds * Double(rate))).map { index in
            let time = Float(index) / Float(rate)
            return harmonics.map { scale * $0.1 * sin(2 * .pi * $0.0 * time) }.reduce(0, +)
        }
    }

    @Test(
        "loud noise and hum that start after quiet are not speech",
        arguments: ["white noise", "hum"])
    func steadySoundsAreNotSpeech(sound: String) throws {
        let quiet = Self.whiteNoise(seconds: 1, rms: 0.0003, seed: 1)
        // -20 dBFS: as loud as close speech.
        let loud = sound == "hum" ? Self.hum(seconds: 4, rms: 0.1) : Self.whiteNoise(seconds: 4, rms: 0.1, seed: 2)
        let samples = quiet + loud
        let silero = Self.verdicts(try SileroVoiceActivityDetector(), on: samples)
        let energy = Self.verdicts(EnergyVoiceActivityDetector.standard(), on: samples)
        let sileroSpeech = silero.filter { $0 }.count
        let energySpeech = energy.filter { $0 }.count
        print("\(sound): Silero \(sileroSpeech), energy \(energySpeech) of \(silero.count) 20-ms frames judged speech")
        // The energy detector takes a steady sound after quiet for speech for its first seconds
        // (its documented behaviour): the reason to have the network.
        #expect(energySpeech >= 25, "\(sound): energy detector \(energySpeech)")
        #expect(sileroSpeech <= 3, "\(sound): Silero judged \(sileroSpeech) frames speech")
    }

    @Test("the LibriVox recordings are speech, also under white noise at 5 dB SNR")
    func libriVoxIsSpeech() throws {
        let detector = try SileroVoiceActivityDetector()
        for id in PocketSphinxTestData.librivoxIDs {
            let speech = PCM16.floats(try PocketSphinxTestData.librivox(id))
            let level = (speech.map { $0 * $0 }.reduce(0, +) / Float(speech.count)).squareRoot()
            let noise = Self.whiteNoise(seconds: Double(speech.count) / Double(Self.rate), rms: level / 1.78, seed: 3)
            for (condition, samples) in [("clean", speech), ("5 dB", zip(speech, noise).map { $0 + $1 })] {
                let verdicts = Self.verdicts(detector, on: samples)
                let share = Double(verdicts.filter { $0 }.count) / Double(verdicts.count)
                let onset = try #require(verdicts.firstIndex(of: true), "\(id) \(condition): no speech at all")
                print("\(id) \(condition): \(Int(share * 100)) % speech, onset at \(onset * 20) ms")
                #expect(share >= 0.6, "\(id) \(condition): \(share)")
                #expect(onset * 20 <= 800, "\(id) \(condition): speech found only at \(onset * 20) ms")
            }
        }
    }

    @Test("a missing or damaged model is a modelNotFound error")
    func modelErrors() throws {
        let folder = NSTemporaryDirectory() + "silero-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let missing = #expect(throws: DictationError.self) {
            try SileroVoiceActivityDetector(modelPath: folder + "/none.bin")
        }
        #expect(missing?.code == .modelNotFound)
        #expect(missing?.description.contains("Silero") == true, "\(String(describing: missing))")

        let damaged = folder + "/damaged.bin"
        let model = try #require(SileroVoiceActivityDetector.installedModelPath, "the Silero model is not installed")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: model))
        for (name, content) in [("garbage", Data("not a model at all".utf8)), ("truncated", bytes.prefix(bytes.count / 2))] {
            try content.write(to: URL(fileURLWithPath: damaged))
            let error = #expect(throws: DictationError.self, "\(name)") {
                try SileroVoiceActivityDetector(modelPath: damaged)
            }
            #expect(error?.code == .modelNotFound, "\(name): \(String(describing: error))")
        }
    }

    @Test("at a rate the network does not take, verdicts are the energy detector's")
    func otherRatesJudgeByEnergy() throws {
        let rate = 8_000
        let samples = Self.whiteNoise(seconds: 0.5, rms: 0.0003, seed: 4) + Self.hum(seconds: 2, rms: 0.1)
        let silero = Self.verdicts(try SileroVoiceActivityDetector(hangover: 0.2), on: samples, rate: rate)
        let energy = Self.verdicts(
            EnergyVoiceActivityDetector(sampleRate: rate, frameDuration: .milliseconds20, hangover: 0.2), on: samples,
            rate: rate)
        #expect(silero == energy)
        #expect(silero.contains(true), "the hum after quiet starts speech for the energy detector")
    }
}

extension Double {
    fileprivate var float: Float { Float(self) }
}
