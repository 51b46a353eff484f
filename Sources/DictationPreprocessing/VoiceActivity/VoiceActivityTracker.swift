import DictationKit

/// Judges the speech band of the recognizer's audio frame by frame with the chain's one voice
/// activity detector (``VoiceActivityDetecting``), placing the verdicts in the session's sample
/// count, and, when the chain decides on noise suppression by itself, measures with the same
/// verdicts how far the speech stands above the noise before suppression
/// (``SpeechToNoiseEstimator``).
///
/// The speech band is a copy of the audio through a 4th-order high-pass at 200 Hz, without the
/// hum, its first harmonics and the rumble that would otherwise raise the detector's noise floor
/// until quiet speech falls under it (see ``StandardPreprocessor``). For the speech-to-noise
/// ratio, the speech band of the audio as it was before suppression is cut into the same frames
/// and only measured: its level beside each verdict.
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
    /// How far the speech stands above the noise before suppression, as of the last frame; `nil`
    /// unless the tracker was asked to measure it.
    private(set) var speechToNoise: SpeechToNoiseEstimator?
    /// The speech band of the audio before suppression, filtered and framed like ``speechBand``.
    private var unsuppressedFilter: HighPassFilter
    private var unsuppressedFramer: AudioFramer
    private var unsuppressedBand: [Float] = []
    /// The levels of the frames of the unsuppressed band completed by the buffer being judged.
    private var unsuppressedLevels: [Float] = []

    /// - Parameters:
    ///   - detector: A fresh detector for audio at `sampleRate`.
    ///   - sampleRate: The recognizer's rate.
    ///   - skipping: How many samples at the start of the stream are an earlier stage's silence
    ///     (its latency): they are not judged, since digital silence would teach the detector a
    ///     noise floor far below the room's, and the first verdict is placed after them.
    ///   - measuresSpeechToNoise: Whether to measure ``speechToNoise``.
    init(
        detector: any VoiceActivityDetecting, sampleRate: Int, skipping: Int = 0, measuresSpeechToNoise: Bool = false
    ) {
        nextFrameStart = max(0, skipping)
        samplesToSkip = max(0, skipping)
        self.detector = detector
        framer = AudioFramer(frameLength: detector.frameLength)
        speechBandFilter = HighPassFilter(sampleRate: sampleRate, cutoff: 200, order: 4)
        unsuppressedFramer = framer
        unsuppressedFilter = speechBandFilter
        // The frame's length in time, from its length in samples: for whole samples per frame
        // (10 ms and up at 8 and 16 kHz) exactly the nominal duration.
        speechToNoise =
            measuresSpeechToNoise
            ? SpeechToNoiseEstimator(frameDuration: Double(framer.frameLength) / Double(max(1, sampleRate))) : nil
    }

    /// Whether the latest verdict was speech (`false` before the first).
    var isSpeech: Bool { detector.isSpeech }
    /// Whether the latest frames were loud enough to start speech, not yet confirmed.
    var isSpeechStarting: Bool { detector.isSpeechStarting }

    /// Judges the frames that `samples` complete.
    /// - Parameters:
    ///   - samples: The next samples of the stream (full band; the speech band is taken here).
    ///   - unsuppressed: The same stretch of audio before noise suppression, as many samples, for
    ///     ``speechToNoise``; `nil` when it was not suppressed (it is `samples`).
    /// - Returns: A verdict per completed frame, in order.
    func judge(_ samples: [Float], unsuppressed: [Float]? = nil) -> [VoiceActivityFrame] {
        let skipped = min(samplesToSkip, samples.count)
        samplesToSkip -= skipped
        if speechToNoise != nil { measureUnsuppressed((unsuppressed ?? samples)[skipped...]) }
        speechBand.removeAll(keepingCapacity: true)
        speechBand.append(contentsOf: samples[skipped...])
        speechBandFilter.process(&speechBand)
        var verdicts: [VoiceActivityFrame] = []
        speechBand.withUnsafeBufferPointer { band in
            framer.append(band) { frame in verdicts.append(judge(frame, index: verdicts.count)) }
        }
        return verdicts
    }

    /// Judges the samples held at the end of the stream as a last, shorter frame.
    /// - Returns: Its verdict, if samples were held.
    func flush() -> [VoiceActivityFrame] {
        if speechToNoise != nil {
            unsuppressedLevels.removeAll(keepingCapacity: true)
            unsuppressedFramer.flush { frame in unsuppressedLevels.append(Self.level(of: frame)) }
        }
        var verdicts: [VoiceActivityFrame] = []
        framer.flush { frame in verdicts.append(judge(frame, index: verdicts.count)) }
        return verdicts
    }

    /// Measures the frames of the unsuppressed speech band that `samples` complete.
    private func measureUnsuppressed(_ samples: ArraySlice<Float>) {
        unsuppressedBand.removeAll(keepingCapacity: true)
        unsuppressedBand.append(contentsOf: samples)
        unsuppressedFilter.process(&unsuppressedBand)
        unsuppressedLevels.removeAll(keepingCapacity: true)
        unsuppressedBand.withUnsafeBufferPointer { band in
            unsuppressedFramer.append(band) { frame in unsuppressedLevels.append(Self.level(of: frame)) }
        }
    }

    /// Judges a frame, the `index`th completed by this call.
    private func judge(_ frame: UnsafeBufferPointer<Float>, index: Int) -> VoiceActivityFrame {
        let decision = detector.process(frame: frame)
        if speechToNoise != nil {
            // Both levels measured alike, so that where the audio was not suppressed they are equal.
            let level = Self.level(of: frame)
            speechToNoise?.update(
                energy: level, noiseFloor: decision.noiseFloor, isSpeech: decision.isSpeech,
                unsuppressedEnergy: index < unsuppressedLevels.count ? unsuppressedLevels[index] : level)
        }
        defer { nextFrameStart += frame.count }
        return VoiceActivityFrame(
            startSample: nextFrameStart, sampleCount: frame.count, isSpeech: decision.isSpeech, level: decision.energy)
    }

    /// A frame's level in dBFS (RMS), as ``EnergyVoiceActivityDetector`` measures its energy.
    private static func level(of frame: UnsafeBufferPointer<Float>) -> Float {
        guard !frame.isEmpty else { return Decibels.floor }
        var sumOfSquares = 0.0
        for sample in frame {
            let value = Double(sample.finiteOrZero)
            sumOfSquares += value * value
        }
        return Decibels.fromMeanSquare(sumOfSquares / Double(frame.count))
    }
}
