import DictationKit

/// Preprocessing that hands audio to the recognizer unchanged, for sources that already deliver
/// mono audio at the recognizer's rate (as test sources usually do).
///
/// It detects no voice activity, so the session's endpointer can't work with it: a session that
/// uses it asks for the recognizer's segmentation, as ``ScriptedRecognizer`` does by default.
///
/// ```swift
/// let session = DictationSession(source: source, preprocessing: PassthroughPreprocessing(), recognizer: scripted)
/// let events = try await session.start(DictationOptions(endpointing: EndpointingOptions(segmentation: .recognizer)))
/// ```
public struct PassthroughPreprocessing: AudioPreprocessing {
    /// Creates the pass-through stage.
    public init() {}

    /// Makes a processor that returns every buffer as it is.
    /// - Parameters:
    ///   - input: The source's format; it must be mono at `outputSampleRate`.
    ///   - outputSampleRate: The recognizer's rate.
    /// - Returns: A pass-through processor, which detects no voice activity.
    /// - Throws: `DictationError.Code.invalidAudio` when the input would need converting.
    public func makeProcessor(input: AudioFormat, outputSampleRate: Int) throws(DictationError) -> any AudioProcessor {
        guard input.channelCount == 1, input.sampleRate == outputSampleRate else {
            throw DictationError.invalidAudio(
                DictationError.Text(.passthroughNeedsMono, ["outputSampleRate": "\(outputSampleRate)", "input": "\(input)"]))
        }
        return Passthrough(sampleRate: outputSampleRate)
    }

    private final class Passthrough: AudioProcessor {
        let sampleRate: Int
        init(sampleRate: Int) { self.sampleRate = sampleRate }
        func process(_ frame: AudioFrame) throws(DictationError) -> AudioFrame { frame }
        func flush() throws(DictationError) -> AudioFrame {
            AudioFrame(samples: [], sampleRate: sampleRate, channelCount: 1, startTime: 0)
        }
    }
}
