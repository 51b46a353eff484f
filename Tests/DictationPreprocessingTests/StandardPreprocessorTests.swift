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
