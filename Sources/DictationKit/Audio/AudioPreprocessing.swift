/// Turns a source's audio into what the recognizer takes (16 kHz mono, see ``AudioFormat/recognizer``).
///
/// A `Sendable` description of the chain, with its settings; ``makeProcessor(input:outputSampleRate:)``,
/// its one requirement, builds the stateful ``AudioProcessor`` that one session uses on its audio
/// thread.
public protocol AudioPreprocessing: Sendable {
    /// Builds a processor for one session.
    /// - Parameters:
    ///   - input: The format the source delivers.
    ///   - outputSampleRate: The rate the recognizer takes.
    /// - Returns: A processor that converts `input` to mono at `outputSampleRate`.
    /// - Throws: ``DictationError`` when the input can't be converted.
    func makeProcessor(input: AudioFormat, outputSampleRate: Int) throws(DictationError) -> any AudioProcessor
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
