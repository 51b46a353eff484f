import DictationKit

/// Converts any source audio to what the recognizer takes (mono `Float` samples at its rate),
/// conditions it, and tells the session's endpointer where the speech is.
///
/// The chain averages the channels into mono (``ChannelDownmixer``), then changes the rate
/// (``SoxrResampler``). Audio from a lower rate than the recognizer's (8 kHz telephone audio)
/// gets faint noise in the band it lacks, which the recognizer's wideband model needs to
/// recognize it. Then, as ``AudioPreprocessingOptions`` ask, a ``HighPassFilter`` removes rumble
/// and hum, an ``EnergyVoiceActivityDetector`` judges each analysis frame, and
/// ``AutomaticGainControl`` brings quiet speakers up. With ``AudioPreprocessingOptions/none``,
/// audio that is already mono at the recognizer's rate passes through untouched, bit for bit.
///
/// ```swift
/// let session = DictationSession(source: source, preprocessing: AudioConversionChain(), recognizer: recognizer)
/// ```
public struct AudioConversionChain: AudioPreprocessing {
    /// Creates the conversion chain.
    public init() {}

    /// Builds the processor for one session.
    /// - Parameters:
    ///   - input: The format the source delivers: any rate and channel count of at least 1.
    ///   - outputSampleRate: The rate the recognizer takes, usually 16000.
    ///   - options: The conditioning and voice activity settings.
    /// - Returns: A processor whose frames are mono at `outputSampleRate`, with start times counted
    ///   in output samples.
    /// - Throws: ``DictationError/Code/invalidAudio`` when `input` has no channels or no positive
    ///   rate, or its rate can't be converted; ``DictationError/Code/internal`` when
    ///   `outputSampleRate` is not positive.
    public func makeProcessor(input: AudioFormat, outputSampleRate: Int, options: AudioPreprocessingOptions)
        throws(DictationError) -> any AudioProcessor
    {
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
        return AudioConversionProcessor(stages: stages, outputSampleRate: outputSampleRate, options: options)
    }
}
