import Logging

/// Turns a decoder's updates into the session's events and keeps the per-utterance contract:
/// zero or more partials, then exactly one final, with utterances numbered by the session.
struct EventEmitter {
    private let continuation: AsyncStream<DictationEvent>.Continuation
    private let options: DictationOptions
    /// The language of the session's errors: that of the locale asked for, even when a model of
    /// another locale is used, since it is the language the person reads.
    private let language: DictationError.Language
    private(set) var utteranceCount = 0
    private var openUtteranceHasPartial = false
    private var lastPartialText = ""
    /// Where finals are made durable before they are delivered, once the run has a decoder.
    private var history: SessionHistory?
    /// Where delivered events are counted and timed, when the session records metrics.
    var metrics: SessionMetrics?

    init(continuation: AsyncStream<DictationEvent>.Continuation, options: DictationOptions) {
        self.continuation = continuation
        self.options = options
        self.language = DictationError.Language(locale: options.locale)
    }

    /// Delivers what the updates call for.
    /// - Returns: The finals delivered, numbered as the consumer saw them.
    @discardableResult
    mutating func emit(_ updates: [RecognitionUpdate]) -> [Transcript] {
        updates.compactMap { emit($0) }
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

    private mutating func emit(_ update: RecognitionUpdate) -> Transcript? {
        switch update {
        case .speechStarted(let time):
            if options.reportsSpeechActivity { continuation.yield(.speechStarted(at: time)) }
        case .speechEnded(let time):
            if options.reportsSpeechActivity { continuation.yield(.speechEnded(at: time)) }
        case .partial(var transcript):
            // A partial that says nothing new, or nothing at all, is noise for the consumer.
            guard options.reportsPartials, !transcript.text.isEmpty, transcript.text != lastPartialText else { return nil }
            transcript.utteranceIndex = utteranceCount
            lastPartialText = transcript.text
            openUtteranceHasPartial = true
            continuation.yield(.partial(transcript))
            metrics?.delivered(.partial)
        case .final(var transcript):
            defer {
                openUtteranceHasPartial = false
                lastPartialText = ""
            }
            // An utterance that produced no words and showed nothing is not an utterance;
            // one that showed a partial must still get its (possibly empty) final.
            guard !transcript.text.isEmpty || openUtteranceHasPartial else { return nil }
            transcript.utteranceIndex = utteranceCount
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
