import DictationKit
import Testing

@testable import DictationPreprocessing

@Suite("NarrowbandNoiseFill", .timeLimit(.minutes(25)))
struct NarrowbandNoiseFillTests {
    @Test("Digital silence stays silent: no noise where there is no signal")
    func silenceStaysSilent() {
        let fill = NarrowbandNoiseFill(sourceSampleRate: 8_000, sampleRate: 16_000)
        for _ in 0..<20 {
            #expect(fill.process([Float](repeating: 0, count: 1_600)).allSatisfy { $0 == 0 })
        }
    }

    @Test("The noise lies above the source's Nyquist frequency and follows the signal's level")
    func noiseIsAboveTheBandAndRelative() {
        let fill = NarrowbandNoiseFill(sourceSampleRate: 8_000, sampleRate: 16_000)
        let tone = SignalAnalysis.sine(frequency: 1_000, amplitude: 0.1, sampleRate: 16_000, seconds: 4)
        var output: [Float] = []
        for start in stride(from: 0, to: tone.count, by: 1_600) {
            output += fill.process(Array(tone[start..<min(tone.count, start + 1_600)]))
        }
        let added = zip(output, tone).map { $0 - $1 }
        let settled = added[16_000...]
        let noiseRMS = SignalAnalysis.rms(settled)
        let toneRMS = 0.1 / 2.0.squareRoot()
        // −23 dB below the signal, give or take the level tracker's smoothing.
        #expect(
            abs(SignalAnalysis.decibels(noiseRMS / toneRMS) - (-23)) < 1.5,
            "noise at \(SignalAnalysis.decibels(noiseRMS / toneRMS)) dB")
        // Inside the band the source had, the noise is far below the signal.
        for frequency in [300.0, 1_000, 2_500, 3_500] {
            let inBand = SignalAnalysis.amplitude(of: settled, at: frequency, sampleRate: 16_000)
            #expect(SignalAnalysis.decibels(inBand / 0.1) < -60, "\(frequency) Hz: \(SignalAnalysis.decibels(inBand / 0.1)) dB")
        }
        // The tone itself goes through unchanged.
        let toneOut = SignalAnalysis.amplitude(of: output[16_000...], at: 1_000, sampleRate: 16_000)
        #expect(abs(SignalAnalysis.decibels(toneOut / 0.1)) < 0.05)
    }

    @Test("The chain adds the fill only for sources below the recognizer's rate")
    func chainUsesItOnlyForLowRates() throws {
        let chain = StandardPreprocessing(options: .none)
        let silence = AudioFrame(
            samples: [Float](repeating: 0.05, count: 4_410), sampleRate: 44_100, channelCount: 1, startTime: 0)
        // From 44.1 kHz a constant stays (nearly) constant: no noise was added.
        let wide = try chain.makeProcessor(
            input: AudioFormat(sampleRate: 44_100, channelCount: 1, encoding: .int16), outputSampleRate: 16_000)
        let out = try wide.process(silence).samples.dropFirst(400)
        #expect(out.allSatisfy { abs($0 - 0.05) < 0.001 })

        let tone = SignalAnalysis.sine(frequency: 500, amplitude: 0.2, sampleRate: 8_000, seconds: 1)
        let narrow = try chain.makeProcessor(
            input: AudioFormat(sampleRate: 8_000, channelCount: 1, encoding: .int16), outputSampleRate: 16_000)
        let upsampled = try narrow.process(AudioFrame(samples: tone, sampleRate: 8_000, channelCount: 1, startTime: 0)).samples
        let high = SignalAnalysis.amplitude(of: upsampled[4_000...], at: 6_000, sampleRate: 16_000)
        #expect(high > 1e-4, "8 kHz input gets energy above 4 kHz")
    }

    @Test("The biquad high-pass has its corner where it should")
    func biquadResponse() {
        for (frequency, expected) in [(1_000.0, -96.0), (4_200.0, -3.0), (7_000.0, 0.0)] {
            var sections = BiquadFilter.butterworthHighPass8(cutoff: 4_200, sampleRate: 16_000)
            let tone = SignalAnalysis.sine(frequency: frequency, amplitude: 1, sampleRate: 16_000, seconds: 1)
            let filtered = tone.map { sample in
                var y = sample
                for index in sections.indices { y = sections[index].process(y) }
                return y
            }
            let gain = SignalAnalysis.decibels(
                SignalAnalysis.amplitude(of: filtered[8_000...], at: frequency, sampleRate: 16_000))
            if expected < -60 {
                #expect(gain < -60, "\(frequency) Hz: \(gain) dB")
            } else {
                #expect(abs(gain - expected) < 0.5, "\(frequency) Hz: \(gain) dB")
            }
        }
    }
}
