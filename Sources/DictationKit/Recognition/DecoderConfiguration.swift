/// Everything a recognizer needs to know to make a decoder, given once, when it makes it: the
/// locale, who cuts utterances, whether partials are wanted, the longest utterance, and what the
/// session asks beside the audio (the words to expect, how many alternatives a final carries).
///
/// A decoder keeps its configuration for its whole life: a decoder for other settings is another
/// decoder. What it could not honour (a vocabulary entry it can't pronounce, say) it reports
/// through ``SpeechDecoder/takeNotices()`` before its first audio.
public struct DecoderConfiguration: Sendable, Hashable {
    /// The locale whose model to load, as a BCP 47 identifier (`"en-US"`); POSIX spellings and
    /// bare languages are taken too.
    public var locale: String
    /// Who cuts the audio into utterances: the session's endpointer (the recognizer then makes an
    /// ``UtteranceDecoder``, if it can) or the recognizer itself (a ``StreamDecoder``).
    public var segmentation: UtteranceSegmentation
    /// Whether the decoder should compute partial hypotheses. A backend may decode better when
    /// nobody waits for them: PocketSphinx then searches each utterance whole once it has ended.
    public var reportsPartials: Bool
    /// The longest utterance, in seconds: a ``StreamDecoder`` ends one there even though speech goes
    /// on (with the endpointer, the session itself cuts utterances at that length).
    public var maxUtteranceDuration: Double
    /// The words and phrases to expect (``DictationOptions/vocabulary``).
    public var vocabulary: Vocabulary
    /// How many alternative transcripts a final should carry at most
    /// (``DictationOptions/alternativeCount``); 0 for none.
    public var alternativeCount: Int
    /// Whether the audio comes as it is spoken (a microphone, a live stream), so that someone
    /// waits for each final: a backend may then prefer a prompt final to a slower, surer one
    /// (Whisper does not decode a doubtful utterance again at higher temperatures).
    public var isLive: Bool
    /// Whether the decoder's results are only ever shown as partials, never as finals: a
    /// ``RedecodingPass``'s decoder, searching the utterance so far again and again
    /// (``UtteranceDecoder/showsPartialsByRedecoding``). A backend may then search faster and less
    /// exactly (Whisper searches greedily), since the final replaces every partial. Not by
    /// default; set it with ``with(partialsOnly:)``.
    public var partialsOnly = false

    /// Creates a configuration.
    /// - Parameters:
    ///   - locale: The locale whose model to load.
    ///   - segmentation: Who cuts utterances; the recognizer by default, for decoding a stream
    ///     outside a session.
    ///   - reportsPartials: Whether partials are wanted; yes by default.
    ///   - maxUtteranceDuration: The longest utterance, in seconds (at least 1); the endpointing
    ///     default by default.
    ///   - vocabulary: The words and phrases to expect; none by default.
    ///   - alternativeCount: The most alternatives per final; none by default.
    ///   - isLive: Whether the audio comes as it is spoken; not by default.
    public init(
        locale: String, segmentation: UtteranceSegmentation = .recognizer, reportsPartials: Bool = true,
        maxUtteranceDuration: Double = EndpointingOptions().maxUtteranceDuration,
        vocabulary: Vocabulary = Vocabulary(), alternativeCount: Int = 0, isLive: Bool = false
    ) {
        self.locale = locale
        self.segmentation = segmentation
        self.reportsPartials = reportsPartials
        self.maxUtteranceDuration = maxUtteranceDuration.isFinite ? max(1, maxUtteranceDuration) : 30
        self.vocabulary = vocabulary
        self.alternativeCount = max(0, alternativeCount)
        self.isLive = isLive
    }

    /// The configuration of a session's decoders: its locale, vocabulary, alternatives and longest
    /// utterance.
    /// - Parameters:
    ///   - options: The session's options.
    ///   - segmentation: Who cuts utterances.
    ///   - reportsPartials: Whether the decoder shows partials.
    ///   - isLive: Whether the session's source is live.
    init(options: DictationOptions, segmentation: UtteranceSegmentation, reportsPartials: Bool, isLive: Bool) {
        self.init(
            locale: options.locale, segmentation: segmentation, reportsPartials: reportsPartials,
            maxUtteranceDuration: options.endpointing.maxUtteranceDuration, vocabulary: options.vocabulary,
            alternativeCount: options.alternativeCount, isLive: isLive)
    }

    /// The same configuration for another locale.
    /// - Parameter locale: The locale.
    /// - Returns: A copy with that locale.
    public func with(locale: String) -> DecoderConfiguration {
        var copy = self
        copy.locale = locale
        return copy
    }

    /// The same configuration for a decoder whose results are shown only as partials, or not.
    /// - Parameter partialsOnly: Whether its results are only ever partials.
    /// - Returns: A copy.
    public func with(partialsOnly: Bool) -> DecoderConfiguration {
        var copy = self
        copy.partialsOnly = partialsOnly
        return copy
    }

    /// The same configuration with or without partials.
    /// - Parameter reportsPartials: Whether the decoder shows partials.
    /// - Returns: A copy.
    public func with(reportsPartials: Bool) -> DecoderConfiguration {
        var copy = self
        copy.reportsPartials = reportsPartials
        return copy
    }
}
