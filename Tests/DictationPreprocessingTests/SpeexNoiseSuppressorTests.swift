import DictationTesting
import Foundation
import Testing

@testable import DictationPreprocessing

@Suite("SpeexNoiseSuppressor", .timeLimit(.minutes(25)))
struct SpeexNoiseSuppressorTests {
    static let sampleRate = 16_000

    /// Runs a whole signal through a new suppressor in buffers of `chunk` samples and flushes
    /// it: everything that came out, the first ``SpeexNoiseSuppressor/latency`` samples included.
    static func run(_ input: [Float], chunk: Int = 1_600) throws -> (output: [Float], latency: Int) {
        let suppressor = try #require(SpeexNoiseSuppressor(sampleRate: sampleRate))
        var output: [Float] = []
        var start = 0
        while start < input.count {
            var buffer = Array(input[start..<min(input.count, start + chunk)])
            suppressor.process(&buffer)
            output += buffer
            start += chunk
        }
        output += suppressor.flush()
        return (output, suppressor.latency)
    }

    /// The RMS level in dBFS of seconds `from..<to` of a signal.
    static func level(_ samples: [Float], from: Double, to: Double) -> Double {
        SpeechRecordings.level(SignalAnalysis.window(samples, sampleRate: sampleRate, from: from, to: to))
    }

    @Test("10 ms frames, 20 ms late: 320 samples at 16 kHz")
    func frameAndLatency() throws {
        let suppressor = try #require(SpeexNoiseSuppressor(sampleRate: 16_000))
        #expect(suppressor.frameLength == 160)
        #expect(suppressor.latency == 320)
        #expect(SpeexNoiseSuppressor(sampleRate: 48_000)?.latency == 960)
    }

    @Test("As many samples come out as go in, plus the latency from flush(), and the speech is that late")
    func lengthAndAlignment() throws {
        let speech = try SpeechRecordings.load("0880")
        let input = SpeechRecordings.noisy(speech, snr: 20, seed: 7)
        let (output, latency) = try Self.run(input, chunk: 1_000)
        #expect(output.count == input.count + latency)
        // The first latency samples are what came before the stream: silence, but for the faint
        // edge of the first frame's window.
        let lead = SpeechRecordings.level(output[..<latency])
        #expect(lead < SpeechRecordings.level(input[...]) - 30, "\(lead) dBFS before the stream")
        // The lag at which output and input match best is the latency: the words are where it says.
        func correlation(at lag: Int) -> Double {
            (0..<(input.count - 48)).reduce(0.0) { $0 + Double(input[$1]) * Double(output[$1 + lag]) }
        }
        let best = (latency - 48...latency + 48).max { correlation(at: $0) < correlation(at: $1) }
        #expect(best == latency)
    }

    @Test("White noise loses more than 10 dB; speech over it keeps its level within 3 dB")
    func lowersNoiseKeepsSpeech() throws {
        // 2 s of noise to learn from, the sentence, 1 s of noise after it; noise 20 dB under the speech.
        let speech = try SpeechRecordings.load("0870")
        let input = SpeechRecordings.noisy(speech, snr: 20, lead: 2, trail: 1, seed: 11)
        let (delayed, latency) = try Self.run(input)
        let output = Array(delayed[latency...])
        let noiseBefore = Self.level(input, from: 1.0, to: 1.9)
        let noiseAfter = Self.level(output, from: 1.0, to: 1.9)
        #expect(noiseBefore - noiseAfter > 10, "noise \(noiseBefore) → \(noiseAfter) dBFS")
        let tail = Double(input.count) / Double(Self.sampleRate)
        #expect(noiseBefore - Self.level(output, from: tail - 0.9, to: tail) > 10, "noise after the speech")
        let speechIn = SpeechRecordings.speechLevel(Array(input[32_000..<(32_000 + speech.count)]))
        let speechOut = SpeechRecordings.speechLevel(Array(output[32_000..<(32_000 + speech.count)]))
        #expect(abs(speechIn - speechOut) < 3, "speech \(speechIn) → \(speechOut) dBFS")
    }

