/// What a session should recognize and report.
public struct DictationOptions: Sendable, Hashable {
    /// The kinds of event a session delivers beside its finals and errors, which it always delivers.
    public struct Reports: OptionSet, Sendable, Hashable {
        /// The set's bits, one per kind of event.
        public let rawValue: Int

        /// Creates a set from its raw bits.
        /// - Parameter rawValue: The bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// ``DictationEvent/partial(_:)`` hypotheses while someone speaks.
        public static let partials = Reports(rawValue: 1 << 0)
        /// ``DictationEvent/speechStarted(at:)`` and ``DictationEvent/speechEnded(at:)``.
        public static let speechActivity = Reports(rawValue: 1 << 1)
        /// ``DictationEvent/progress(processed:total:)`` about once per second of audio.
        public static let progress = Reports(rawValue: 1 << 2)
        /// ``DictationEvent/level(_:)`` for every buffer read from the source (about 10 per second).
        public static let level = Reports(rawValue: 1 << 3)
        /// ``DictationEvent/stateChanged(_:)``, ``DictationEvent/blockCommitted(_:)`` and
        /// ``DictationEvent/blockDiscarded(_:)``, for apps that dictate in blocks.
        public static let stateChanges = Reports(rawValue: 1 << 4)

        /// What a session reports unless told otherwise: partials.
        public static let standard: Reports = [.partials]
        /// Every kind of event.
        public static let all: Reports = [.partials, .speechActivity, .progress, .level, .stateChanges]
    }

    /// The locale to recognize, as a BCP 47 identifier (`"en-US"`).
    public var locale: String
    /// The kinds of event to deliver beside finals and errors. Defaults to ``Reports/standard``.
    public var reports: Reports
    /// Whether, with partials, the whole-utterance search confirms their stable words
    /// (``Transcript/stableWordCount``) while the utterance is still spoken: a third decoder, on
    /// a thread that only runs on an idle core, searches the utterance so far about once a
    /// second. The final then contradicts about 4 % of the stable words, against about 14 % for
    /// words that merely stood unchanged for half a second, which is what partials mark stable
    /// when this is off. Costs the third decoder's memory (about 95 MB with the en-US-large
    /// model) and idle CPU time; on a machine with no idle core, stable words come late or only
    /// with the final. On by default.
    public var confirmsStableWords = true
    /// Whether the searches of the utterance so far (confirmations, or Whisper's partials) run
    /// only on a core nothing else wants. Tests of what they show turn it off, so that a busy
    /// test run does not starve them; users have no reason to.
    var redecodesOnIdleCoresOnly = true
    /// How many decoders may make finals at once, each decoding an utterance of its own on a
    /// thread of its own. A file is read far faster than it is decoded, so its utterances queue
    /// up; decoded side by side, a long file takes about half the time on two cores.
    ///
    /// `nil`, the default, lets the session choose: one decoder per active processor core, at
    /// most four, for a source that is not live, and one for a live source, which speaks no
    /// faster than it is decoded. A further decoder is loaded only when an utterance waits while
    /// every decoder has one, and costs a decoder's memory (about 100 MB with the en-US-large
    /// model). Only recognizers whose decoders decode each utterance on its own
    /// (``UtteranceDecoder/decodesUtterancesIndependently``), each on one core
    /// (``UtteranceDecoder/decodesOnSeveralCores``: Whisper's decoders use every core already),
    /// use more than one, so the finals are the same whatever this is. Values below 1 count as 1.
    public var finalDecoderLimit: Int?
    /// End the session after this many seconds of audio, whatever is going on. `nil`: no limit.
    public var maxDuration: Double?
    /// End the session after this many seconds of silence that follow speech. `nil`: never.
    public var silenceTimeout: Double?
    /// End the session, with ``DictationError/Code/noSpeechDetected``, when no speech was heard in
    /// this many seconds. `nil`: never.
    public var noSpeechTimeout: Double?
    /// How speech is cut into utterances.
    public var endpointing: EndpointingOptions
    /// Words and phrases to expect: names, places, jargon. Empty by default. A recognizer that
    /// takes none says so with a non-fatal ``DictationError/Code/vocabularyUnsupported`` error
    /// and recognizes without it; an entry it can't use gets a non-fatal
    /// ``DictationError/Code/invalidVocabulary`` error.
    public var vocabulary = Vocabulary()
    /// How many alternative transcripts each final carries at most
    /// (``Transcript/alternatives``), likeliest first; 0 (the default) for none. Alternatives
    /// cost a search of the final's word lattice, a few milliseconds per utterance.
    public var alternativeCount = 0

    /// Creates options.
    /// - Parameters:
    ///   - locale: The locale to recognize. Defaults to `"en-US"`.
    ///   - reports: The kinds of event to deliver beside finals and errors. Defaults to partials.
    ///   - maxDuration: The longest session, in seconds of audio. Defaults to no limit.
    ///   - silenceTimeout: Seconds of silence after speech that end the session. Defaults to never.
    ///   - noSpeechTimeout: Seconds without any speech that end the session. Defaults to never.
    ///   - endpointing: Utterance segmentation settings. Defaults to the session's endpointer.
    public init(
        locale: String = "en-US",
        reports: Reports = .standard,
        maxDuration: Double? = nil,
        silenceTimeout: Double? = nil,
        noSpeechTimeout: Double? = nil,
        endpointing: EndpointingOptions = EndpointingOptions()
    ) {
        self.locale = locale
        self.reports = reports
        self.maxDuration = maxDuration
        self.silenceTimeout = silenceTimeout
        self.noSpeechTimeout = noSpeechTimeout
        self.endpointing = endpointing
    }
}
