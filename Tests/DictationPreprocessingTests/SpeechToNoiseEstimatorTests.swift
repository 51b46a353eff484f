import Testing

@testable import DictationPreprocessing

@Suite("SpeechToNoiseEstimator", .timeLimit(.minutes(25)))
struct SpeechToNoiseEstimatorTests {
    /// An estimator for 20 ms frames, fed `count` speech frames at `energy` over `floor`.
    static func fed(_ count: Int, energy: Float, floor: Float, into estimator: inout SpeechToNoiseEstimator) {
        for _ in 0..<count { estimator.update(energy: energy, noiseFloor: floor, isSpeech: true) }
    }

    @Test("Speech 30 dB over the floor is clean; 10 dB over it is noisy, but only after 0.1 s of speech")
    func engagesOnlyWhenNoisy() {
        var clean = SpeechToNoiseEstimator(frameDuration: 0.02)
        Self.fed(100, energy: -30, floor: -60, into: &clean)
        #expect(!clean.isNoisy)
        #expect(abs((clean.ratio ?? 0) - 30) < 0.01)

        var noisy = SpeechToNoiseEstimator(frameDuration: 0.02)
        #expect(noisy.ratio == nil)
        Self.fed(4, energy: -30, floor: -40, into: &noisy)
        #expect(!noisy.isNoisy, "4 frames are 80 ms: too little speech to judge")
        Self.fed(1, energy: -30, floor: -40, into: &noisy)
        #expect(noisy.isNoisy)
    }

    @Test("Noise that suppression took off still counts: suppressed audio does not look clean")
    func suppressedNoiseStillCounts() {
        var estimator = SpeechToNoiseEstimator(frameDuration: 0.02)
        Self.fed(10, energy: -30, floor: -40, into: &estimator)
        #expect(estimator.isNoisy)
        // Suppression engaged: the detector, which hears the suppressed audio, finds its floor
        // 18 dB lower, and the speech 28 dB above it; before suppression it is still 10 dB.
        for _ in 0..<50 {
            estimator.update(energy: -58, noiseFloor: -58, isSpeech: false, unsuppressedEnergy: -40)
        }
        #expect(abs(estimator.attenuation - 18) < 0.01)
        for _ in 0..<1_000 {
            estimator.update(energy: -30, noiseFloor: -58, isSpeech: true, unsuppressedEnergy: -30)
        }
        #expect(estimator.isNoisy, "it stays on: released, the noise would be back")
        #expect(abs((estimator.ratio ?? 0) - 10) < 0.1)
        // The noise goes away: suppression takes nothing off any more, and the audio is clean.
        for _ in 0..<50 {
            estimator.update(energy: -70, noiseFloor: -70, isSpeech: false, unsuppressedEnergy: -70)
        }
        Self.fed(1_000, energy: -30, floor: -70, into: &estimator)
        #expect(!estimator.isNoisy)
    }

    @Test("Frames that are not speech change nothing")
    func silenceIsIgnored() {
        var estimator = SpeechToNoiseEstimator(frameDuration: 0.02)
        for _ in 0..<500 { estimator.update(energy: -40, noiseFloor: -40, isSpeech: false) }
        #expect(!estimator.isNoisy)
        #expect(estimator.ratio == nil)
    }

    @Test("Hysteresis: noisy audio stays noisy until the ratio passes 21 dB")
    func hysteresis() {
        var estimator = SpeechToNoiseEstimator(frameDuration: 0.02)
        Self.fed(10, energy: -50, floor: -60, into: &estimator)
        #expect(estimator.isNoisy)
        // The room quietens: 19 dB is above the engaging threshold but under the releasing one.
        Self.fed(1_000, energy: -41, floor: -60, into: &estimator)
        #expect(estimator.isNoisy)
        #expect(abs((estimator.ratio ?? 0) - 19) < 0.1)
        Self.fed(1_000, energy: -35, floor: -60, into: &estimator)
        #expect(!estimator.isNoisy)
        // And back: 19 dB does not engage it again.
        Self.fed(1_000, energy: -41, floor: -60, into: &estimator)
        #expect(!estimator.isNoisy)
    }

    @Test("The speech level is a mean power: loud frames weigh more than their decibels")
    func meanPower() {
        var estimator = SpeechToNoiseEstimator(frameDuration: 0.02)
        estimator.update(energy: -20, noiseFloor: -60, isSpeech: true)
        estimator.update(energy: -40, noiseFloor: -60, isSpeech: true)
        // (0.01 + 0.0001) / 2 is -22.97 dBFS, not the -30 of the mean level.
        #expect(abs((estimator.ratio ?? 0) - 37.03) < 0.01)
    }
}
