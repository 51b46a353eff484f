import Testing

@testable import DictationPreprocessing

/// The automatic mode's engagement after the suppressor only listened.
@Suite("NoiseSuppressionStage", .timeLimit(.minutes(25)))
struct NoiseSuppressionStageTests {
    @Test(
        "Found noisy after listening, it runs speex in full for 0.1 s before engaging, and leaves the audio as it came until then"
    )
    func engagementWaitsForFullRuns() throws {
        let stage = try #require(NoiseSuppressionStage(mode: .automatic, sampleRate: 16_000))
        let noise = SpeechRecordings.whiteNoise(seconds: 2, level: -40, seed: 3)
        // 1 s of clean audio: the suppressor only listens.
        for start in stride(from: 0, to: 16_000, by: 320) {
            var block = Array(noise[start..<(start + 320)])
            stage.process(&block, engaged: false, inPause: true)
            #expect(block == Array(noise[start..<(start + 320)]))
        }
        // Found noisy, in a pause: four 20 ms blocks pass untouched, the fifth engages.
        for index in 0..<5 {
            let start = 16_000 + index * 320
            var block = Array(noise[start..<(start + 320)])
            stage.process(&block, engaged: true, inPause: true)
            #expect(stage.delay == 0, "block \(index)")
            #expect(block == Array(noise[start..<(start + 320)]), "block \(index)")
        }
        var block = Array(noise[17_600..<17_920])
        stage.process(&block, engaged: true, inPause: true)
        #expect(stage.delay == 320)
        #expect(block.count == 320)
    }
}
