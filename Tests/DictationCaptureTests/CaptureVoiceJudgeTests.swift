import DictationKit
import DictationTestSupport
import Testing

@testable import DictationCapture

/// The capture thread's verdict per period: speech or silence, from the mono mix.
@Suite(.timeLimit(.minutes(25))) struct CaptureVoiceJudgeTests {
    /// The verdicts for `samples` (interleaved) cut into periods of `periodFrames`.
    static func verdicts(_ samples: [Float], channels: Int, periodFrames: Int) -> [Bool] {
        let judge = CaptureVoiceJudge(
            format: AudioFormat(sampleRate: 16_000, channelCount: channels, encoding: .int16), periodFrames: periodFrames)
        let step = periodFrames * channels
        return stride(from: 0, to: samples.count, by: step).map {
            judge.isSpeech(Array(samples[$0..<min($0 + step, samples.count)]))
        }
    }

    @Test func speechIsHeardAndSilenceIsNot() throws {
        let speech = PCM16.floats(try PocketSphinxTestData.goForward())
        let verdicts = Self.verdicts(speech + [Float](repeating: 0, count: 16_000), channels: 1, periodFrames: 320)
        // goforward is speech from its first tenth of a second on; a second of digital silence
        // after it is not, once the detector's 0.2 s hangover has run out.
        #expect(verdicts[10..<(speech.count / 320)].allSatisfy { $0 })
        #expect(verdicts.suffix(30).allSatisfy { !$0 })
    }

    @Test func channelsAreJudgedTogetherAsTheirAverage() throws {
        let speech = PCM16.floats(try PocketSphinxTestData.goForward())
        let mono = Self.verdicts(speech, channels: 1, periodFrames: 320)
        let both = Self.verdicts(speech.flatMap { [$0, $0] }, channels: 2, periodFrames: 320)
        #expect(both == mono, "the same speech on both channels is the same speech")
        let cancelling = Self.verdicts(speech.flatMap { [$0, -$0] }, channels: 2, periodFrames: 320)
        #expect(cancelling.allSatisfy { !$0 }, "channels that cancel out average to silence")
    }

    @Test func periodsShorterOrLongerThanAFrameGetTheSameVerdicts() throws {
        // Whole 640-frame periods, so every cut ends where the others do.
        let goforward = PCM16.floats(try PocketSphinxTestData.goForward())
        let speech = goforward + [Float](repeating: 0, count: 16_000 + (640 - goforward.count % 640) % 640)
        let perFrame = Self.verdicts(speech, channels: 1, periodFrames: 320)
        // 80-frame periods: a period that completes no 20 ms frame carries the last verdict.
        let short = Self.verdicts(speech, channels: 1, periodFrames: 80)
        #expect(stride(from: 3, to: short.count, by: 4).map { short[$0] } == perFrame)
        // 640-frame periods: speech when either of its two frames is.
        let long = Self.verdicts(speech, channels: 1, periodFrames: 640)
        #expect(long == stride(from: 0, to: perFrame.count, by: 2).map { perFrame[$0] || perFrame[$0 + 1] })
    }
}
