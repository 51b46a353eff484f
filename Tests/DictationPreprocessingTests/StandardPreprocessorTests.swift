import DictationKit
import Testing

@testable import DictationPreprocessing

@Suite("StandardPreprocessor", .timeLimit(.minutes(25)))
struct StandardPreprocessorTests {
    /// A stage that halves its input and fails on its second buffer.
    final class FailingStage: AudioConversionStage {
        private var calls = 0

        func process(_ samples: [Float]) throws(DictationError) -> [Float] {
            calls += 1
            if calls == 2 { throw DictationError.internal("the test stage fails on purpose") }
            return Array(samples.prefix(samples.count / 2))
        }

        func flush() -> [Float] { [1] }
    }

    @Test("A failing stage's error reaches the caller, and time stays put")
    func failureIsThrown() throws {
        let processor = StandardPreprocessor(stages: [FailingStage()], outputSampleRate: 16_000, options: .none)
        let frame = AudioFrame(samples: [Float](repeating: 0.25, count: 3_200), sampleRate: 16_000, channelCount: 1, startTime: 0)

        #expect(try processor.process(frame).samples.count == 1_600)
        #expect(throws: DictationError.internal("the test stage fails on purpose")) { try processor.process(frame) }
        // The failed buffer produced nothing, so the next frame starts where the last one ended.
        #expect(try processor.process(frame).startTime == 0.1)
    }

    @Test(
        "The output does not depend on how the input was cut: the same samples and verdicts in 100-ms buffers as in uneven ones",
        arguments: ["clean", "noisy"])
    func outputIsTheSameHoweverTheInputIsCut(_ kind: String) throws {
        let speech = try SpeechRecordings.libriVox()
        // Noisy, automatic suppression engages in a pause; clean, it never does; the gain moves in both.
        let input = kind == "noisy" ? SpeechRecordings.noisy(speech, snr: 5, lead: 1, seed: 7) : speech
        func conditioned(_ sizes: (Int) -> Int) throws -> ([Float], [VoiceActivityFrame]) {
            let processor = try StandardPreprocessing().makeProcessor(
                input: AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .float32), outputSampleRate: 16_000)
            var samples: [Float] = []
            var verdicts: [VoiceActivityFrame] = []
            var start = 0
            var buffer = 0
            while start < input.count {
                let end = min(input.count, start + sizes(buffer))
                let frame = try processor.process(
                    AudioFrame(samples: Array(input[start..<end]), sampleRate: 16_000, channelCount: 1, startTime: 0))
                samples += frame.samples
                verdicts += frame.voiceActivity
                start = end
                buffer += 1
            }
            let last = try processor.flush()
            return (samples + last.samples, verdicts + last.voiceActivity)
        }
        let even = try conditioned { _ in 1_600 }
        // What a session that fell behind reads: several buffers at once, and pieces of one.
        let uneven = try conditioned { [4_800, 1_600, 8_000, 777, 3_200, 16_000, 423][$0 % 7] }
        // Engaged, suppression delays the audio by its latency, which the flush gives back at the end.
        #expect(kind == "noisy" ? even.0.count > input.count : even.0.count == input.count)
        #expect(even.0 == uneven.0, "\(zip(even.0, uneven.0).filter { $0 != $1 }.count) samples differ")
        #expect(even.1 == uneven.1)
        #expect(even.1.contains { $0.isSpeech })
    }

    @Test("A stage's tail goes through the stages after it")
    func tailsFlowDownstream() throws {
        let processor = StandardPreprocessor(
            stages: [DoublingStage(), DoublingStage()], outputSampleRate: 16_000, options: .none)
        // The first stage's tail [1] is doubled by the second, which then adds its own.
        #expect(try processor.flush().samples == [1, 1, 1])
    }

    /// Repeats every sample twice; its tail is one sample.
    final class DoublingStage: AudioConversionStage {
        func process(_ samples: [Float]) -> [Float] { samples.flatMap { [$0, $0] } }
        func flush() -> [Float] { [1] }
    }
}
