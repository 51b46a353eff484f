import DictationTesting
import Foundation
import Testing

@testable import DictationPreprocessing

@Suite("AutomaticGainControl", .timeLimit(.minutes(25)))
struct AutomaticGainControlTests {
    static let sampleRate = 16_000

    /// Runs samples through a gain control in 20 ms buffers, as a session would, and returns the
    /// output with the gain after each buffer.
    static func run(_ input: [Float], through gainControl: inout AutomaticGainControl) -> (output: [Float], gains: [Float]) {
        var output: [Float] = []
        var gains: [Float] = []
        var start = 0
        while start < input.count {
            var buffer = Array(input[start..<min(input.count, start + 320)])
            gainControl.process(&buffer)
            output += buffer
            gains.append(gainControl.gain)
            start += 320
        }
        return (output, gains)
    }

    /// A "speech-like" tone: 440 Hz whose loudness wanders by several dB, like syllables, at an
    /// RMS level of `level` dBFS.
    static func wanderingTone(seconds: Double, level: Double, seed: UInt64) -> [Float] {
        let count = Int(seconds * Double(sampleRate))
        var generator = SplitMix64(seed: seed)
        var envelope = 1.0
        var target = 1.0
        let tone: [Float] = (0..<count).map { index in
            // A new loudness every 100 ms, reached smoothly (20 ms time constant).
            if index % 1_600 == 0 { target = Double.random(in: 0.5...1.5, using: &generator) }
            envelope += (target - envelope) / 320
            return Float(envelope * sin(2 * Double.pi * 440 * Double(index) / Double(sampleRate)))
        }
        return SpeechRecordings.scaled(tone, toLevel: level)
    }

    /// The 100 ms RMS levels of samples, in dBFS, sorted.
    static func sortedShortTermLevels(_ samples: ArraySlice<Float>) -> [Double] {
        stride(from: samples.startIndex, to: samples.endIndex - 1_599, by: 1_600).map {
            SpeechRecordings.level(samples[$0..<($0 + 1_600)])
        }.sorted()
    }

    @Test("A quiet (-45 dBFS) speech-like tone is brought to the target level within 8 seconds")
    func quietToneReachesTarget() {
        var gainControl = AutomaticGainControl(sampleRate: Self.sampleRate)
        let input = Self.wanderingTone(seconds: 12, level: -45, seed: 1)
        let (output, gains) = Self.run(input, through: &gainControl)
        let settled = SpeechRecordings.level(output[(8 * Self.sampleRate)...])
        #expect(abs(settled - -20) < 1.5, "settled at \(settled) dBFS")
        #expect(gains.allSatisfy { $0 <= 30 })
    }

    @Test("Real speech at -45 and at -15 dBFS ends up at the same level, near the target")
    func speechIsLeveled() throws {
        let speech = try SpeechRecordings.libriVox()
        var levels: [Double] = []
        for inputLevel in [-45.0, -15.0] {
            var gainControl = AutomaticGainControl(sampleRate: Self.sampleRate)
            let (output, _) = Self.run(SpeechRecordings.scaled(speech, toLevel: inputLevel), through: &gainControl)
            // The last 10 seconds, once the gain has found its level.
            let tail = output[(output.count - 10 * Self.sampleRate)...]
            let level = SpeechRecordings.level(tail)
            let loudSyllables = Self.sortedShortTermLevels(tail)[Int(0.9 * Double(tail.count / 1_600))]
            // Loud syllables near the target; the average, pauses included, a little below it.
            #expect(abs(loudSyllables - -20) < 3, "input \(inputLevel) dBFS: loud syllables at \(loudSyllables) dBFS")
            #expect(level < -19 && level > -25, "input \(inputLevel) dBFS: output at \(level) dBFS")
            levels.append(level)
        }
        #expect(abs(levels[0] - levels[1]) < 2, "\(levels)")
    }

    @Test("A full-scale square wave never goes past the ceiling")
    func fullScaleSquareIsLimited() {
        var gainControl = AutomaticGainControl(sampleRate: Self.sampleRate)
        let square: [Float] = (0..<(2 * Self.sampleRate)).map { ($0 / 20) % 2 == 0 ? 1 : -1 }
        let (output, _) = Self.run(square, through: &gainControl)
        let ceiling = Float(pow(10, -0.1 / 20))
        #expect(output.allSatisfy { abs($0) <= ceiling })
        #expect(output.allSatisfy { abs($0) <= 0.99 })
    }

