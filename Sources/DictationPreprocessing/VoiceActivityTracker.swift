import DictationKit

/// Cuts the recognizer's audio into analysis frames and judges each with an
/// ``EnergyVoiceActivityDetector``, placing the verdicts in the session's sample count.
///
/// It is given the speech band of the audio (see ``AudioConversionProcessor``), so that hum and
/// rumble don't raise the noise floor it learns.
///
/// A class, so that the framer's closure can reach the detector: the framer is being mutated
/// while it calls back, and only a class's distinct properties may be touched meanwhile.
final class VoiceActivityTracker {
    private var framer: AudioFramer
    private var detector: EnergyVoiceActivityDetector
    /// Where the next frame starts, in samples from the session's first.
    private var nextFrameStart = 0

    /// - Parameters:
    ///   - sampleRate: The recognizer's rate.
    ///   - options: The frame duration and sensitivity.
    ///   - delay: How many samples later the judged audio reaches the recognizer (a later stage's
    ///     latency); verdicts are placed where their audio will be.
    init(sampleRate: Int, options: AudioPreprocessingOptions, delay: Int = 0) {
        nextFrameStart = delay
        framer = AudioFramer(sampleRate: sampleRate, frameDuration: options.frameDuration)
        detector = EnergyVoiceActivityDetector(
            sampleRate: sampleRate, frameDuration: options.frameDuration, sensitivity: options.vadSensitivity,
            hangover: 0.06)
    }

    /// Judges the frames that `samples` complete.
    /// - Parameter samples: The next samples of the stream.
    /// - Returns: A verdict per completed frame, in order.
    func judge(_ samples: [Float]) -> [VoiceActivityFrame] {
        var verdicts: [VoiceActivityFrame] = []
        framer.append(samples) { frame in verdicts.append(judge(frame)) }
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
        defer { nextFrameStart += frame.count }
        return VoiceActivityFrame(
            startSample: nextFrameStart, sampleCount: frame.count, isSpeech: decision.isSpeech, level: decision.energy)
    }
}
