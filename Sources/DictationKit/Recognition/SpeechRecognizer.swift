/// A speech recognition backend, such as PocketSphinx.
///
/// A `Sendable` description of the backend; ``makeDecoder(locale:segmentation:)`` loads the model
/// and makes the ``SpeechDecoder`` one session uses on its audio thread.
public protocol SpeechRecognizer: Sendable {
    /// The sample rate the decoder takes (mono, 16-bit). Usually 16 000.
    var sampleRate: Int { get }

    /// The locales this backend has models for, as BCP 47 identifiers (`"en-US"`).
    /// - Returns: The installed locales, best first.
    func supportedLocales() -> [String]

    /// Loads the model for a locale and makes a decoder.
    /// - Parameters:
    ///   - locale: A BCP 47 identifier such as `"en-US"`.
    ///   - segmentation: Who should cut the audio into utterances. A decoder that can only segment
    ///     by itself may ignore ``UtteranceSegmentation/endpointer``; its
    ///     ``SpeechDecoder/segmentation`` says what it does.
    /// - Returns: A decoder ready for the first utterance.
    /// - Throws: ``DictationError`` with ``DictationError/Code/modelNotFound`` or
    ///   ``DictationError/Code/localeUnsupported`` when no model can be loaded.
    func makeDecoder(locale: String, segmentation: UtteranceSegmentation) throws(DictationError) -> any SpeechDecoder

    /// Loads the model for a locale and makes a decoder for a session that does, or does not,
    /// show partial hypotheses. A backend may decode better when nobody waits for partials:
    /// PocketSphinx then searches each utterance whole once it has ended.
    /// - Parameters:
    ///   - locale: A BCP 47 identifier such as `"en-US"`.
    ///   - segmentation: Who should cut the audio into utterances.
    ///   - reportsPartials: Whether the session will ask for partial hypotheses.
    /// - Returns: A decoder ready for the first utterance.
    /// - Throws: ``DictationError`` as ``makeDecoder(locale:segmentation:)`` does.
    func makeDecoder(locale: String, segmentation: UtteranceSegmentation, reportsPartials: Bool)
        throws(DictationError) -> any SpeechDecoder

    /// Loads the model for a locale and makes a decoder for a session, with the session's longest
    /// utterance (``EndpointingOptions/maxUtteranceDuration``): a decoder that segments the audio
    /// itself ends an utterance there even though speech goes on. (With the endpointer, the
    /// session itself cuts utterances at that length.) The session calls this one.
    /// - Parameters:
    ///   - locale: A BCP 47 identifier such as `"en-US"`.
    ///   - segmentation: Who should cut the audio into utterances.
    ///   - reportsPartials: Whether the session will ask for partial hypotheses.
    ///   - maxUtteranceDuration: The longest utterance, in seconds.
    /// - Returns: A decoder ready for the first utterance.
    /// - Throws: ``DictationError`` as ``makeDecoder(locale:segmentation:)`` does.
    func makeDecoder(
        locale: String, segmentation: UtteranceSegmentation, reportsPartials: Bool, maxUtteranceDuration: Double
    ) throws(DictationError) -> any SpeechDecoder

    /// Loads a second decoder for the partials of a session that shows them: a fast streaming
    /// search that runs beside the whole-utterance search making the finals.
    ///
    /// When a recognizer offers one, a session with partials and the session's endpointer decodes
    /// in two passes: this decoder is given each utterance as it is spoken, for partials only
    /// (its finals are not used), while the decoder of
    /// ``makeDecoder(locale:segmentation:reportsPartials:)`` with `reportsPartials: false` searches
    /// each utterance whole on a thread of its own and makes its final, the same final a session
    /// without partials gets. Without one, the single decoder makes partials and finals.
    /// - Parameter locale: The locale of the session's final decoder (``SpeechDecoder/locale``).
    /// - Returns: A decoder for ``UtteranceSegmentation/endpointer`` segmentation, or `nil` when
    ///   the recognizer decodes in one pass.
    /// - Throws: ``DictationError`` as ``makeDecoder(locale:segmentation:)`` does.
    func makePartialDecoder(locale: String) throws(DictationError) -> (any SpeechDecoder)?
}

