import DictationKit
import DictationPreprocessing

/// A stretch of real speech for timing: the recordings back to back, looped and cut to length,
/// at 16 kHz mono, with where each recording's piece lies.
struct SpeechClip {
    static let sampleRate = 16_000

    let samples: [Float]
    /// One range of ``samples`` per recording played (the last may be cut short).
    let pieces: [Range<Int>]

    /// - Parameters:
    ///   - recordings: Mono samples at 16 kHz.
    ///   - seconds: The length of the clip.
    init(recordings: [[Float]], seconds: Double) {
        let total = Int(seconds * Double(Self.sampleRate))
        var samples: [Float] = []
        samples.reserveCapacity(total)
        var pieces: [Range<Int>] = []
        var index = 0
        while samples.count < total {
            let recording = recordings[index % recordings.count]
            let count = min(recording.count, total - samples.count)
            pieces.append(samples.count..<(samples.count + count))
            samples += recording[0..<count]
            index += 1
        }
        self.samples = samples
        self.pieces = pieces
    }

    var duration: Double { Double(samples.count) / Double(Self.sampleRate) }

    /// The clip at another rate, the same signal in every channel (interleaved), as a sound card
    /// would deliver it; made with ``SoxrResampler``.
    /// - Parameters:
    ///   - sampleRate: The rate wanted.
    ///   - channelCount: How many copies of the signal to interleave.
    /// - Returns: Interleaved samples.
    /// - Throws: ``DictationError`` when the resampler fails.
    func converted(to sampleRate: Int, channelCount: Int) throws(DictationError) -> [Float] {
        let resampler = try SoxrResampler(inputSampleRate: Self.sampleRate, outputSampleRate: sampleRate)
        let mono = try resampler.process(samples) + resampler.flush()
        var interleaved: [Float] = []
        interleaved.reserveCapacity(mono.count * channelCount)
        for sample in mono {
            for _ in 0..<channelCount { interleaved.append(sample) }
        }
        return interleaved
    }
}
