import DictationTesting
import Foundation
import Testing

@testable import DictationPreprocessing

@Suite("LevelMeter", .timeLimit(.minutes(25)))
struct LevelMeterTests {
    static let sampleRate = 16_000

    @Test(
        "Known signals have their textbook levels",
        arguments: [
            // (name, samples, RMS dBFS, peak dBFS)
            (
                "full-scale sine", SignalAnalysis.sine(frequency: 1_000, amplitude: 1, sampleRate: sampleRate, seconds: 1),
                -3.0103, 0
            ),
            (
                "half-scale sine", SignalAnalysis.sine(frequency: 1_000, amplitude: 0.5, sampleRate: sampleRate, seconds: 1),
                -9.0309, -6.0206
            ),
            ("full-scale square", (0..<16_000).map { ($0 / 8) % 2 == 0 ? Float(1) : -1 }, 0, 0),
            ("DC at 0.1", [Float](repeating: 0.1, count: 1_000), -20, -20),
            ("one sample at -1 among zeros", [Float](repeating: 0, count: 99) + [-1], -20, 0),
        ])
    func knownSignals(name: String, samples: [Float], rms: Double, peak: Double) {
        let level = LevelMeter.measure(samples)
        #expect(abs(Double(level.rms) - rms) < 0.001, "\(name): RMS \(level.rms) dBFS")
        #expect(abs(Double(level.peak) - peak) < 0.001, "\(name): peak \(level.peak) dBFS")
    }

    @Test("White noise: RMS of uniform noise is its amplitude / √3")
    func noise() {
        let samples = SignalAnalysis.noise(count: 160_000, amplitude: 0.5, seed: 1)
        let level = LevelMeter.measure(samples)
        #expect(abs(Double(level.rms) - 20 * log10(0.5 / 3.0.squareRoot())) < 0.05, "\(level.rms)")
        #expect(level.peak < -6.02 && level.peak > -6.03)
    }

    @Test("Digital silence, an empty buffer and inaudible dust are floored at -100 dBFS")
    func silenceIsFloored() {
        #expect(LevelMeter.measure([Float](repeating: 0, count: 320)) == AudioLevel(rms: -100, peak: -100))
        #expect(LevelMeter.measure([]) == .silence)
        #expect(LevelMeter.measure([Float](repeating: 1e-7, count: 320)) == .silence)
        // Just above the floor it measures again: 16-bit audio's smallest step is -90 dBFS.
        let lsb = LevelMeter.measure([Float](repeating: 1 / 32_768, count: 320))
        #expect(abs(lsb.rms - -90.31) < 0.01 && abs(lsb.peak - -90.31) < 0.01)
    }

    @Test("NaN and infinite samples count as silence")
    func nonFiniteSamples() {
        let level = LevelMeter.measure([.nan, .infinity, -.infinity, 0.5])
        #expect(abs(level.rms - -12.04) < 0.01 && abs(level.peak - -6.02) < 0.01)
    }

    @Test("The running level jumps up at once and falls back at the decay rate")
    func runningLevelDecays() {
        var meter = LevelMeter(sampleRate: Self.sampleRate)
        #expect(meter.level == .silence)
        let loud = SignalAnalysis.sine(frequency: 1_000, amplitude: 1, sampleRate: Self.sampleRate, seconds: 0.1)
        let jumped = meter.process(loud)
        #expect(abs(jumped.rms - -3.01) < 0.01 && abs(jumped.peak) < 0.01)

        // Half a second of silence in 20 ms buffers: 10 dB down at 20 dB/s.
        let silence = [Float](repeating: 0, count: 320)
        for _ in 0..<25 { meter.process(silence) }
        #expect(abs(meter.level.rms - -13.01) < 0.01 && abs(meter.level.peak - -10) < 0.01)

        // A quieter sound above the decayed level takes over at once.
        let medium = SignalAnalysis.sine(frequency: 1_000, amplitude: 0.5, sampleRate: Self.sampleRate, seconds: 0.02)
        meter.process(medium)
        #expect(abs(meter.level.rms - -9.03) < 0.01 && abs(meter.level.peak - -6.02) < 0.01)

        // Long silence ends at the floor, not below it.
        for _ in 0..<500 { meter.process(silence) }
        #expect(meter.level == .silence)
        meter.process(loud)
        meter.reset()
        #expect(meter.level == .silence)
    }

    @Test("Decay rate 0 holds the loudest level")
    func zeroDecayHolds() {
        var meter = LevelMeter(sampleRate: Self.sampleRate, decayRate: 0)
        meter.process(SignalAnalysis.sine(frequency: 500, amplitude: 0.25, sampleRate: Self.sampleRate, seconds: 0.1))
        for _ in 0..<100 { meter.process([Float](repeating: 0, count: 320)) }
        #expect(abs(meter.level.peak - -12.04) < 0.01)
        #expect(LevelMeter(sampleRate: 16_000, decayRate: .nan).decayRate == 20)
    }
}
