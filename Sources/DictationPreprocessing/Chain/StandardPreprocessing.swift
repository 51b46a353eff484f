import DictationKit

/// Converts any source audio to what the recognizer takes (mono `Float` samples at its rate),
/// conditions it, and tells the session's endpointer where the speech is.
///
/// It averages the channels into mono (``ChannelDownmixer``), then changes the rate
/// (``SoxrResampler``). Audio from a lower rate than the recognizer's (8 kHz telephone audio)
/// gets faint noise in the band it lacks, which the recognizer's wideband model needs to
/// recognize it. Then, as its ``options`` ask, a ``HighPassFilter`` removes rumble and hum, speex
/// lowers background noise (``NoiseSuppression``), its ``voiceActivityDetector`` judges each
/// analysis frame, and ``AutomaticGainControl`` brings quiet speakers up. With
/// ``Options/none``, audio that is already mono at the recognizer's rate passes through
/// untouched, bit for bit, and voice activity is still judged.
///
/// ```swift
/// let session = DictationSession(source: source, preprocessing: StandardPreprocessing(), recognizer: recognizer)
/// let telephone = StandardPreprocessing(
///     options: StandardPreprocessing.Options(highPassCutoff: 200, noiseSuppression: .on),
///     voiceActivityDetector: .standard(sensitivity: 0.7))
/// ```
public struct StandardPreprocessing: AudioPreprocessing {
    /// What conditioning it does.
    public let options: Options
    /// The detector whose settings judge voice activity. Each session gets a fresh copy, at the
    /// recognizer's rate (``VoiceActivityDetecting/makeDetector(sampleRate:)``), so nothing one
    /// session learnt carries over to the next.
    public let voiceActivityDetector: any VoiceActivityDetecting

    /// Creates the chain.
    /// - Parameters:
    ///   - options: What conditioning to do. Defaults to a 90 Hz high-pass filter, noise
    ///     suppression when the audio is noisy, and gain control; ``Options/none`` only converts
    ///     the format.
    ///   - voiceActivityDetector: How to judge voice activity. Defaults to
    ///     ``VoiceActivityDetecting/standard(sensitivity:frameDuration:)``: an
    ///     ``EnergyVoiceActivityDetector`` on 20 ms frames at medium sensitivity.
    public init(options: Options = Options(), voiceActivityDetector: some VoiceActivityDetecting = .standard()) {
        self.options = options
        self.voiceActivityDetector = voiceActivityDetector
    }

    /// Builds the processor for one session.
    /// - Parameters:
    ///   - input: The format the source delivers: any rate and channel count of at least 1.
    ///   - outputSampleRate: The rate the recognizer takes, usually 16000.
    /// - Returns: A processor whose frames are mono at `outputSampleRate`, with start times counted
    ///   in output samples, and which detects voice activity.
    /// - Throws: `DictationError.Code.invalidAudio` when `input` has no channels or no positive
    ///   rate, or its rate can't be converted; `DictationError.Code.internal` when
    ///   `outputSampleRate` is not positive.
    public func makeProcessor(input: AudioFormat, outputSampleRate: Int) throws(DictationError) -> any AudioProcessor {
        guard input.channelCount >= 1 else {
            throw ConversionProblem.noChannels(input.channelCount).error
        }
        guard input.sampleRate >= 1 else {
            throw ConversionProblem.impossibleInputRate(input.sampleRate).error
        }
        guard outputSampleRate >= 1 else {
            throw ConversionProblem.impossibleRecognizerRate(outputSampleRate).error
        }
        // Each stage is there only when the input needs it, so mono input at the output rate
        // meets no stage at all.
        var stages: [any AudioConversionStage] = []
        if input.channelCount > 1 {
            stages.append(try DownmixStage(channelCount: input.channelCount))
        }
        if input.sampleRate != outputSampleRate {
            stages.append(try SoxrResampler(inputSampleRate: input.sampleRate, outputSampleRate: outputSampleRate))
        }
        if input.sampleRate < outputSampleRate {
            stages.append(NarrowbandNoiseFill(sourceSampleRate: input.sampleRate, sampleRate: outputSampleRate))
        }
        return StandardPreprocessor(
            stages: stages, outputSampleRate: outputSampleRate, options: options,
            voiceActivityDetector: voiceActivityDetector)
    }
}
