/// A speech recognition backend, such as PocketSphinx.
///
/// A `Sendable` description of the backend; ``makeDecoder(locale:)`` loads the model and makes
/// the ``SpeechDecoder`` one session uses on its audio thread.
public protocol SpeechRecognizer: Sendable {
    /// The sample rate the decoder takes (mono, 16-bit). Usually 16 000.
    var sampleRate: Int { get }

    /// The locales this backend has models for, as BCP 47 identifiers (`"en-US"`).
    /// - Returns: The installed locales, best first.
    func supportedLocales() -> [String]

    /// Loads the model for a locale and makes a decoder.
    /// - Parameter locale: A BCP 47 identifier such as `"en-US"`.
    /// - Returns: A decoder ready for the first utterance.
    /// - Throws: ``DictationError`` with ``DictationError/Code/modelNotFound`` or
    ///   ``DictationError/Code/localeUnsupported`` when no model can be loaded.
    func makeDecoder(locale: String) throws(DictationError) -> any SpeechDecoder
}

/// What a decoder learned from the audio it was given.
public enum RecognitionUpdate: Sendable, Hashable {
    /// Speech began at this time (seconds of session audio).
    case speechStarted(at: Double)
    /// The current hypothesis of the open utterance changed.
    case partial(Transcript)
    /// Speech ended at this time (seconds of session audio).
    case speechEnded(at: Double)
    /// The utterance is finished; this is its final result.
    case final(Transcript)
}

/// A loaded recognizer, used by one session on its audio thread.
///
/// The decoder numbers utterances and stamps times in seconds from the first sample it was given.
public protocol SpeechDecoder: AnyObject {
    /// The locale whose model is loaded.
    var locale: String { get }

    /// Decodes more audio.
    /// - Parameter samples: Mono samples at ``SpeechRecognizer/sampleRate``, in -1...1.
    /// - Parameter reportPartials: Whether to compute partial hypotheses.
    /// - Returns: What changed: speech start and end, partials, and finals of utterances that ended.
    /// - Throws: ``DictationError`` when decoding fails.
    func process(_ samples: [Float], reportPartials: Bool) throws(DictationError) -> [RecognitionUpdate]

    /// Ends the open utterance, if any, and returns its final.
    /// - Returns: The remaining updates, ending with the final of the open utterance when there was one.
    /// - Throws: ``DictationError`` when decoding fails.
    func finish() throws(DictationError) -> [RecognitionUpdate]
}
