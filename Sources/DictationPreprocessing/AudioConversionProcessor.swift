import DictationKit

/// Runs one session's audio through an ``AudioConversionChain``: the format conversion stages,
/// then the high-pass filter, voice activity detection, and gain control.
///
/// Voice activity is judged after the high-pass filter (hum and rumble must not look like speech)
/// and before gain control (whose changing gain would hide the real level from the detector).
/// Start times are counted in output samples, so a frame's time is exactly where its first
/// sample lies in what the recognizer has been given, whatever the filters' delays.
final class AudioConversionProcessor: AudioProcessor {
    private let stages: [any AudioConversionStage]
    private let outputSampleRate: Int
    private var highPass: HighPassFilter?
    private var gainControl: AutomaticGainControl?
    private let voiceActivity: VoiceActivityTracker
    private var producedSamples = 0

    /// - Parameters:
    ///   - stages: The format conversion stages, in order.
    ///   - outputSampleRate: The recognizer's rate.
    ///   - options: Which conditioning to do and how to judge voice activity.
    init(stages: [any AudioConversionStage], outputSampleRate: Int, options: AudioPreprocessingOptions) {
        self.stages = stages
        self.outputSampleRate = outputSampleRate
        highPass = options.highPassCutoff.map { HighPassFilter(sampleRate: outputSampleRate, cutoff: $0) }
        gainControl = options.automaticGainControl ? AutomaticGainControl(sampleRate: outputSampleRate) : nil
        voiceActivity = VoiceActivityTracker(sampleRate: outputSampleRate, options: options)
    }

    var detectsVoiceActivity: Bool { true }

    func process(_ frame: AudioFrame) throws(DictationError) -> AudioFrame {
        var samples = frame.samples
        for stage in stages {
            samples = try stage.process(samples)
        }
        return condition(samples, last: false)
    }

    func flush() throws(DictationError) -> AudioFrame {
        // Each stage's tail still goes through the stages after it.
        var samples: [Float] = []
        for stage in stages {
            samples = try stage.process(samples)
            samples.append(contentsOf: try stage.flush())
        }
        return condition(samples, last: true)
    }

    private func condition(_ converted: [Float], last: Bool) -> AudioFrame {
        var samples = converted
        highPass?.process(&samples)
        var activity = voiceActivity.judge(samples)
        if last { activity += voiceActivity.flush() }
        gainControl?.process(&samples)
        let startTime = Double(producedSamples) / Double(outputSampleRate)
        producedSamples += samples.count
        var frame = AudioFrame(samples: samples, sampleRate: outputSampleRate, channelCount: 1, startTime: startTime)
        frame.voiceActivity = activity
        return frame
    }
}
