import DictationKit
import DictationTesting
import Foundation
import Testing

@testable import DictationPreprocessing

/// ``StandardPreprocessing/NoiseSuppression/automatic`` through the whole chain: off on clean
/// speech, on on the same speech in white noise.
@Suite("Automatic noise suppression", .timeLimit(.minutes(25)))
struct AutomaticNoiseSuppressionTests {
    static let sampleRate = 16_000

    /// The chain's output and verdicts for a whole signal read in 100 ms buffers, as `dictate
    /// transcribe` reads a file, and whether it found the audio noisy after each buffer.
    static func run(
        _ input: [Float], options: StandardPreprocessing.Options
    ) throws -> (samples: [Float], verdicts: [VoiceActivityFrame], noisy: [Bool]) {
        let processor = try StandardPreprocessing(options: options).makeProcessor(
            input: .recognizer, outputSampleRate: sampleRate)
        let standard = try #require(processor as? StandardPreprocessor)
        var samples: [Float] = []
        var verdicts: [VoiceActivityFrame] = []
        var noisy: [Bool] = []
        for start in stride(from: 0, to: input.count, by: 1_600) {
            let frame = try processor.process(
                AudioFrame(
                    samples: Array(input[start..<min(input.count, start + 1_600)]), sampleRate: sampleRate, channelCount: 1,
                    startTime: Double(start) / Double(sampleRate)))
            #expect(frame.startTime == Double(samples.count) / Double(sampleRate), "timed by output samples")
            samples += frame.samples
            verdicts += frame.voiceActivity
            noisy.append(standard.findsNoisy ?? false)
        }
        let tail = try processor.flush()
        return (samples + tail.samples, verdicts + tail.voiceActivity, noisy)
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
        #expect(!automatic.noisy.contains(true))
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

    @Test("Once engaged on noisy speech it stays engaged: the pauses of a long read stay lowered")
    func noisySpeechStaysSuppressed() throws {
        // The recordings one after the other, each followed by 2 s of the noise alone, at 10 dB SNR.
        // The detector that decides hears the suppressed audio; were the suppressed audio taken for
        // clean, suppression would let go, and the noise come back in a later pause.
        let pause = 2 * Self.sampleRate
        var speech: [Float] = []
        var pauses: [Range<Int>] = []
        for id in SpeechRecordings.libriVoxIDs {
            speech += try SpeechRecordings.load(id)
            pauses.append(speech.count..<speech.count + pause)
            speech += [Float](repeating: 0, count: pause)
        }
        let input = SpeechRecordings.noisy(speech, snr: 10, lead: 0, trail: 0, seed: 7)
        #expect(input.count == speech.count)
        let options = StandardPreprocessing.Options(automaticGainControl: false)
        let automatic = try Self.run(input, options: options)
        let off = try Self.run(input, options: StandardPreprocessing.Options(noiseSuppression: .off, automaticGainControl: false))
        let delay = automatic.samples.count - input.count
        #expect(delay == 320)
        // Found noisy once, and never clean again: the suppressed audio is not taken for clean.
        let firstNoisy = try #require(automatic.noisy.firstIndex(of: true))
        #expect(firstNoisy < 30, "within the first 3 s")
        let released = automatic.noisy.indices.filter { $0 > firstNoisy && !automatic.noisy[$0] }
        #expect(released.isEmpty, "released in \(released.count) buffers, from \(Double(released.first ?? 0) / 10) s")
        // Every pause but the first, where it may only just be engaging: 10 dB and more lower.
        for range in pauses.dropFirst() {
            let from = Double(range.lowerBound) / Double(Self.sampleRate) + 0.5
            let to = Double(range.upperBound) / Double(Self.sampleRate)
            let noiseOff = SpeechRecordings.level(
                SignalAnalysis.window(off.samples, sampleRate: Self.sampleRate, from: from, to: to))
            let shifted = Array(automatic.samples[delay...])
            let noiseOn = SpeechRecordings.level(SignalAnalysis.window(shifted, sampleRate: Self.sampleRate, from: from, to: to))
            #expect(noiseOff - noiseOn > 10, "pause at \(from) s: noise \(noiseOff) → \(noiseOn) dBFS")
        }
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
