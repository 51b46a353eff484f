import DictationKit
import DictationPreprocessing

/// One input format's audio, cut into the 100 ms reads a session makes, for timing
/// ``StandardPreprocessing`` with its default options.
struct ChainWorkload {
    let name: String
    let format: AudioFormat
    let frames: [AudioFrame]
    /// Input samples, every channel counted.
    let sampleCount: Int

    /// - Parameters:
    ///   - name: What to call it in the table.
    ///   - samples: Interleaved samples.
    ///   - sampleRate: Samples per second per channel.
    ///   - channelCount: Interleaved channels.
    init(name: String, samples: [Float], sampleRate: Int, channelCount: Int) {
        self.name = name
        format = AudioFormat(sampleRate: sampleRate, channelCount: channelCount, encoding: .float32)
        sampleCount = samples.count
        // As the session reads: a tenth of a second of frames at a time.
        let step = max(1, sampleRate / 10) * channelCount
        frames = stride(from: 0, to: samples.count, by: step).map { start in
            let end = min(samples.count, start + step)
            return AudioFrame(
                samples: Array(samples[start..<end]), sampleRate: sampleRate, channelCount: channelCount,
                startTime: Double(start / channelCount) / Double(sampleRate))
        }
    }

    /// Runs a fresh processor over every frame and flushes it; building the processor is not timed.
    /// - Returns: The seconds it took, and the samples that came out at 16 kHz.
    /// - Throws: ``DictationError`` when the chain fails.
    func measure() throws(DictationError) -> (seconds: Double, outputCount: Int) {
        let processor = try StandardPreprocessing().makeProcessor(input: format, outputSampleRate: SpeechClip.sampleRate)
        var outputCount = 0
        let clock = ContinuousClock()
        let start = clock.now
        for frame in frames {
            outputCount += try processor.process(frame).samples.count
        }
        outputCount += try processor.flush().samples.count
        return (RunStatistics.seconds(clock.now - start), outputCount)
    }
}
