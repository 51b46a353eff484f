import DictationKit

/// Runs one session's audio through the stages of an ``AudioConversionChain`` in order.
///
/// Start times are counted in output samples, so a frame's time is exactly where its first
/// sample lies in what the recognizer has been given, whatever the filters' delays.
final class AudioConversionProcessor: AudioProcessor {
    private let stages: [any AudioConversionStage]
    private let outputSampleRate: Int
    private var producedSamples = 0

    init(stages: [any AudioConversionStage], outputSampleRate: Int) {
        self.stages = stages
        self.outputSampleRate = outputSampleRate
    }

    func process(_ frame: AudioFrame) throws(DictationError) -> AudioFrame {
        try makeFrame { () throws(DictationError) in
            var samples = frame.samples
            for stage in stages {
                samples = try stage.process(samples)
            }
            return samples
        }
    }

    func flush() throws(DictationError) -> AudioFrame {
        try makeFrame { () throws(DictationError) in
            // Each stage's tail still goes through the stages after it.
            var samples: [Float] = []
            for stage in stages {
                samples = try stage.process(samples)
                samples.append(contentsOf: try stage.flush())
            }
            return samples
        }
    }

    private func makeFrame(_ convert: () throws(DictationError) -> [Float]) throws(DictationError) -> AudioFrame {
        let startTime = Double(producedSamples) / Double(outputSampleRate)
        let samples = try convert()
        producedSamples += samples.count
        return AudioFrame(samples: samples, sampleRate: outputSampleRate, channelCount: 1, startTime: startTime)
    }
}
