import DictationKit

/// Runs one session's audio through a ``StandardPreprocessing``: the format conversion stages,
/// then the high-pass filter, noise suppression, voice activity detection and gain control.
///
/// Voice activity is judged by the chain's detector on the speech band of the audio
/// (``VoiceActivityTracker``): a copy
/// through a 4th-order high-pass at 200 Hz, without the hum, its first harmonics and the rumble
/// that would otherwise raise the detector's noise floor until quiet speech falls under it. (The
/// recognizer's front end starts at 130 Hz, so little that matters for words lies below.) It is
/// judged on what the recognizer gets, after noise suppression, so that where noise is lowered
/// the endpointer hears the words the noise hid; and before gain control, whose changing gain
/// would hide the real level. The gain holds while no speech is heard, so pauses don't pump the
/// background up.
///
/// Whether automatic noise suppression engages is judged on the speech band of the audio
/// *before* suppression, by a second detector with the same settings (``SpeechToNoiseEstimator``): judged after it, the
/// audio would look clean as soon as suppression made it so, and the suppression would flicker.
/// The first engagement waits for a pause in the speech, where the audio can fall back by the
/// suppressor's latency unheard (``NoiseSuppressionStage``). Clean audio is never delayed, and
/// comes out exactly as with suppression off.
///
/// Start times are counted in output samples, so a frame's time is exactly where its first
/// sample lies in what the recognizer has been given, whatever the filters' delays.
final class StandardPreprocessor: AudioProcessor {
    private let stages: [any AudioConversionStage]
    private let outputSampleRate: Int
    private var highPass: HighPassFilter?
    private let noiseSuppressor: NoiseSuppressionStage?
    /// The judge of the unsuppressed audio, in automatic mode.
    private let noiseJudge: VoiceActivityTracker?
    private var gainControl: AutomaticGainControl?
    private let voiceActivity: VoiceActivityTracker
    private var producedSamples = 0
    /// Whether the detector's latest verdict was speech.
    private var speechHeard = false

    /// - Parameters:
    ///   - stages: The format conversion stages, in order.
    ///   - outputSampleRate: The recognizer's rate.
    ///   - options: Which conditioning to do.
    ///   - voiceActivityDetector: The detector whose settings judge voice activity; each of the
    ///     two judges gets a fresh one at `outputSampleRate`.
    init(
        stages: [any AudioConversionStage], outputSampleRate: Int, options: StandardPreprocessing.Options,
        voiceActivityDetector: any VoiceActivityDetecting = EnergyVoiceActivityDetector.standard()
    ) {
        self.stages = stages
        self.outputSampleRate = outputSampleRate
        highPass = options.highPassCutoff.map { HighPassFilter(sampleRate: outputSampleRate, cutoff: $0) }
        let suppressor = NoiseSuppressionStage(mode: options.noiseSuppression, sampleRate: outputSampleRate)
        noiseSuppressor = suppressor
        noiseJudge =
            suppressor != nil && options.noiseSuppression == .automatic
            ? VoiceActivityTracker(
                detector: voiceActivityDetector.makeDetector(sampleRate: outputSampleRate),
                sampleRate: outputSampleRate)
            : nil
        gainControl = options.automaticGainControl ? AutomaticGainControl(sampleRate: outputSampleRate) : nil
        // Always-on suppression starts with its latency's silence, which the detector must not learn from.
        voiceActivity = VoiceActivityTracker(
            detector: voiceActivityDetector.makeDetector(sampleRate: outputSampleRate), sampleRate: outputSampleRate,
            skipping: suppressor?.delay ?? 0)
    }

    var detectsVoiceActivity: Bool { true }

    func process(_ frame: AudioFrame) throws(DictationError) -> AudioFrame {
        var samples = frame.samples
        for stage in stages {
            samples = try stage.process(samples)
        }
        return condition(&samples, last: false)
    }

    func flush() throws(DictationError) -> AudioFrame {
        // Each stage's tail still goes through the stages after it.
        var samples: [Float] = []
        for stage in stages {
            samples = try stage.process(samples)
            samples.append(contentsOf: try stage.flush())
        }
        return condition(&samples, last: true)
    }

    /// Filters, judges and levels the converted samples in place and wraps them in a frame.
    private func condition(_ samples: inout [Float], last: Bool) -> AudioFrame {
        highPass?.process(&samples)
        if let noiseSuppressor {
            if let noiseJudge {
                _ = noiseJudge.judge(samples)
                if last { _ = noiseJudge.flush() }
            }
            noiseSuppressor.process(
                &samples, engaged: noiseJudge?.speechToNoise.isNoisy ?? true, inPause: !voiceActivity.isSpeech)
            if last { samples += noiseSuppressor.flush() }
        }
        var activity = voiceActivity.judge(samples)
        if last { activity += voiceActivity.flush() }
        // The gain follows speech only: in pauses it holds, so background is not pumped up.
        if let verdict = activity.last { speechHeard = verdict.isSpeech }
        gainControl?.holdsGain = !(speechHeard || activity.contains(where: \.isSpeech) || voiceActivity.isSpeechStarting)
        gainControl?.process(&samples)
        let startTime = Double(producedSamples) / Double(outputSampleRate)
        producedSamples += samples.count
        var frame = AudioFrame(samples: samples, sampleRate: outputSampleRate, channelCount: 1, startTime: startTime)
        frame.voiceActivity = activity
        return frame
    }
}
