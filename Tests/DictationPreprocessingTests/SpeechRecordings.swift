import DictationTestSupport
import DictationTesting
import Foundation
import Testing

/// Real speech for the level and voice activity tests: `goforward.wav` from the package's
/// `Examples/samples` and the LibriVox recordings of Debian's `pocketsphinx-testdata`, and noise
/// made to measure.
enum SpeechRecordings {
    static let sampleRate = 16_000
    static let libriVoxIDs = PocketSphinxTestData.librivoxIDs

    /// Every recording by a short name: `goforward` and the LibriVox ids.
    static let names = ["goforward"] + libriVoxIDs

    /// A recording's samples, scaled to -1...1.
    /// - Parameter name: `goforward` (`Examples/samples/goforward.wav`) or a LibriVox id such as `0880`.
    static func load(_ name: String) throws -> [Float] {
        let path =
            name == "goforward"
            ? try RepositoryFiles.requireSample("goforward.wav") : try PocketSphinxTestData.librivoxPath(name)
        let wav = try WAVFile(path: path)
        try #require(wav.channelCount == 1 && wav.sampleRate == sampleRate, "\(path) is not 16 kHz mono")
        return wav.floats
    }

    /// All LibriVox recordings one after the other (about 25 s of read speech).
    static func libriVox() throws -> [Float] {
        try libriVoxIDs.flatMap { try load($0) }
    }

    /// White noise (uniform) with an RMS level of `level` dBFS.
    static func whiteNoise(seconds: Double, level: Double, seed: UInt64) -> [Float] {
        let amplitude = Float(pow(10, level / 20) * 3.0.squareRoot())
        return SignalAnalysis.noise(count: Int(seconds * Double(sampleRate)), amplitude: amplitude, seed: seed)
    }

    /// White Gaussian noise (what the accuracy benchmark adds) with an RMS level of `level` dBFS.
    static func gaussianNoise(count: Int, level: Double, seed: UInt64) -> [Float] {
        var generator = SplitMix64(seed: seed)
        let sigma = pow(10, level / 20)
        return (0..<count).map { _ in
            // Box-Muller.
            let u = Double.random(in: Double.ulpOfOne..<1, using: &generator)
            let v = Double.random(in: 0..<1, using: &generator)
            return Float(sigma * (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v))
        }
    }

    /// The RMS level in dBFS of the speech of a recording as the accuracy benchmark measures it:
    /// over the 20 ms frames within 30 dB of the loudest.
    static func speechLevel(_ samples: [Float]) -> Double {
        let energies = stride(from: 0, to: samples.count - 319, by: 320).map { start in
            samples[start..<(start + 320)].reduce(0.0) { $0 + Double($1) * Double($1) } / 320
        }
        let threshold = (energies.max() ?? 0) * 1e-3
        let active = energies.filter { $0 >= threshold }
        return 10 * log10(active.reduce(0, +) / Double(active.count))
    }

    /// A recording with white Gaussian noise `snr` dB below its speech level (as the benchmark's
    /// noise sets are made), from `lead` seconds before the speech to `trail` seconds after it.
    static func noisy(_ speech: [Float], snr: Double, lead: Double = 0, trail: Double = 0, seed: UInt64) -> [Float] {
        let before = Int(lead * Double(sampleRate))
        let after = Int(trail * Double(sampleRate))
        let noise = gaussianNoise(count: before + speech.count + after, level: speechLevel(speech) - snr, seed: seed)
        let padded = [Float](repeating: 0, count: before) + speech + [Float](repeating: 0, count: after)
        return zip(padded, noise).map { $0 + $1 }
    }

    /// The RMS level of samples in dBFS.
    static func level(_ samples: ArraySlice<Float>) -> Double {
        SignalAnalysis.decibels(SignalAnalysis.rms(samples))
    }

    /// `samples` scaled so that their RMS level is `level` dBFS.
    static func scaled(_ samples: [Float], toLevel level: Double) -> [Float] {
        let factor = Float(pow(10, (level - Self.level(samples[...])) / 20))
        return samples.map { $0 * factor }
    }

    /// The sum of two signals, the shorter one padded with zeros.
    static func mix(_ first: [Float], _ second: [Float]) -> [Float] {
        (0..<max(first.count, second.count)).map { index in
            (index < first.count ? first[index] : 0) + (index < second.count ? second[index] : 0)
        }
    }
}