    @Test("A sudden jump from -40 to 0 dBFS never goes past the ceiling, and the gain comes down")
    func suddenJumpIsLimited() {
        var gainControl = AutomaticGainControl(sampleRate: Self.sampleRate)
        let quiet = SignalAnalysis.sine(frequency: 500, amplitude: 0.01, sampleRate: Self.sampleRate, seconds: 10)
        let loud = SignalAnalysis.sine(frequency: 500, amplitude: 1, sampleRate: Self.sampleRate, seconds: 3)
        let (output, gains) = Self.run(quiet + loud, through: &gainControl)
        let jump = quiet.count
        let ceiling = Float(pow(10, -0.1 / 20))
        #expect(output.allSatisfy { abs($0) <= ceiling })
        // Before the jump the gain had risen (towards +23 dB); the limiter caught the jump...
        #expect(gains[jump / 320 - 1] > 15)
        #expect(output[jump..<(jump + 800)].contains { abs($0) > 0.9 * ceiling })
        // ...and a second later the gain control has the loud tone at the target.
        let after = SpeechRecordings.level(output[(jump + Self.sampleRate)...])
        #expect(abs(after - -20) < 1, "\(after) dBFS")
    }

    @Test("A custom ceiling holds too")
    func customCeiling() {
        var gainControl = AutomaticGainControl(sampleRate: Self.sampleRate, targetLevel: -3, peakCeiling: -6)
        let loud = SignalAnalysis.sine(frequency: 300, amplitude: 1, sampleRate: Self.sampleRate, seconds: 2)
        let (output, _) = Self.run(loud, through: &gainControl)
        #expect(output.allSatisfy { abs($0) <= Float(pow(10, -6.0 / 20)) })
    }

    @Test("The gain never rises above maxGain", arguments: [30.0 as Float, 12])
    func gainCeiling(maxGain: Float) {
        var gainControl = AutomaticGainControl(sampleRate: Self.sampleRate, maxGain: maxGain)
        // -55 dBFS asks for +35 dB: more than the ceiling allows.
        let input = SpeechRecordings.scaled(
            SignalAnalysis.sine(frequency: 700, amplitude: 1, sampleRate: Self.sampleRate, seconds: 20), toLevel: -55)
        let (output, gains) = Self.run(input, through: &gainControl)
        #expect(gains.allSatisfy { $0 <= maxGain })
        #expect(abs((gains.last ?? 0) - maxGain) < 0.1)
        let settled = SpeechRecordings.level(output[(15 * Self.sampleRate)...])
        #expect(abs(settled - Double(-55 + maxGain)) < 0.2, "\(settled) dBFS")
    }

    @Test("Digital silence stays digital silence")
    func silenceStaysSilent() {
        var gainControl = AutomaticGainControl(sampleRate: Self.sampleRate)
        let (output, gains) = Self.run([Float](repeating: 0, count: 5 * Self.sampleRate), through: &gainControl)
        #expect(output.allSatisfy { $0 == 0 })
        #expect(gains.allSatisfy { $0 == 0 })
    }

    @Test("Faint noise below the gate is not amplified")
    func faintNoiseIsNotAmplified() {
        var gainControl = AutomaticGainControl(sampleRate: Self.sampleRate)
        let noise = SpeechRecordings.whiteNoise(seconds: 10, level: -70, seed: 5)
        let (output, gains) = Self.run(noise, through: &gainControl)
        #expect(gains.allSatisfy { $0 == 0 })
        #expect(output == noise)
    }

    @Test("In a pause after speech the gain holds instead of pumping the background up")
    func gainHoldsInPauses() {
        var gainControl = AutomaticGainControl(sampleRate: Self.sampleRate)
        let speechLike = Self.wanderingTone(seconds: 10, level: -40, seed: 2)
        let pause = SpeechRecordings.whiteNoise(seconds: 10, level: -75, seed: 3)
        let (output, gains) = Self.run(speechLike + pause, through: &gainControl)
        let gainAtPause = gains[speechLike.count / 320 - 1]
        #expect(gainAtPause > 15 && gainAtPause < 25, "\(gainAtPause) dB")
        // An ungated gain control would head for +30 dB over these 10 seconds. This one rises a dB
        // or two while its 100 ms level measurement falls through the 20 dB down to the gate, then holds.
        let pauseGains = gains[(speechLike.count / 320)...]
        #expect(pauseGains.allSatisfy { $0 < gainAtPause + 3 }, "rose to \(pauseGains.max() ?? 0) dB")
        #expect(pauseGains.suffix(400).allSatisfy { $0 == pauseGains.last }, "held still for the last 8 seconds")
        let pauseLevel = SpeechRecordings.level(output[(speechLike.count + Self.sampleRate)...])
        #expect(pauseLevel < -75 + Double(gainAtPause) + 3.5, "\(pauseLevel) dBFS")
    }

