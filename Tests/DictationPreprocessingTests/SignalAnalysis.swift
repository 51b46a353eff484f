import DictationTesting
import Foundation

/// Test signals and the measurements the quality tests make on them, in `Double` so that the
/// measuring adds no error of its own at the 0.01 dB level.
enum SignalAnalysis {
    /// A sine tone starting at phase 0.
    static func sine(frequency: Double, amplitude: Double, sampleRate: Int, seconds: Double) -> [Float] {
        let count = Int(seconds * Double(sampleRate))
        let step = 2 * Double.pi * frequency / Double(sampleRate)
        return (0..<count).map { Float(amplitude * sin(step * Double($0))) }
    }

    /// A linear sweep from `from` to `to` Hz over the whole duration.
    static func sweep(from: Double, to: Double, amplitude: Double, sampleRate: Int, seconds: Double) -> [Float] {
        let count = Int(seconds * Double(sampleRate))
        let rate = (to - from) / seconds
        return (0..<count).map { index in
            let time = Double(index) / Double(sampleRate)
            return Float(amplitude * sin(2 * Double.pi * (from * time + rate * time * time / 2)))
        }
    }

    /// Seeded noise in -amplitude...amplitude.
    static func noise(count: Int, amplitude: Float, seed: UInt64) -> [Float] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in Float.random(in: -amplitude...amplitude, using: &generator) }
    }

    /// The amplitude of the component at `frequency`, by the Goertzel algorithm.
    ///
    /// Exact (no leakage) when the window holds a whole number of cycles, which the tests arrange
    /// by measuring whole seconds of integer-Hz tones.
    static func amplitude(of samples: ArraySlice<Float>, at frequency: Double, sampleRate: Int) -> Double {
        let omega = 2 * Double.pi * frequency / Double(sampleRate)
        let coefficient = 2 * cos(omega)
        var previous = 0.0
        var beforePrevious = 0.0
        for sample in samples {
            let current = Double(sample) + coefficient * previous - beforePrevious
            beforePrevious = previous
            previous = current
        }
        let real = previous - beforePrevious * cos(omega)
        let imaginary = beforePrevious * sin(omega)
        return 2 * (real * real + imaginary * imaginary).squareRoot() / Double(samples.count)
    }

    /// Root mean square.
    static func rms(_ samples: ArraySlice<Float>) -> Double {
        guard !samples.isEmpty else { return 0 }
        let energy = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (energy / Double(samples.count)).squareRoot()
    }

    /// A linear ratio in decibels.
    static func decibels(_ ratio: Double) -> Double {
        20 * log10(max(ratio, 1e-12))
    }

    /// Where a tone at `frequency` lands after sampling at `sampleRate` (folded into 0...Nyquist).
    static func aliasFrequency(of frequency: Double, sampleRate: Int) -> Double {
        let rate = Double(sampleRate)
        let folded = frequency.truncatingRemainder(dividingBy: rate)
        return folded > rate / 2 ? rate - folded : folded
    }

    /// Seconds `from..<to` of a signal at `sampleRate`.
    static func window(_ samples: [Float], sampleRate: Int, from: Double, to: Double) -> ArraySlice<Float> {
        let start = Int(from * Double(sampleRate))
        let end = min(samples.count, Int(to * Double(sampleRate)))
        return samples[start..<end]
    }
}
