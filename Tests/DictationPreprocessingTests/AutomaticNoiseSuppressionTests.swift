import DictationKit
import DictationPreprocessing
import DictationTesting
import Foundation
import Testing

/// ``StandardPreprocessing/NoiseSuppression/automatic`` through the whole chain: off on clean
/// speech, on on the same speech in white noise.
@Suite("Automatic noise suppression", .timeLimit(.minutes(25)))
struct AutomaticNoiseSuppressionTests {
    static let sampleRate = 16_000

    /// The chain's output and verdicts for a whole signal read in 100 ms buffers, as `dictate
    /// transcribe` reads a file.
    static func run(
        _ input: [Float], options: StandardPreprocessing.Options
    ) throws -> (samples: [Float], verdicts: [VoiceActivityFrame]) {
        let processor = try StandardPreprocessing(options: options).makeProcessor(
            input: .recognizer, outputSampleRate: sampleRate)
        var samples: [Float] = []
        var verdicts: [VoiceActivityFrame] = []
        for start in stride(from: 0, to: input.count, by: 1_600) {
            let frame = try processor.process(
                AudioFrame(
                    samples: Array(input[start..<min(input.count, start + 1_600)]), sampleRate: sampleRate, channelCount: 1,
                    startTime: Double(start) / Double(sampleRate)))
            #expect(frame.startTime == Double(samples.count) / Double(sampleRate), "timed by output samples")
            samples += frame.samples
            verdicts += frame.voiceActivity
        }
        let tail = try processor.flush()
        return (samples + tail.samples, verdicts + tail.voiceActivity)
    }

    /// The index of the first sample where two outputs differ, or `nil` when they are the same;
    /// `#expect(a == b)` on arrays this long would spend minutes diffing them on failure.
    static func firstDifference(_ first: [Float], _ second: [Float]) -> Int? {
        if let index = (0..<min(first.count, second.count)).first(where: { first[$0] != second[$0] }) { return index }
        return first.count == second.count ? nil : min(first.count, second.count)
    }

    /// The LibriVox recordings as the benchmark's clean, quiet and hum sets have them.
    static func cleanVariant(_ name: String) throws -> [Float] {
        let speech = try SpeechRecordings.libriVox()
        switch name {
        case "quiet (-20 dB)":
            return speech.map { $0 * 0.1 }
        case "50 Hz hum 6 dB under the speech":
            let level = pow(10, (SpeechRecordings.speechLevel(speech) - 6) / 20)
            // Amplitudes 1, 1/2, 1/4 have an RMS of 0.8101 for amplitude 1.
            let amplitude = level / 0.8101
            return speech.indices.map { index in
                let t = Double(index) / Double(sampleRate)
                let hum = sin(2 * .pi * 50 * t) + 0.5 * sin(2 * .pi * 100 * t) + 0.25 * sin(2 * .pi * 150 * t)
                return speech[index] + Float(amplitude * hum)
            }
        default:
            return speech
        }
    }

    @Test(
        "Clean speech comes out exactly as with suppression off",
        arguments: ["clean", "quiet (-20 dB)", "50 Hz hum 6 dB under the speech"])
    func cleanSpeechIsUntouched(_ name: String) throws {
        let input = try Self.cleanVariant(name)
        let automatic = try Self.run(input, options: StandardPreprocessing.Options())
        let off = try Self.run(input, options: StandardPreprocessing.Options(noiseSuppression: .off))
        #expect(automatic.samples.count == input.count, "not delayed")
        let difference = Self.firstDifference(automatic.samples, off.samples)
        #expect(difference == nil, "the outputs differ from sample \(difference ?? 0)")
        let sameVerdicts = automatic.verdicts == off.verdicts
        #expect(sameVerdicts)
        #expect(automatic.verdicts.contains { $0.isSpeech }, "the detector heard the speech")
    }

    @Test("The same speech in white noise engages it: the noise after the speech is 10 dB lower", arguments: [10.0, 5.0])
    func noisySpeechEngages(snr: Double) throws {
        let speech = try SpeechRecordings.libriVox()
        let input = SpeechRecordings.noisy(speech, snr: snr, lead: 0.5, trail: 2, seed: 42)
        // Without gain control, so that the levels compare.
        let automatic = try Self.run(input, options: StandardPreprocessing.Options(automaticGainControl: false))
        let off = try Self.run(input, options: StandardPreprocessing.Options(noiseSuppression: .off, automaticGainControl: false))
        let delay = automatic.samples.count - input.count
        #expect(delay == 320, "the audio fell back by the suppressor's latency when it engaged")
        // The last second is noise only, 1 s after the speech.
        let end = Double(input.count) / Double(Self.sampleRate)
        let noiseOff = SpeechRecordings.level(
            SignalAnalysis.window(off.samples, sampleRate: Self.sampleRate, from: end - 1, to: end))
        let shifted = Array(automatic.samples[delay...])
        let noiseOn = SpeechRecordings.level(SignalAnalysis.window(shifted, sampleRate: Self.sampleRate, from: end - 1, to: end))
        #expect(noiseOff - noiseOn > 10, "noise \(noiseOff) → \(noiseOn) dBFS")
        // The verdicts still tile the output without a gap, the repeated 20 ms included.
        #expect(automatic.verdicts.first?.startSample == 0)
        #expect(zip(automatic.verdicts, automatic.verdicts.dropFirst()).allSatisfy { $0.endSample == $1.startSample })
        #expect(automatic.verdicts.last?.endSample == automatic.samples.count)
    }

    @Test("White noise alone never engages it: no speech, nothing to judge")
    func noiseAloneStaysOff() throws {
        let input = SpeechRecordings.gaussianNoise(count: 10 * Self.sampleRate, level: -35, seed: 9)
        let automatic = try Self.run(input, options: StandardPreprocessing.Options())
        let off = try Self.run(input, options: StandardPreprocessing.Options(noiseSuppression: .off))
        let difference = Self.firstDifference(automatic.samples, off.samples)
        #expect(difference == nil, "the outputs differ from sample \(difference ?? 0)")
    }
}
