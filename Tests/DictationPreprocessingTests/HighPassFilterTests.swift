import DictationTesting
import Foundation
import Testing

@testable import DictationPreprocessing

@Suite("HighPassFilter", .timeLimit(.minutes(25)))
struct HighPassFilterTests {
    static let sampleRate = 16_000

    /// The exact gain, in dB, of a digital Butterworth high-pass made by the bilinear transform
    /// (as RBJ's sections are): |H|² = r^2N / (1 + r^2N), with r the ratio of the pre-warped
    /// frequencies tan(πf/fs) / tan(πfc/fs).
    static func theoreticalGain(frequency: Double, cutoff: Double, order: Int) -> Double {
        let rate = Double(sampleRate)
        let ratio = tan(Double.pi * frequency / rate) / tan(Double.pi * cutoff / rate)
        let power = pow(ratio, Double(2 * order))
        return 10 * log10(power / (1 + power))
    }

    /// The measured gain of a tone through the filter, in dB, once the filter has settled.
    static func measuredGain(frequency: Double, filter: HighPassFilter) -> Double {
        var filter = filter
        var tone = SignalAnalysis.sine(frequency: frequency, amplitude: 0.5, sampleRate: sampleRate, seconds: 3)
        filter.process(&tone)
        // The last two seconds: a whole number of cycles of an integer-Hz tone, so Goertzel is exact.
        let amplitude = SignalAnalysis.amplitude(of: tone[sampleRate...], at: frequency, sampleRate: sampleRate)
        return SignalAnalysis.decibels(amplitude / 0.5)
    }

    @Test(
        "The default filter (2nd order, 90 Hz) has the Butterworth response",
        arguments: [
            20.0, 50, 90, 150, 300, 1_000, 4_000, 7_000,
        ])
    func defaultResponse(frequency: Double) {
        let filter = HighPassFilter(sampleRate: Self.sampleRate)
        #expect(filter.cutoff == 90 && filter.order == 2)
        let expected = Self.theoreticalGain(frequency: frequency, cutoff: 90, order: 2)
        let measured = Self.measuredGain(frequency: frequency, filter: filter)
        // The filter is the textbook design, so it meets the theory far closer than the 0.5 dB asked for.
        #expect(abs(measured - expected) < 0.05, "\(frequency) Hz: \(measured) dB, expected \(expected) dB")
        // What the theory says, spelled out, so a wrong theory can't pass either.
        switch frequency {
        case 20: #expect(measured < -25)
        case 50: #expect(measured < -10)
        case 90: #expect(abs(measured - -3.01) < 0.5)
        case 300...: #expect(abs(measured) < 0.5)
        default: break
        }
    }

    @Test("Higher orders fall off faster: 4th order at 200 Hz", arguments: [50.0, 100, 200, 400, 1_000])
    func fourthOrderResponse(frequency: Double) {
        let filter = HighPassFilter(sampleRate: Self.sampleRate, cutoff: 200, order: 4)
        let expected = Self.theoreticalGain(frequency: frequency, cutoff: 200, order: 4)
        let measured = Self.measuredGain(frequency: frequency, filter: filter)
        #expect(abs(measured - expected) < 0.05, "\(frequency) Hz: \(measured) dB, expected \(expected) dB")
        if frequency == 100 { #expect(measured < -23, "an octave below: about -24 dB") }
    }

    @Test("A DC offset is removed")
    func removesDC() {
        var filter = HighPassFilter(sampleRate: Self.sampleRate)
        var samples = [Float](repeating: 0.5, count: Self.sampleRate)
        filter.process(&samples)
        #expect(samples[(Self.sampleRate / 2)...].allSatisfy { abs($0) < 1e-3 })
    }

    @Test("Buffers of any size give the same output as one buffer")
    func chunkingDoesNotMatter() {
        let input = SignalAnalysis.noise(count: 20_000, amplitude: 0.5, seed: 7)
        var whole = input
        var filter = HighPassFilter(sampleRate: Self.sampleRate)
        filter.process(&whole)

        var chunked: [Float] = []
        var chunkedFilter = HighPassFilter(sampleRate: Self.sampleRate)
        var generator = SplitMix64(seed: 11)
        var start = 0
        while start < input.count {
            let end = min(input.count, start + Int.random(in: 0...700, using: &generator))
            var chunk = Array(input[start..<end])
            chunkedFilter.process(&chunk)
            chunked += chunk
            start = end
        }
        #expect(chunked == whole)
    }

    @Test("reset() forgets the past: the filter then acts like a new one")
    func resetForgets() {
        let input = SignalAnalysis.noise(count: 4_000, amplitude: 0.5, seed: 3)
        var used = HighPassFilter(sampleRate: Self.sampleRate)
        var scratch = SignalAnalysis.sine(frequency: 40, amplitude: 1, sampleRate: Self.sampleRate, seconds: 0.5)
        used.process(&scratch)
        used.reset()
        var afterReset = input
        used.process(&afterReset)
        var fresh = HighPassFilter(sampleRate: Self.sampleRate)
        var expected = input
        fresh.process(&expected)
        #expect(afterReset == expected)
    }

    @Test("NaN and infinite samples count as silence and don't lock the filter up")
    func nonFiniteSamples() {
        var filter = HighPassFilter(sampleRate: Self.sampleRate)
        var samples = SignalAnalysis.sine(frequency: 1_000, amplitude: 0.5, sampleRate: Self.sampleRate, seconds: 1)
        samples[100] = .nan
        samples[200] = .infinity
        samples[300] = -.infinity
        filter.process(&samples)
        #expect(samples.allSatisfy { $0.isFinite })
        let amplitude = SignalAnalysis.amplitude(of: samples[8_000...], at: 1_000, sampleRate: Self.sampleRate)
        #expect(abs(SignalAnalysis.decibels(amplitude / 0.5)) < 0.1)
    }

    @Test("Parameters out of range are clamped")
    func clamping() {
        #expect(HighPassFilter(sampleRate: 16_000, cutoff: .nan).cutoff == 90)
        #expect(HighPassFilter(sampleRate: 16_000, cutoff: 100_000).cutoff == 7_200)
        #expect(HighPassFilter(sampleRate: 16_000, cutoff: -5).cutoff == 1)
        #expect(HighPassFilter(sampleRate: 16_000, order: 3).order == 4)
        #expect(HighPassFilter(sampleRate: 16_000, order: 0).order == 2)
        #expect(HighPassFilter(sampleRate: 16_000, order: 100).order == 8)
        // Even a nonsense rate builds a filter that puts out numbers.
        var odd = HighPassFilter(sampleRate: 0)
        var samples: [Float] = [0.5, -0.5, 0.25]
        odd.process(&samples)
        #expect(samples.allSatisfy { $0.isFinite })
    }
}
