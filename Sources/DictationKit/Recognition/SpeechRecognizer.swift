/// A speech recognition backend, such as PocketSphinx or Whisper.
///
/// A `Sendable` description of the backend; ``makeDecoder(_:)`` loads the model and makes the
/// ``SpeechDecoder`` one session uses, configured once and for good with a
/// ``DecoderConfiguration``.
public protocol SpeechRecognizer: Sendable {
    /// The sample rate the decoder takes (mono). Usually 16 000.
    var sampleRate: Int { get }

    /// The locales this backend has models for, as BCP 47 identifiers (`"en-US"`).
    /// - Returns: The installed locales, best first.
    func supportedLocales() -> [String]

    /// Loads the model for a configuration's locale and makes a decoder.
    ///
    /// With ``UtteranceSegmentation/endpointer`` the recognizer returns an ``UtteranceDecoder``
    /// when it can decode the utterances a session cuts; a backend that can only segment by
    /// itself returns a ``StreamDecoder`` whatever was asked, and the session lets it.
    /// - Parameter configuration: The locale, segmentation, partials, longest utterance,
    ///   vocabulary and alternatives.
    /// - Returns: A decoder ready for the first audio: a ``StreamDecoder`` or an ``UtteranceDecoder``.
    /// - Throws: ``DictationError`` with ``DictationError/Code/modelNotFound`` or
    ///   ``DictationError/Code/localeUnsupported`` when no model can be loaded.
    func makeDecoder(_ configuration: DecoderConfiguration) throws(DictationError) -> any SpeechDecoder

    /// Loads a second decoder for the partials of a session that shows them: a fast streaming
    /// search that runs beside the whole-utterance search making the finals.
    ///
    /// When a recognizer offers one, a session with partials and the session's endpointer decodes
    /// in two passes: this decoder is given each utterance as it is spoken, for partials only
    /// (its finals are not used), while the decoder ``makeDecoder(_:)`` made without partials
    /// searches each utterance whole on a thread of its own and makes its final, the same final a
    /// session without partials gets. Without one, the single decoder makes partials and finals.
    /// - Parameter configuration: The configuration of the session's final decoder (its locale
    ///   is the one the decoder was made for).
    /// - Returns: A decoder for partials, or `nil` when the recognizer decodes in one pass.
    /// - Throws: ``DictationError`` as ``makeDecoder(_:)`` does.
    func makePartialDecoder(_ configuration: DecoderConfiguration) throws(DictationError) -> (any UtteranceDecoder)?
}

extension SpeechRecognizer {
    /// One pass: no separate decoder for partials.
    /// - Parameter configuration: Not used.
    /// - Returns: `nil`.
    public func makePartialDecoder(_ configuration: DecoderConfiguration) throws(DictationError) -> (any UtteranceDecoder)? {
        nil
    }

    /// Loads the model for a locale and makes a decoder that finds utterances by itself, for
    /// decoding a stream of audio outside a session.
    /// - Parameter locale: A BCP 47 identifier such as `"en-US"`.
    /// - Returns: A decoder that segments the stream itself.
    /// - Throws: ``DictationError`` as ``makeDecoder(_:)`` does.
    public func makeStreamDecoder(locale: String) throws(DictationError) -> any StreamDecoder {
        guard let stream = try makeDecoder(DecoderConfiguration(locale: locale)) as? any StreamDecoder else {
            throw DictationError.recognitionFailed("the recognizer made no decoder for a whole stream")
        }
        return stream
    }

    /// Loads the model for a configuration's locale and makes a decoder for utterances cut
    /// elsewhere, for decoding utterances outside a session.
    /// - Parameter configuration: The decoder's configuration; its segmentation is taken as
    ///   ``UtteranceSegmentation/endpointer``.
    /// - Returns: A decoder given one utterance at a time.
    /// - Throws: ``DictationError`` as ``makeDecoder(_:)`` does, and
    ///   ``DictationError/Code/recognitionFailed`` from a recognizer that only segments by itself.
    public func makeUtteranceDecoder(_ configuration: DecoderConfiguration) throws(DictationError) -> any UtteranceDecoder {
        var configuration = configuration
        configuration.segmentation = .endpointer
        guard let decoder = try makeDecoder(configuration) as? any UtteranceDecoder else {
            throw DictationError.recognitionFailed("the recognizer made no decoder for utterances")
        }
        return decoder
    }
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
