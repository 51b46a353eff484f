import DictationTesting
import Foundation
import Testing

@testable import DictationPreprocessing

@Suite("SpectralNoiseSuppressor")
struct SpectralNoiseSuppressorTests {
    static let sampleRate = 16_000

    /// Runs a whole signal through a suppressor in buffers of `chunk` samples, flushes it, and
    /// returns the output lined up with the input (the first ``SpectralNoiseSuppressor/latency``
    /// samples dropped), as many samples as went in.
    static func cleaned(_ input: [Float], by suppressor: SpectralNoiseSuppressor, chunk: Int = 320) -> [Float] {
        var suppressor = suppressor
        var output: [Float] = []
        output.reserveCapacity(input.count + suppressor.latency)
        var start = 0
        while start < input.count {
            var buffer = Array(input[start..<min(input.count, start + chunk)])
            suppressor.process(&buffer)
            output += buffer
            start += chunk
        }
        output += suppressor.flush()
        return Array(output[suppressor.latency...])
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

    /// Bursts of a tone shaped like syllables after 1.2 s of silence: 250 ms on (10 ms ramps),
    /// 150 ms off, with the loudness of each burst drawn from ±3 dB, at a peak amplitude of about
    /// `amplitude`. Bursts start every 6,400 samples (400 ms).
    static func toneBursts(frequency: Double, amplitude: Double, seconds: Double, seed: UInt64) -> [Float] {
        var generator = SplitMix64(seed: seed)
        let count = Int(seconds * Double(sampleRate))
        let period = 6_400
        let burst = 4_000
        let ramp = 160.0
        var loudness = 1.0
        return (0..<count).map { index in
            let position = index % period
            if position == 0 { loudness = pow(10, Double.random(in: -3...3, using: &generator) / 20) }
            guard index >= 3 * period, position < burst else { return 0 }
            let envelope = min(1, Double(position) / ramp, Double(burst - position) / ramp)
            return Float(amplitude * loudness * envelope * sin(2 * Double.pi * frequency * Double(index) / Double(sampleRate)))
        }
    }

    @Test("With suppression off (floor 0 dB) the output is the input, latency samples late", arguments: [8_000, 16_000, 48_000])
    func perfectReconstruction(sampleRate: Int) throws {
        let suppressor = SpectralNoiseSuppressor(sampleRate: sampleRate, gainFloor: 0)
        let input = SignalAnalysis.noise(count: 3 * sampleRate + 123, amplitude: 0.5, seed: 5)
        var raw: [Float] = []
        var running = suppressor
        var start = 0
        var generator = SplitMix64(seed: 17)
        while start < input.count {
            let end = min(input.count, start + Int.random(in: 1...900, using: &generator))
            var buffer = Array(input[start..<end])
            running.process(&buffer)
            #expect(buffer.count == end - start)
            raw += buffer
            start = end
        }
        let tail = running.flush()
        #expect(tail.count == suppressor.latency)
        raw += tail
        #expect(raw.count == input.count + suppressor.latency)
        // The first latency samples are the silence before the stream; then the input.
        #expect(raw[..<suppressor.latency].allSatisfy { abs($0) < 1e-6 })
        let largestError = zip(input, raw[suppressor.latency...]).map { abs($0 - $1) }.max() ?? .nan
        #expect(largestError < 1e-5, "largest error \(largestError)")
    }

    @Test("Frames are 32 ms or a little less, half-overlapped; the latency is a frame less one sample")
    func framing() {
        let suppressor = SpectralNoiseSuppressor(sampleRate: 16_000)
        #expect(suppressor.frameLength == 512 && suppressor.hopLength == 256 && suppressor.latency == 511)
        #expect(SpectralNoiseSuppressor(sampleRate: 8_000).frameLength == 256)
        #expect(SpectralNoiseSuppressor(sampleRate: 44_100).frameLength == 1_024)
        #expect(SpectralNoiseSuppressor(sampleRate: 48_000).latency == 1_023)
    }

    @Test("White noise alone at -30 dBFS is lowered by the floor, give or take 3 dB, after 2 s")
    func whiteNoiseAlone() {
        let suppressor = SpectralNoiseSuppressor(sampleRate: Self.sampleRate)
        let input = Self.gaussianNoise(count: 6 * Self.sampleRate, level: -30, seed: 3)
        let output = Self.cleaned(input, by: suppressor)
        let settled = SpeechRecordings.level(output[(2 * Self.sampleRate)...])
        let reduction = SpeechRecordings.level(input[(2 * Self.sampleRate)...]) - settled
        // No speech: the floor (-20 dB) applies; musical noise may poke through a little.
        #expect(reduction > 17 && reduction < 23, "lowered by \(reduction) dB")
        // Nor does it come back in bursts: every 100 ms stays well down.
        let loudest = stride(from: 2 * Self.sampleRate, to: output.count - 1_599, by: 1_600)
            .map { SpeechRecordings.level(output[$0..<($0 + 1_600)]) }.max() ?? 0
        #expect(loudest < -30 - 14, "loudest 100 ms at \(loudest) dBFS")
    }

    @Test("The noise estimate finds the level of white noise within 1.5 dB", arguments: [-60.0, -40, -20])
    func noiseLevelEstimate(level: Double) {
        var suppressor = SpectralNoiseSuppressor(sampleRate: Self.sampleRate)
        var input = Self.gaussianNoise(count: 3 * Self.sampleRate, level: level, seed: 8)
        suppressor.process(&input)
        #expect(abs(Double(suppressor.noiseLevel) - level) < 1.5, "estimated \(suppressor.noiseLevel) dBFS")
        #expect(suppressor.speechLevel == Decibels.floor, "no speech in plain noise")
        #expect(abs(suppressor.suppression - suppressor.gainFloor) < 0.01)
    }

    @Test("Speech in white noise at 10 dB SNR: the pauses lose 10 dB or more, the speech stays within 3 dB")
    func speechInNoise() throws {
        // The LibriVox recordings with 1.5 s pauses between them (and before the first), and the
        // benchmark's white Gaussian noise 10 dB below their speech level over it all.
        let pause = [Float](repeating: 0, count: 3 * Self.sampleRate / 2)
        var clean = pause
        var speechRanges: [Range<Int>] = []
        var pauseRanges: [Range<Int>] = [0..<pause.count]
        for id in SpeechRecordings.libriVoxIDs {
            let recording = try SpeechRecordings.load(id)
            speechRanges.append(clean.count..<(clean.count + recording.count))
            clean += recording
            pauseRanges.append(clean.count..<(clean.count + pause.count))
            clean += pause
        }
        let speechLevel = Self.speechLevel(clean)
        let noise = Self.gaussianNoise(count: clean.count, level: speechLevel - 10, seed: 10)
        let noisy = zip(clean, noise).map { $0 + $1 }
        let output = Self.cleaned(noisy, by: SpectralNoiseSuppressor(sampleRate: Self.sampleRate))

        // The pauses, 100 ms in from their edges (the recordings' own last and first sounds, and
        // the frames reaching across); the first one once the estimate has settled.
        for (index, range) in pauseRanges.enumerated() {
            let inner = (range.lowerBound + (index == 0 ? Self.sampleRate : 1_600))..<(range.upperBound - 1_600)
            let reduction = SpeechRecordings.level(noisy[inner]) - SpeechRecordings.level(output[inner])
            #expect(reduction >= 10, "pause \(index): lowered by \(reduction) dB")
        }
        for (index, range) in speechRanges.enumerated() {
            let difference = SpeechRecordings.level(output[range]) - SpeechRecordings.level(clean[range])
            #expect(abs(difference) < 3, "recording \(index): \(difference) dB from the clean speech")
        }
    }

    @Test("Clean speech passes almost untouched: it is already far more than targetSNR above its noise")
    func cleanSpeech() throws {
        let clean = try SpeechRecordings.libriVox()
        let output = Self.cleaned(clean, by: SpectralNoiseSuppressor(sampleRate: Self.sampleRate))
        let difference = SpeechRecordings.level(output[...]) - SpeechRecordings.level(clean[...])
        #expect(abs(difference) < 0.5, "\(difference) dB")
    }

    @Test("A speech-like tone (bursts of 1 kHz) keeps its amplitude within 1 dB in noise 15 dB below it")
    func speechLikeToneKeepsAmplitude() {
        let tone = Self.toneBursts(frequency: 1_000, amplitude: 0.1, seconds: 8, seed: 4)
        let noise = Self.gaussianNoise(count: tone.count, level: -20 - 15, seed: 12)
        let output = Self.cleaned(zip(tone, noise).map { $0 + $1 }, by: SpectralNoiseSuppressor(sampleRate: Self.sampleRate))
        // The middle 150 ms of each burst from the third second on: 150 whole cycles of 1 kHz.
        for start in stride(from: 3 * 6_400, to: tone.count - 6_400, by: 6_400) {
            let middle = (start + 800)..<(start + 3_200)
            let expected = SignalAnalysis.amplitude(of: tone[middle], at: 1_000, sampleRate: Self.sampleRate)
            let measured = SignalAnalysis.amplitude(of: output[middle], at: 1_000, sampleRate: Self.sampleRate)
            let difference = SignalAnalysis.decibels(measured / expected)
            #expect(abs(difference) < 1, "burst at \(start): \(difference) dB")
        }
    }

    @Test("A steady tone is noise to the suppressor: held for seconds, it fades by 10 dB or more")
    func steadyToneFades() {
        // Faint noise for a second, then the tone.
        let start = Self.sampleRate
        let tone = [Float](repeating: 0, count: start)
            + SignalAnalysis.sine(frequency: 1_000, amplitude: 0.1, sampleRate: Self.sampleRate, seconds: 6)
        let noise = Self.gaussianNoise(count: tone.count, level: -60, seed: 2)
        let output = Self.cleaned(zip(tone, noise).map { $0 + $1 }, by: SpectralNoiseSuppressor(sampleRate: Self.sampleRate))
        // A quarter of a second (250 cycles) at the start, and the last second.
        let first = SignalAnalysis.amplitude(of: output[(start + 1_600)..<(start + 5_600)], at: 1_000, sampleRate: Self.sampleRate)
        let last = SignalAnalysis.amplitude(of: output[(6 * Self.sampleRate)...], at: 1_000, sampleRate: Self.sampleRate)
        #expect(abs(SignalAnalysis.decibels(first / 0.1)) < 1, "at first the tone is kept: \(first)")
        #expect(SignalAnalysis.decibels(last / 0.1) < -10, "after 5 s: \(SignalAnalysis.decibels(last / 0.1)) dB")
    }

    @Test("Buffers of any size give the same output as one buffer")
    func chunkingDoesNotMatter() throws {
        let speech = try Array(SpeechRecordings.load("0880").prefix(40_000))
        let input = zip(speech, Self.gaussianNoise(count: speech.count, level: -35, seed: 1)).map { $0 + $1 }
        var whole = input
        var suppressor = SpectralNoiseSuppressor(sampleRate: Self.sampleRate)
        suppressor.process(&whole)
        whole += suppressor.flush()

        var chunked: [Float] = []
        var chunkedSuppressor = SpectralNoiseSuppressor(sampleRate: Self.sampleRate)
        var generator = SplitMix64(seed: 11)
        var start = 0
        while start < input.count {
            let end = min(input.count, start + Int.random(in: 0...1_300, using: &generator))
            var chunk = Array(input[start..<end])
            chunkedSuppressor.process(&chunk)
            chunked += chunk
            start = end
        }
        chunked += chunkedSuppressor.flush()
        #expect(chunked == whole)
    }

    @Test("NaN, infinite and absurdly large samples don't poison the state")
    func nonFiniteSamples() {
        let tone = Self.toneBursts(frequency: 1_000, amplitude: 0.1, seconds: 6, seed: 9)
        var input = zip(tone, Self.gaussianNoise(count: tone.count, level: -50, seed: 4)).map { $0 + $1 }
        input[10_000] = .nan
        input[20_000] = .infinity
        input[30_000] = -.infinity
        for index in 40_000..<40_300 { input[index] = 3e38 }
        let output = Self.cleaned(input, by: SpectralNoiseSuppressor(sampleRate: Self.sampleRate))
        #expect(output.allSatisfy { $0.isFinite })
        // Two seconds after the last bad sample, the bursts are as they should be.
        for start in stride(from: 4 * 6_400 + 6_400 * 5, to: tone.count - 6_400, by: 6_400) {
            let middle = (start + 800)..<(start + 3_200)
            let expected = SignalAnalysis.amplitude(of: tone[middle], at: 1_000, sampleRate: Self.sampleRate)
            let measured = SignalAnalysis.amplitude(of: output[middle], at: 1_000, sampleRate: Self.sampleRate)
            #expect(abs(SignalAnalysis.decibels(measured / expected)) < 1, "burst at \(start)")
        }
    }

    @Test("reset() forgets the past: the suppressor then acts like a new one")
    func resetForgets() {
        let input = Self.gaussianNoise(count: 20_000, level: -30, seed: 6)
        var used = SpectralNoiseSuppressor(sampleRate: Self.sampleRate)
        var scratch = SignalAnalysis.sine(frequency: 300, amplitude: 0.5, sampleRate: Self.sampleRate, seconds: 1.3)
        used.process(&scratch)
        used.reset()
        var afterReset = input
        used.process(&afterReset)
        var fresh = SpectralNoiseSuppressor(sampleRate: Self.sampleRate)
        var expected = input
        fresh.process(&expected)
        #expect(afterReset == expected)
        #expect(used.noiseLevel == fresh.noiseLevel)
    }

    @Test("flush() ends the stream and leaves the suppressor as new")
    func flushResets() {
        let input = Self.gaussianNoise(count: 9_000, level: -30, seed: 7)
        var suppressor = SpectralNoiseSuppressor(sampleRate: Self.sampleRate)
        var first = input
        suppressor.process(&first)
        #expect(suppressor.flush().count == suppressor.latency)
        var second = input
        suppressor.process(&second)
        #expect(second == first)
        // An empty buffer changes nothing.
        var empty: [Float] = []
        suppressor.process(&empty)
        #expect(empty.isEmpty)
    }

    @Test("Digital silence stays silent")
    func silence() {
        var samples = [Float](repeating: 0, count: 2 * Self.sampleRate)
        var suppressor = SpectralNoiseSuppressor(sampleRate: Self.sampleRate)
        suppressor.process(&samples)
        samples += suppressor.flush()
        #expect(samples.allSatisfy { $0 == 0 })
    }

    @Test("Parameters out of range are clamped")
    func clamping() {
        #expect(SpectralNoiseSuppressor(sampleRate: 16_000, gainFloor: .nan).gainFloor == -20)
        #expect(SpectralNoiseSuppressor(sampleRate: 16_000, gainFloor: 6).gainFloor == 0)
        #expect(SpectralNoiseSuppressor(sampleRate: 16_000, gainFloor: -100).gainFloor == -40)
        #expect(SpectralNoiseSuppressor(sampleRate: 16_000, targetSNR: .nan).targetSNR == 25)
        #expect(SpectralNoiseSuppressor(sampleRate: 16_000, targetSNR: -5).targetSNR == 0)
        #expect(SpectralNoiseSuppressor(sampleRate: 16_000, targetSNR: 100).targetSNR == 60)
        // Even a nonsense rate builds a suppressor that puts out numbers.
        var odd = SpectralNoiseSuppressor(sampleRate: 0)
        #expect(odd.sampleRate == 1 && odd.frameLength == 16)
        var samples = SignalAnalysis.noise(count: 100, amplitude: 0.5, seed: 1)
        odd.process(&samples)
        #expect(samples.allSatisfy { $0.isFinite })
    }
}