extension SpeechRecognizer {
    /// By default the same decoder whether or not partials are wanted:
    /// ``makeDecoder(locale:segmentation:)``.
    /// - Parameters:
    ///   - locale: A BCP 47 identifier such as `"en-US"`.
    ///   - segmentation: Who should cut the audio into utterances.
    ///   - reportsPartials: Whether the session will ask for partial hypotheses; not used.
    /// - Returns: A decoder ready for the first utterance.
    /// - Throws: ``DictationError`` as ``makeDecoder(locale:segmentation:)`` does.
    public func makeDecoder(locale: String, segmentation: UtteranceSegmentation, reportsPartials: Bool)
        throws(DictationError) -> any SpeechDecoder
    {
        try makeDecoder(locale: locale, segmentation: segmentation)
    }

    /// By default the longest utterance is the backend's own concern:
    /// ``makeDecoder(locale:segmentation:reportsPartials:)``.
    /// - Parameters:
    ///   - locale: A BCP 47 identifier such as `"en-US"`.
    ///   - segmentation: Who should cut the audio into utterances.
    ///   - reportsPartials: Whether the session will ask for partial hypotheses.
    ///   - maxUtteranceDuration: Not used.
    /// - Returns: A decoder ready for the first utterance.
    /// - Throws: ``DictationError`` as ``makeDecoder(locale:segmentation:)`` does.
    public func makeDecoder(
        locale: String, segmentation: UtteranceSegmentation, reportsPartials: Bool, maxUtteranceDuration: Double
    ) throws(DictationError) -> any SpeechDecoder {
        try makeDecoder(locale: locale, segmentation: segmentation, reportsPartials: reportsPartials)
    }

    /// One pass: no separate decoder for partials.
    /// - Parameter locale: Not used.
    /// - Returns: `nil`.
    public func makePartialDecoder(locale: String) throws(DictationError) -> (any SpeechDecoder)? { nil }

