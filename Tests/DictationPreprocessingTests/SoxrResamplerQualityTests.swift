import DictationKit
import DictationPreprocessing
import Foundation
import Testing

/// What soxr's high-quality recipe gives, measured on tones and a sweep resampled to 16 kHz.
///
/// Measured with soxr 0.1.3 and `SOXR_HQ`: passband tones within 0.0065 dB (worst: 7 kHz from
/// 22.05 and 44.1 kHz; 0.00 dB below 6 kHz); tones above 8 kHz leave at most -146 dBFS at their
/// alias and -141 dBFS in all; the sweep loses 0.0035 dB. The limits below are the brief's, far
/// from these figures, so they hold for any good resampler rather than pinning soxr's numbers.
@Suite("SoxrResampler quality", .timeLimit(.minutes(25)))
struct SoxrResamplerQualityTests {
    static let outputRate = 16_000

    /// A tone of a whole number of hertz, resampled from an input rate.
    struct ToneCase: Sendable, CustomTestStringConvertible {
        let inputRate: Int
        let frequency: Double
        var testDescription: String { "\(Int(frequency)) Hz at \(inputRate) Hz" }
    }

    static let passbandCases: [ToneCase] = [8_000, 22_050, 44_100, 48_000].flatMap { rate in
        [100.0, 1_000, 3_000, 6_000, 7_000]
            .filter { $0 < Double(rate) / 2 }
            .map { ToneCase(inputRate: rate, frequency: $0) }
    }

    static let aliasCases: [ToneCase] = [44_100, 48_000].flatMap { rate in
        [9_000.0, 12_000, 15_000, 20_000].map { ToneCase(inputRate: rate, frequency: $0) }
    }

    /// Resamples a whole signal as one stream.
    static func resample(_ samples: [Float], from inputRate: Int) throws -> [Float] {
        let resampler = try SoxrResampler(inputSampleRate: inputRate, outputSampleRate: outputRate)
        return try resampler.process(samples) + resampler.flush()
    }

    @Test("Tones in the passband keep their amplitude within 0.1 dB", arguments: passbandCases)
    func passbandIsFlat(_ tone: ToneCase) throws {
        let amplitude = 0.5
        let input = SignalAnalysis.sine(frequency: tone.frequency, amplitude: amplitude, sampleRate: tone.inputRate, seconds: 2)
        let output = try Self.resample(input, from: tone.inputRate)

        // One whole second from the middle: past the filter's warm-up and before its tail.
        let measured = SignalAnalysis.amplitude(
            of: SignalAnalysis.window(output, sampleRate: Self.outputRate, from: 0.5, to: 1.5),
            at: tone.frequency, sampleRate: Self.outputRate)
        let deviation = SignalAnalysis.decibels(measured / amplitude)
        #expect(abs(deviation) < 0.1, "\(tone.testDescription) came out \(deviation) dB off")
    }

    @Test("Tones above 8 kHz are suppressed below -60 dBFS, at their aliases too", arguments: aliasCases)
    func aliasesAreSuppressed(_ tone: ToneCase) throws {
        // Full scale, so the output level reads directly in dBFS.
        let input = SignalAnalysis.sine(frequency: tone.frequency, amplitude: 1, sampleRate: tone.inputRate, seconds: 2)
        let output = try Self.resample(input, from: tone.inputRate)
        let steady = SignalAnalysis.window(output, sampleRate: Self.outputRate, from: 0.5, to: 1.5)

        let alias = SignalAnalysis.aliasFrequency(of: tone.frequency, sampleRate: Self.outputRate)
        let atAlias = SignalAnalysis.decibels(SignalAnalysis.amplitude(of: steady, at: alias, sampleRate: Self.outputRate))
        // Everything left in the output, as the amplitude of a sine with the same power.
        let overall = SignalAnalysis.decibels(SignalAnalysis.rms(steady) * 2.squareRoot())
        #expect(atAlias < -60, "\(tone.testDescription) aliases to \(alias) Hz at \(atAlias) dBFS")
        #expect(overall < -60, "\(tone.testDescription) leaves \(overall) dBFS in the output")
    }

    @Test("A 50 Hz to 7.5 kHz sweep at 44.1 kHz keeps its energy within 0.2 dB")
    func sweepKeepsEnergy() throws {
        let inputRate = 44_100
        let seconds = 3.0
        let input = SignalAnalysis.sweep(from: 50, to: 7_500, amplitude: 0.5, sampleRate: inputRate, seconds: seconds)
        let output = try Self.resample(input, from: inputRate)

        // The whole stream, tail included: the same duration in and out, so equal RMS is equal energy.
        let ratio = SignalAnalysis.rms(output[...]) / SignalAnalysis.rms(input[...])
        let loss = SignalAnalysis.decibels(ratio)
        #expect(abs(loss) < 0.2, "the sweep came out \(loss) dB off")
    }
}