    @Test("Buffers of any size give the same output as one buffer")
    func chunkingDoesNotMatter() {
        let input = Self.wanderingTone(seconds: 3, level: -35, seed: 4)
        var whole = input
        var gainControl = AutomaticGainControl(sampleRate: Self.sampleRate)
        gainControl.process(&whole)

        var chunkedControl = AutomaticGainControl(sampleRate: Self.sampleRate)
        var generator = SplitMix64(seed: 8)
        var chunked: [Float] = []
        var start = 0
        while start < input.count {
            let end = min(input.count, start + Int.random(in: 0...900, using: &generator))
            var chunk = Array(input[start..<end])
            chunkedControl.process(&chunk)
            chunked += chunk
            start = end
        }
        #expect(chunked == whole)
    }

    @Test("reset() returns the gain to 0 dB")
    func resetReturnsToUnity() {
        var gainControl = AutomaticGainControl(sampleRate: Self.sampleRate)
        var quiet = Self.wanderingTone(seconds: 5, level: -45, seed: 6)
        gainControl.process(&quiet)
        #expect(gainControl.gain > 10)
        gainControl.reset()
        #expect(gainControl.gain == 0)
    }

    @Test("NaN and infinite samples come out as silence; the gain stays a number")
    func nonFiniteSamples() {
        var gainControl = AutomaticGainControl(sampleRate: Self.sampleRate)
        var samples = Self.wanderingTone(seconds: 1, level: -30, seed: 9)
        samples[1_000] = .nan
        samples[2_000] = .infinity
        samples[3_000] = Float.greatestFiniteMagnitude
        gainControl.process(&samples)
        #expect(samples[1_000] == 0 && samples[2_000] == 0)
        #expect(samples.allSatisfy { $0.isFinite && abs($0) <= 0.99 })
        #expect(gainControl.gain.isFinite)
    }

    @Test("Parameters out of range are clamped")
    func clamping() {
        let odd = AutomaticGainControl(
            sampleRate: -1, targetLevel: 10, maxGain: .nan, attackTime: 0, releaseTime: .infinity,
            noiseGate: -500, peakCeiling: 3)
        #expect(odd.sampleRate == 1)
        #expect(odd.targetLevel == 0)
        #expect(odd.maxGain == 30)
        #expect(odd.attackTime == 0.001)
        #expect(odd.releaseTime == 60)
        #expect(odd.noiseGate == -100)
        #expect(odd.peakCeiling == 0)
    }

    @Test("A held gain stays put through loud input, and the limiter still works")
    func heldGainStaysPut() {
        var gainControl = AutomaticGainControl(sampleRate: Self.sampleRate)
        _ = Self.run(Self.wanderingTone(seconds: 6, level: -45, seed: 3), through: &gainControl)
        let before = gainControl.gain
        #expect(before > 15, "quiet input raised the gain first: \(before) dB")
        gainControl.holdsGain = true
        let (output, gains) = Self.run(Self.wanderingTone(seconds: 2, level: -10, seed: 4), through: &gainControl)
        #expect(gains.allSatisfy { $0 == before })
        #expect(output.allSatisfy { abs($0) <= 0.99 })
        gainControl.holdsGain = false
        _ = Self.run(Self.wanderingTone(seconds: 2, level: -10, seed: 5), through: &gainControl)
        #expect(gainControl.gain < before - 10, "released, the gain follows the loud input down")
    }

    @Test("A key steers the gain: a silent key holds it, whatever the samples")
    func keySteersTheGain() {
        var gainControl = AutomaticGainControl(sampleRate: Self.sampleRate)
        var loud = Self.wanderingTone(seconds: 2, level: -10, seed: 6)
        gainControl.process(&loud, key: [Float](repeating: 0, count: loud.count))
        #expect(gainControl.gain == 0, "the key is below the gate")
        var quiet = Self.wanderingTone(seconds: 8, level: -45, seed: 7)
        let key = quiet
        gainControl.process(&quiet, key: key)
        #expect(gainControl.gain > 15)
    }
}
