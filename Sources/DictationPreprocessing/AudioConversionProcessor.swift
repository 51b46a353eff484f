import DictationKit

/// Runs one session's audio through an ``AudioConversionChain``: the format conversion stages,
/// then the high-pass filter, voice activity detection, noise suppression and gain control.
///
/// Voice activity is judged on the speech band of the audio: a copy through a 4th-order
/// high-pass at 200 Hz, without the hum, its first harmonics and the rumble that would otherwise
/// raise the detector's noise floor until quiet speech falls under it. (The recognizer's front end
/// starts at 130 Hz, so little that matters for words lies below.) It is judged before noise
/// suppression, whose residue (a faint hiss with a changing spectrum) would look like speech to
/// an energy detector, and before gain control, whose changing gain would hide the real level;
/// the verdicts are placed ``SpectralNoiseSuppressor/latency`` samples later, where their audio
/// comes out. The gain holds while no speech is heard, so pauses don't pump the background up.
///
/// Start times are counted in output samples, so a frame's time is exactly where its first
/// sample lies in what the recognizer has been given, whatever the filters' delays.
final class AudioConversionProcessor: AudioProcessor {
    private let stages: [any AudioConversionStage]
    private let outputSampleRate: Int
    private var highPass: HighPassFilter?
    private var noiseSuppressor: SpectralNoiseSuppressor?
    private var gainControl: AutomaticGainControl?
    private let voiceActivity: VoiceActivityTracker
    private var speechBandFilter: HighPassFilter
    /// The speech band of the buffer being processed, kept to reuse its storage.
    private var speechBand: [Float] = []
    private var producedSamples = 0
    /// Whether the detector's latest verdict was speech.
    private var speechHeard = false

    /// - Parameters:
    ///   - stages: The format conversion stages, in order.
    ///   - outputSampleRate: The recognizer's rate.
    ///   - options: Which conditioning to do and how to judge voice activity.
    init(stages: [any AudioConversionStage], outputSampleRate: Int, options: AudioPreprocessingOptions) {
        self.stages = stages
        self.outputSampleRate = outputSampleRate
        highPass = options.highPassCutoff.map { HighPassFilter(sampleRate: outputSampleRate, cutoff: $0) }
        let suppressor = options.noiseSuppression ? SpectralNoiseSuppressor(sampleRate: outputSampleRate) : nil
        noiseSuppressor = suppressor
        gainControl = options.automaticGainControl ? AutomaticGainControl(sampleRate: outputSampleRate) : nil
        voiceActivity = VoiceActivityTracker(
            sampleRate: outputSampleRate, options: options, delay: suppressor?.latency ?? 0)
        speechBandFilter = HighPassFilter(sampleRate: outputSampleRate, cutoff: 200, order: 4)
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

    /// Filters, judges and levels the converted samples in place (no second copy of the buffer)
    /// and wraps them in a frame.
    private func condition(_ samples: inout [Float], last: Bool) -> AudioFrame {
        highPass?.process(&samples)
        speechBand.removeAll(keepingCapacity: true)
        speechBand.append(contentsOf: samples)
        speechBandFilter.process(&speechBand)
        var activity = voiceActivity.judge(speechBand)
        if last { activity += voiceActivity.flush() }
        if noiseSuppressor != nil {
            noiseSuppressor?.process(&samples)
            if last, let tail = noiseSuppressor?.flush() { samples += tail }
        }
        // The gain follows speech only: in pauses it holds, so background is not pumped up.
        if let verdict = activity.last { speechHeard = verdict.isSpeech }
        gainControl?.holdsGain = !(speechHeard || activity.contains(where: \.isSpeech))
        gainControl?.process(&samples)
        let startTime = Double(producedSamples) / Double(outputSampleRate)
        producedSamples += samples.count
        var frame = AudioFrame(samples: samples, sampleRate: outputSampleRate, channelCount: 1, startTime: startTime)
        frame.voiceActivity = activity
        return frame
    }
}
