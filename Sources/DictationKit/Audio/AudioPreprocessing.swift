/// Turns a source's audio into what the recognizer takes (16 kHz mono, see ``AudioFormat/recognizer``).
///
/// A `Sendable` description of the chain, with its settings; ``makeProcessor(input:outputSampleRate:)``
/// builds the stateful ``AudioProcessor`` that one session uses on its audio thread.
///
/// Implement ``makeProcessor(input:outputSampleRate:)``. The older requirement that also takes
/// `AudioPreprocessingOptions` is deprecated; each of the two has a default implementation that
/// calls the other, so a chain written for the older one keeps working (it is given the default
/// options), and a chain must implement at least one of them.
public protocol AudioPreprocessing: Sendable {
    /// Builds a processor for one session.
    /// - Parameters:
    ///   - input: The format the source delivers.
    ///   - outputSampleRate: The rate the recognizer takes.
    /// - Returns: A processor that converts `input` to mono at `outputSampleRate`.
    /// - Throws: ``DictationError`` when the input can't be converted.
    func makeProcessor(input: AudioFormat, outputSampleRate: Int) throws(DictationError) -> any AudioProcessor

    /// Builds a processor for one session, conditioned as the session's options once said.
    ///
    /// A session calls it only when the app set the deprecated ``DictationOptions/preprocessing``
    /// to something other than the defaults.
    /// - Parameters:
    ///   - input: The format the source delivers.
    ///   - outputSampleRate: The rate the recognizer takes.
    ///   - options: Conditioning and voice activity settings; a chain that does no conditioning
    ///     may ignore them.
    /// - Returns: A processor that converts `input` to mono at `outputSampleRate`.
    /// - Throws: ``DictationError`` when the input can't be converted.
    @available(
        *, deprecated,
        message: "implement and call makeProcessor(input:outputSampleRate:); the chain's own settings replace AudioPreprocessingOptions"
    )
    func makeProcessor(input: AudioFormat, outputSampleRate: Int, options: AudioPreprocessingOptions)
        throws(DictationError) -> any AudioProcessor
}

extension AudioPreprocessing {
    /// Builds a processor with the default `AudioPreprocessingOptions`, for a chain that implements
    /// only the deprecated ``makeProcessor(input:outputSampleRate:options:)``.
    ///
    /// Deprecated so that such a chain is told, where it is declared, to implement this method
    /// itself; calling it through the protocol (as a session does) is not deprecated.
    /// - Parameters:
    ///   - input: The format the source delivers.
    ///   - outputSampleRate: The rate the recognizer takes.
    /// - Returns: What the chain's ``makeProcessor(input:outputSampleRate:options:)`` returns.
    /// - Throws: What it throws.
    @available(*, deprecated, message: "implement makeProcessor(input:outputSampleRate:) in the chain itself")
    public func makeProcessor(input: AudioFormat, outputSampleRate: Int) throws(DictationError) -> any AudioProcessor {
        try makeProcessor(input: input, outputSampleRate: outputSampleRate, options: AudioPreprocessingOptions())
    }

    /// Builds a processor that ignores `options`, for a chain that implements only
    /// ``makeProcessor(input:outputSampleRate:)``.
    /// - Parameters:
    ///   - input: The format the source delivers.
    ///   - outputSampleRate: The rate the recognizer takes.
    ///   - options: Ignored: the chain conditions the audio as its own settings say.
    /// - Returns: What the chain's ``makeProcessor(input:outputSampleRate:)`` returns.
    /// - Throws: What it throws.
    @available(
        *, deprecated,
        message: "call makeProcessor(input:outputSampleRate:); the chain's own settings replace AudioPreprocessingOptions"
    )
    public func makeProcessor(input: AudioFormat, outputSampleRate: Int, options: AudioPreprocessingOptions)
        throws(DictationError) -> any AudioProcessor
    {
        try makeProcessor(input: input, outputSampleRate: outputSampleRate)
    }
}

/// A stateful stage between the source and the recognizer, used by one session on one thread.
public protocol AudioProcessor: AnyObject {
    /// Whether the frames it returns carry ``AudioFrame/voiceActivity``. The session's endpointer
    /// needs it: a session that asks for ``UtteranceSegmentation/endpointer`` segmentation with a
    /// processor that detects none ends with a ``DictationError/Code/invalidConfiguration`` error;
    /// without it, ask for ``UtteranceSegmentation/recognizer``.
    var detectsVoiceActivity: Bool { get }

    /// Processes one buffer from the source.
    /// - Parameter frame: Audio in the processor's input format.
    /// - Returns: Mono audio at the output rate; it may be empty while a filter fills.
    /// - Throws: ``DictationError`` when a stage fails; the session reports it and ends.
    func process(_ frame: AudioFrame) throws(DictationError) -> AudioFrame

    /// Returns what is still held inside (filter tails) at the end of the audio.
    /// - Returns: The last mono samples at the output rate.
    /// - Throws: ``DictationError`` when a stage fails.
    func flush() throws(DictationError) -> AudioFrame
}

extension AudioProcessor {
    /// `false`: a processor detects no voice activity unless it says so.
    public var detectsVoiceActivity: Bool { false }
}