    /// Listens to the first `listened` samples of a signal, then cleans the rest in 1 600-sample
    /// buffers and flushes: what came out of the cleaning, the first ``SpeexNoiseSuppressor/latency``
    /// samples included.
    static func listenThenRun(_ input: [Float], listened: Int) throws -> [Float] {
        let suppressor = try #require(SpeexNoiseSuppressor(sampleRate: sampleRate))
        for start in stride(from: 0, to: listened, by: 1_600) {
            suppressor.listen(Array(input[start..<min(listened, start + 1_600)]))
        }
        var output: [Float] = []
        for start in stride(from: listened, to: input.count, by: 1_600) {
            var buffer = Array(input[start..<min(input.count, start + 1_600)])
            suppressor.process(&buffer)
            output += buffer
        }
        return output + suppressor.flush()
    }

    @Test("Within the first frames, listening runs speex in full: the output after it is the same, sample for sample")
    func listeningWarmUpIsAFullRun() throws {
        let input = SpeechRecordings.noisy(try SpeechRecordings.load("0870"), snr: 20, lead: 1, seed: 11)
        let listened = 20 * 160  // 20 frames, under SpeexNoiseSuppressor.fullRunsBeforeListening
        #expect(listened / 160 < SpeexNoiseSuppressor.fullRunsBeforeListening)
        let reference = try Self.run(input).output
        #expect(try Self.listenThenRun(input, listened: listened) == Array(reference[listened...]))
    }

    @Test(
        "After listening to the noise for 2 s, the suppressor lowers it at once, and after 0.1 s as one that cleaned it all along"
    )
    func listeningReadiesTheNoiseEstimate() throws {
        // 2 s of noise to listen to (200 frames: most of them estimate-only), 1.2 s more noise
        // to clean, then the sentence.
        let speech = try SpeechRecordings.load("0870")
        let input = SpeechRecordings.noisy(speech, snr: 20, lead: 3.2, trail: 1, seed: 11)
        let listened = 32_000
        let (delayed, latency) = try Self.run(input)
        let reference = Array(delayed[(listened + latency)...])
        let output = Array(try Self.listenThenRun(input, listened: listened)[latency...])
        #expect(output.count == reference.count)
        func levels(_ range: Range<Int>) -> (input: Double, output: Double, reference: Double) {
            (
                SpeechRecordings.level(input[(listened + range.lowerBound)..<(listened + range.upperBound)]),
                SpeechRecordings.level(output[range]), SpeechRecordings.level(reference[range])
            )
        }
        // Speex's smoothing of its gains carries over from its last full run: the first 0.1 s
        // are lowered less than by the suppressor that cleaned all along (measured: 6 dB
        // against 13), but lowered.
        let first = levels(160..<1_600)
        #expect(first.input - first.output > 3, "first 0.1 s: \(first)")
        // From 0.1 s on, the same.
        let rest = levels(1_600..<19_200)
        #expect(rest.input - rest.output > 10, "0.1-1.2 s: \(rest)")
        #expect(abs(rest.output - rest.reference) < 1, "0.1-1.2 s: \(rest)")
        let words = 19_200..<(19_200 + speech.count)
        let speechOut = SpeechRecordings.speechLevel(Array(output[words]))
        let speechReference = SpeechRecordings.speechLevel(Array(reference[words]))
        #expect(abs(speechOut - speechReference) < 1, "speech \(speechOut) against \(speechReference) dBFS")
    }

    @Test("Buffers of any size give the same output", arguments: [1, 37, 160, 1_000, 100_000])
    func bufferSizeDoesNotMatter(chunk: Int) throws {
        let input = SpeechRecordings.noisy(try SpeechRecordings.load("0930"), snr: 10, seed: 3)
        let reference = try Self.run(input, chunk: 160).output
        #expect(try Self.run(input, chunk: chunk).output == reference)
    }

    @Test("NaN, infinite and over-range samples come out as finite samples within ±1")
    func badSamples() throws {
        var input = SpeechRecordings.gaussianNoise(count: 4_800, level: -30, seed: 5)
        input[100] = .nan
        input[1_000] = .infinity
        input[2_000] = -.infinity
        input[3_000] = 40
        let output = try Self.run(input).output
        #expect(output.allSatisfy { $0.isFinite && abs($0) <= 1 })
    }
}
