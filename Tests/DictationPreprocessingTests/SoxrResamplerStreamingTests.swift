import DictationKit
import DictationPreprocessing
import DictationTesting
import Testing

@Suite("SoxrResampler streaming", .timeLimit(.minutes(25)))
struct SoxrResamplerStreamingTests {
    static let inputRates = [8_000, 22_050, 44_100, 48_000]

    /// Speech-like test material: a few tones over seeded noise.
    static func material(sampleRate: Int, seconds: Double) -> [Float] {
        let noise = SignalAnalysis.noise(count: Int(seconds * Double(sampleRate)), amplitude: 0.2, seed: 7)
        let low = SignalAnalysis.sine(frequency: 220, amplitude: 0.3, sampleRate: sampleRate, seconds: seconds)
        let high = SignalAnalysis.sine(frequency: 2_900, amplitude: 0.2, sampleRate: sampleRate, seconds: seconds)
        return (0..<noise.count).map { noise[$0] + low[$0] + high[$0] }
    }

    @Test("Feeding random-sized chunks gives the one-call output", arguments: inputRates)
    func chunkedEqualsOneShot(inputRate: Int) throws {
        let input = Self.material(sampleRate: inputRate, seconds: 2)
        let oneShot = try SoxrResampler(inputSampleRate: inputRate, outputSampleRate: 16_000)
        let expected = try oneShot.process(input) + oneShot.flush()

        let streaming = try SoxrResampler(inputSampleRate: inputRate, outputSampleRate: 16_000)
        var generator = SplitMix64(seed: UInt64(inputRate))
        var output: [Float] = []
        var start = 0
        while start < input.count {
            // Empty, single-sample and larger-than-a-read chunks all occur.
            let size = min(input.count - start, Int.random(in: 0...6_000, using: &generator))
            output += try streaming.process(Array(input[start..<start + size]))
            start += size
        }
        output += try streaming.flush()

        // Measured: identical to the last bit, since soxr's blocks follow the stream, not the calls.
        #expect(output.count == expected.count)
        let difference = zip(output, expected).map { abs($0 - $1) }.max() ?? 0
        #expect(difference <= 1e-6, "chunked output differs by up to \(difference)")
    }

    @Test("The output is time-aligned with the input: no filter delay", arguments: inputRates)
    func timeAligned(inputRate: Int) throws {
        let resampler = try SoxrResampler(inputSampleRate: inputRate, outputSampleRate: 16_000)
        var click = [Float](repeating: 0, count: inputRate)
        click[inputRate / 2] = 1
        let output = try resampler.process(click) + resampler.flush()
        let peak = output.indices.max { abs(output[$0]) < abs(output[$1]) }
        #expect(peak == 8_000, "a click at 0.5 s comes out at sample \(peak.map(String.init) ?? "none")")
    }

    @Test(
        "A whole stream comes out input × out / in samples long",
        arguments: [8_000, 11_025, 16_000, 22_050, 32_000, 44_100, 48_000, 96_000, 12_345])
    func outputLength(inputRate: Int) throws {
        let resampler = try SoxrResampler(inputSampleRate: inputRate, outputSampleRate: 16_000)
        // Not a whole number of output samples, and cut into session-sized reads.
        let inputCount = inputRate * 3 / 2 + 7
        let input = Self.material(sampleRate: inputRate, seconds: 2)[..<inputCount]
        var produced = 0
        for start in stride(from: 0, to: inputCount, by: inputRate / 10) {
            produced += try resampler.process(Array(input[start..<min(inputCount, start + inputRate / 10)])).count
        }
        produced += try resampler.flush().count
        // soxr rounds the exact length to the nearest sample (measured: always within 0.5).
        let expected = Double(inputCount) * 16_000 / Double(inputRate)
        #expect(abs(Double(produced) - expected) <= 0.5, "\(produced) samples where \(expected) were due")
    }

    @Test("Empty input gives empty output and flushing twice is safe")
    func emptyInputAndRepeatedFlush() throws {
        let resampler = try SoxrResampler(inputSampleRate: 44_100, outputSampleRate: 16_000)
        #expect(try resampler.process([]).isEmpty)
        #expect(try resampler.flush().isEmpty)
        #expect(try resampler.flush().isEmpty)

        let input = Self.material(sampleRate: 44_100, seconds: 0.5)
        let first = try resampler.process(input) + resampler.process([]) + resampler.flush()
        #expect(try resampler.flush().isEmpty)
        #expect(try resampler.process([]).isEmpty)

        // A flush leaves the resampler ready for a new stream, which starts from silence again.
        let second = try resampler.process(input) + resampler.flush()
        #expect(first.count == second.count)
        #expect(first == second)
    }

    @Test("Rates that aren't positive are invalid audio", arguments: [(0, 16_000), (-8_000, 16_000), (44_100, 0)])
    func rejectsNonPositiveRates(input: Int, output: Int) {
        #expect {
            _ = try SoxrResampler(inputSampleRate: input, outputSampleRate: output)
        } throws: { error in
            (error as? DictationError)?.code == .invalidAudio
        }
    }

    @Test("Unusual positive rates are accepted", arguments: [1, 100, 7_999, 192_000, 384_000])
    func acceptsUnusualRates(inputRate: Int) throws {
        let resampler = try SoxrResampler(inputSampleRate: inputRate, outputSampleRate: 16_000)
        let input = SignalAnalysis.noise(count: max(inputRate, 10), amplitude: 0.5, seed: 3)
        let output = try resampler.process(input) + resampler.flush()
        let expected = Double(input.count) * 16_000 / Double(inputRate)
        #expect(abs(Double(output.count) - expected) <= 1)
    }
}
