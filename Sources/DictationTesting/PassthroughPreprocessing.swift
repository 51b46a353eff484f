import DictationKit

/// Preprocessing that hands audio to the recognizer unchanged, for sources that already deliver
/// mono audio at the recognizer's rate (as test sources usually do).
public struct PassthroughPreprocessing: AudioPreprocessing {
    /// Creates the pass-through stage.
    public init() {}

    /// Makes a processor that returns every buffer as it is.
    /// - Parameters:
    ///   - input: The source's format; it must be mono at `outputSampleRate`.
    ///   - outputSampleRate: The recognizer's rate.
    ///   - options: Ignored: nothing is conditioned and no voice activity is detected.
    /// - Returns: A pass-through processor.
    /// - Throws: `DictationError.Code.invalidAudio` when the input would need converting.
    public func makeProcessor(input: AudioFormat, outputSampleRate: Int, options: AudioPreprocessingOptions)
        throws(DictationError) -> any AudioProcessor
    {
        guard input.channelCount == 1, input.sampleRate == outputSampleRate else {
            throw DictationError.invalidAudio(
                DictationError.Text(
                    english: "pass-through preprocessing takes mono \(outputSampleRate) Hz audio, not \(input)",
                    norwegianBokmal: "forbehandling som bare slipper lyden gjennom, tar mono lyd med "
                        + "\(outputSampleRate) Hz, ikke \(input)"))
        }
        return Passthrough(sampleRate: outputSampleRate)
    }

    private final class Passthrough: AudioProcessor {
        let sampleRate: Int
        init(sampleRate: Int) { self.sampleRate = sampleRate }
        func process(_ frame: AudioFrame) throws(DictationError) -> AudioFrame { frame }
        func flush() throws(DictationError) -> AudioFrame { AudioFrame(samples: [], sampleRate: sampleRate, channelCount: 1, startTime: 0) }
    }
}
