import DictationKit

/// Judges the speech band of the recognizer's audio frame by frame with a voice activity detector
/// (``VoiceActivityDetecting``), placing the verdicts in the session's sample count, and
/// measures how far the speech stands above the noise (``SpeechToNoiseEstimator``).
///
/// The speech band is a copy of the audio through a 4th-order high-pass at 200 Hz, without the
/// hum, its first harmonics and the rumble that would otherwise raise the detector's noise floor
/// until quiet speech falls under it (see ``StandardPreprocessor``).
///
/// A class, so that the framer's closure can reach the detector: the framer is being mutated
/// while it calls back, and only a class's distinct properties may be touched meanwhile.
final class VoiceActivityTracker {
    private var framer: AudioFramer
    private var detector: any VoiceActivityDetecting
    private var speechBandFilter: HighPassFilter
    /// The speech band of the buffer being judged, kept to reuse its storage.
    private var speechBand: [Float] = []
    /// Where the next frame starts, in samples from the session's first.
    private var nextFrameStart: Int
    /// Samples still to pass over unjudged at the start of the stream.
    private var samplesToSkip: Int
    /// How far the speech stands above the detector's noise floor, as of the last frame.
    private(set) var speechToNoise: SpeechToNoiseEstimator

    /// - Parameters:
    ///   - detector: A fresh detector for audio at `sampleRate`.
    ///   - sampleRate: The recognizer's rate.
    ///   - skipping: How many samples at the start of the stream are an earlier stage's silence
    ///     (its latency): they are not judged, since digital silence would teach the detector a
    ///     noise floor far below the room's, and the first verdict is placed after them.
    init(detector: any VoiceActivityDetecting, sampleRate: Int, skipping: Int = 0) {
        nextFrameStart = max(0, skipping)
        samplesToSkip = max(0, skipping)
        self.detector = detector
        framer = AudioFramer(frameLength: detector.frameLength)
        speechBandFilter = HighPassFilter(sampleRate: sampleRate, cutoff: 200, order: 4)
        // The frame's length in time, from its length in samples: for whole samples per frame
        // (10 ms and up at 8 and 16 kHz) exactly the nominal duration.
        speechToNoise = SpeechToNoiseEstimator(frameDuration: Double(framer.frameLength) / Double(max(1, sampleRate)))
    }

    /// Whether the latest verdict was speech (`false` before the first).
    var isSpeech: Bool { detector.isSpeech }
    /// Whether the latest frames were loud enough to start speech, not yet confirmed.
    var isSpeechStarting: Bool { detector.isSpeechStarting }

    /// Judges the frames that `samples` complete.
    /// - Parameter samples: The next samples of the stream (full band; the speech band is taken here).
    /// - Returns: A verdict per completed frame, in order.
    func judge(_ samples: [Float]) -> [VoiceActivityFrame] {
        let skipped = min(samplesToSkip, samples.count)
        samplesToSkip -= skipped
        speechBand.removeAll(keepingCapacity: true)
        speechBand.append(contentsOf: samples[skipped...])
        speechBandFilter.process(&speechBand)
        var verdicts: [VoiceActivityFrame] = []
        speechBand.withUnsafeBufferPointer { band in
            framer.append(band) { frame in verdicts.append(judge(frame)) }
        }
        return verdicts
    }

    /// Judges the samples held at the end of the stream as a last, shorter frame.
    /// - Returns: Its verdict, if samples were held.
    func flush() -> [VoiceActivityFrame] {
        var verdicts: [VoiceActivityFrame] = []
        framer.flush { frame in verdicts.append(judge(frame)) }
        return verdicts
    }

    private func judge(_ frame: UnsafeBufferPointer<Float>) -> VoiceActivityFrame {
        let decision = detector.process(frame: frame)
        speechToNoise.update(energy: decision.energy, noiseFloor: decision.noiseFloor, isSpeech: decision.isSpeech)
        defer { nextFrameStart += frame.count }
        return VoiceActivityFrame(
            startSample: nextFrameStart, sampleCount: frame.count, isSpeech: decision.isSpeech, level: decision.energy)
    }
}