    /// Loads the model for a locale and makes a decoder that finds utterances by itself, for
    /// decoding a stream of audio outside a session.
    /// - Parameter locale: A BCP 47 identifier such as `"en-US"`.
    /// - Returns: A decoder with ``UtteranceSegmentation/recognizer`` segmentation.
    /// - Throws: ``DictationError`` as ``makeDecoder(locale:segmentation:)`` does.
    public func makeDecoder(locale: String) throws(DictationError) -> any SpeechDecoder {
        try makeDecoder(locale: locale, segmentation: .recognizer)
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

/// A loaded recognizer, used by one session on its audio thread.
///
/// A decoder works in one of two ways, as its ``segmentation`` says:
/// - ``UtteranceSegmentation/recognizer``: it is given the whole stream through
///   ``process(_:reportPartials:)`` and finds utterances itself; times are seconds from the first
///   sample it was given; ``finish()`` ends the stream.
/// - ``UtteranceSegmentation/endpointer``: the session gives it one utterance at a time:
///   ``beginUtterance(at:)``, the utterance's audio through ``process(_:reportPartials:)``
///   (which then reports partials only), and ``endUtterance()`` for its final.
public protocol SpeechDecoder: AnyObject {
    /// The locale whose model is loaded.
    var locale: String { get }

    /// Who cuts the audio into utterances for this decoder.
    var segmentation: UtteranceSegmentation { get }

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

    /// Opens an utterance whose audio starts at a given time (endpointer segmentation only).
    /// - Parameter time: Seconds of session audio where the utterance's first sample lies.
    /// - Throws: ``DictationError`` when the decoder can't start.
    func beginUtterance(at time: Double) throws(DictationError)

    /// Ends the utterance opened by ``beginUtterance(at:)`` (endpointer segmentation only).
    /// - Returns: Its final, possibly with empty text.
    /// - Throws: ``DictationError`` when decoding fails.
    func endUtterance() throws(DictationError) -> [RecognitionUpdate]

    /// Searches the open utterance as if it ended with the audio given so far, without ending it
    /// (endpointer segmentation only): a decoder that searches utterances whole keeps the result,
    /// so that ``endUtterance()`` returns it at once when no more audio came.
    ///
    /// The session calls it in a pause of the speech, while it waits to see whether the pause ends
    /// the utterance; and, to confirm the words its partials show, on an open utterance every
    /// second or so, with a decoder of its own.
    /// - Returns: The final the utterance would get if it ended now; `nil` from a decoder that
    ///   can't tell before the utterance ends.
    /// - Throws: ``DictationError`` when decoding fails.
    func prepareFinal() throws(DictationError) -> Transcript?

    /// Drops the open utterance without decoding it (endpointer segmentation only).
    func discardUtterance()

    /// Whether each utterance's final depends only on that utterance's audio, not on the
    /// utterances the decoder was given before (endpointer segmentation only): a decoder that
    /// normalises each utterance by itself, say, rather than by a running estimate.
    ///
    /// A session then may decode utterances side by side, each with a decoder of its own
    /// (``DictationOptions/finalDecoderLimit``); its finals are the same either way.
    var decodesUtterancesIndependently: Bool { get }

    /// Takes a session's vocabulary and alternative count, before the session's first utterance.
    ///
    /// A session calls it on every decoder it uses, even with ``RecognitionSettings/isStandard``
    /// settings; a decoder reused by a later session gets that session's settings, which
    /// replace the earlier ones (a vocabulary must not outlive its session). By default a decoder
    /// takes no vocabulary and gives no alternatives.
    /// - Parameter settings: The session's settings.
    /// - Returns: What the decoder could not honour, as non-fatal errors the session delivers
    ///   (such as ``DictationError/Code/invalidVocabulary`` for an entry it can't pronounce);
    ///   empty when everything is in force.
    /// - Throws: ``DictationError`` when the decoder can't go on (its model could not be reloaded).
    func configure(_ settings: RecognitionSettings) throws(DictationError) -> [DictationError]

    /// Problems the decoder met and got over, or is getting over, which the session reports as
    /// non-fatal errors while it goes on: a remote decoder that lost its server
    /// (``DictationError/Code/networkUnavailable``) and keeps the audio for when it is back, say.
    /// The session asks after each ``process(_:reportPartials:)`` and ``finish()``.
    /// - Returns: The problems since the last call, oldest first; empty by default.
    func takeNotices() -> [DictationError]
}

extension SpeechDecoder {
    /// ``UtteranceSegmentation/recognizer``: a decoder finds utterances itself unless it says otherwise.
    public var segmentation: UtteranceSegmentation { .recognizer }

    /// Does nothing: a decoder that segments by itself needs no utterance boundaries.
    /// - Parameter time: Ignored.
    public func beginUtterance(at time: Double) throws(DictationError) {}

    /// Ends the stream, as ``finish()`` does, for a decoder that segments by itself.
    /// - Returns: What ``finish()`` returns.
    /// - Throws: What ``finish()`` throws.
    public func endUtterance() throws(DictationError) -> [RecognitionUpdate] { try finish() }

    /// Nothing: a decoder that searches as the audio arrives has no final before the end.
    /// - Returns: `nil`.
    public func prepareFinal() throws(DictationError) -> Transcript? { nil }

    /// Ends the open utterance and ignores its final.
    public func discardUtterance() { _ = try? endUtterance() }

    /// `false`: a decoder may carry what it learnt from one utterance into the next unless it
    /// says otherwise.
    public var decodesUtterancesIndependently: Bool { false }

    /// None: a decoder that fails says so by throwing.
    /// - Returns: An empty list.
    public func takeNotices() -> [DictationError] { [] }
}
