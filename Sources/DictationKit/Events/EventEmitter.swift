import Logging

/// Turns decoders' updates into the session's events and keeps the per-utterance contract:
/// zero or more partials, then exactly one final, with utterances numbered by the session.
///
/// Updates name the utterance they belong to (the session's count of the endpointer's
/// utterances), since with two passes the next utterance's partials may come before an
/// utterance's final. A decoder that segments the stream itself has no such count: its updates
/// belong to the utterance after its last final.
struct EventEmitter {
    private let continuation: AsyncStream<DictationEvent>.Continuation
    private let options: DictationOptions
    /// The language of the session's errors: that of the locale asked for, even when a model of
    /// another locale is used, since it is the language the person reads.
    private let language: DictationError.Language
    private var numbering = UtteranceNumbering()
    /// Finals delivered.
    private(set) var utteranceCount = 0
    /// The utterance of a self-segmenting decoder's updates: the one after its last final.
    private var streamUtterance = 0
    /// The last partial delivered, and its utterance.
    private var lastPartial: (utterance: Int, text: String, stable: Int)?
    /// Marks the stable words of the open utterance's partials.
    private var stabilizer: PartialStabilizer
    /// Where finals are made durable before they are delivered, once the run has a decoder.
    private var history: SessionHistory?
    /// Where delivered events are counted and timed, when the session records metrics.
    var metrics: SessionMetrics?

    init(continuation: AsyncStream<DictationEvent>.Continuation, options: DictationOptions) {
        self.continuation = continuation
        self.options = options
        stabilizer = PartialStabilizer(confirms: false)
        self.language = DictationError.Language(locale: options.locale)
    }

    /// Delivers what the updates call for.
    /// - Parameters:
    ///   - updates: A decoder's updates, in order.
    ///   - utterance: The session's count of the utterance they belong to; `nil` for a decoder
    ///     that segments the stream itself.
    /// - Returns: The finals delivered, numbered as the consumer saw them.
    @discardableResult
    mutating func emit(_ updates: [RecognitionUpdate], utterance: Int? = nil) -> [Transcript] {
        updates.compactMap { emit($0, utterance: utterance ?? streamUtterance) }
    }

    mutating func emitEvent(_ event: DictationEvent) {
        // Every error of a session passes here, so this is the one place that localizes them.
        if case .error(let error) = event {
            continuation.yield(.error(error.localized(to: language)))
        } else {
            continuation.yield(event)
        }
        if case .error(let error) = event { metrics?.delivered(error) }
    }

    /// From now on, partials' stable words are those a ``ConfirmationPass`` confirms (two passes),
    /// rather than those that stood unchanged for a while (one pass).
    mutating func confirmPartials() {
        stabilizer = PartialStabilizer(confirms: true)
    }

    /// Takes the words the whole-utterance search confirmed in an open utterance, and shows its
    /// last partial again when that adds stable words.
    mutating func confirm(_ words: [Word], upTo cutoff: Double, utterance: Int) {
        guard lastPartial?.utterance == utterance, stabilizer.confirm(words, upTo: cutoff),
            let heard = stabilizer.lastHeard
        else { return }
        _ = emit(.partial(heard), utterance: utterance)
    }

    /// From now on, saves each final in `store` before delivering it.
    mutating func startHistory(store: any TranscriptStore, session: TranscriptSessionInfo, logger: Logger) {
        let (history, error) = SessionHistory.start(store: store, info: session, logger: logger)
        self.history = history
        if let error { emitEvent(.error(error)) }
    }

    /// Tells the store, if any, that the run ended; call before the stream finishes.
    mutating func endHistory() {
        if let error = history?.end() { emitEvent(.error(error)) }
        history = nil
    }

    private mutating func emit(_ update: RecognitionUpdate, utterance: Int) -> Transcript? {
        switch update {
        case .speechStarted(let time):
            if options.reportsSpeechActivity { continuation.yield(.speechStarted(at: time)) }
        case .speechEnded(let time):
            if options.reportsSpeechActivity { continuation.yield(.speechEnded(at: time)) }
        case .partial(let heard):
            guard options.reportsPartials, !heard.text.isEmpty else { return nil }
            if lastPartial?.utterance != utterance { stabilizer.reset() }
            var transcript = stabilizer.stabilize(heard)
            // A partial that says nothing new is noise for the consumer; more stable words are news.
            if let lastPartial, lastPartial.utterance == utterance, lastPartial.text == transcript.text,
                lastPartial.stable == transcript.stableWordCount
            {
                return nil
            }
            transcript.utteranceIndex = numbering.index(showing: utterance)
            lastPartial = (utterance, transcript.text, transcript.stableWordCount)
            continuation.yield(.partial(transcript))
            metrics?.delivered(.partial)
        case .final(var transcript):
            streamUtterance = utterance + 1
            if lastPartial?.utterance == utterance { lastPartial = nil }
            // An utterance that produced no words and showed nothing is not an utterance;
            // one that showed a partial must still get its (possibly empty) final.
            guard let index = numbering.settle(utterance, isEmpty: transcript.text.isEmpty) else { return nil }
            transcript.utteranceIndex = index
            transcript.stableWordCount = transcript.text.split(separator: " ").count
            utteranceCount += 1
            // Durable first: a process killed once the consumer has the final has kept it.
            let historyError = history?.save(transcript)
            continuation.yield(.final(transcript))
            metrics?.delivered(.final)
            if let historyError { emitEvent(.error(historyError)) }
            return transcript
        }
        return nil
    }
}
