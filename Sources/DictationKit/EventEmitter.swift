import Logging

/// Turns a decoder's updates into the session's events and keeps the per-utterance contract:
/// zero or more partials, then exactly one final, with utterances numbered by the session.
struct EventEmitter {
    private let continuation: AsyncStream<DictationEvent>.Continuation
    private let options: DictationOptions
    private(set) var utteranceCount = 0
    private var openUtteranceHasPartial = false
    private var lastPartialText = ""
    /// Where finals are made durable before they are delivered, once the run has a decoder.
    private var history: SessionHistory?

    init(continuation: AsyncStream<DictationEvent>.Continuation, options: DictationOptions) {
        self.continuation = continuation
        self.options = options
    }

    mutating func emit(_ updates: [RecognitionUpdate]) {
        for update in updates { emit(update) }
    }

    mutating func emitEvent(_ event: DictationEvent) {
        continuation.yield(event)
    }

    /// From now on, saves each final in `store` before delivering it.
    mutating func startHistory(store: any TranscriptStore, locale: String, requestedLocale: String, logger: Logger) {
        let (history, error) = SessionHistory.start(
            store: store, locale: locale, requestedLocale: requestedLocale, logger: logger)
        self.history = history
        if let error { continuation.yield(.error(error)) }
    }

    /// Tells the store, if any, that the run ended; call before the stream finishes.
    mutating func endHistory() {
        if let error = history?.end() { continuation.yield(.error(error)) }
        history = nil
    }

    private mutating func emit(_ update: RecognitionUpdate) {
        switch update {
        case .speechStarted(let time):
            if options.reportsSpeechActivity { continuation.yield(.speechStarted(at: time)) }
        case .speechEnded(let time):
            if options.reportsSpeechActivity { continuation.yield(.speechEnded(at: time)) }
        case .partial(var transcript):
            // A partial that says nothing new, or nothing at all, is noise for the consumer.
            guard options.reportsPartials, !transcript.text.isEmpty, transcript.text != lastPartialText else { return }
            transcript.utteranceIndex = utteranceCount
            lastPartialText = transcript.text
            openUtteranceHasPartial = true
            continuation.yield(.partial(transcript))
        case .final(var transcript):
            defer {
                openUtteranceHasPartial = false
                lastPartialText = ""
            }
            // An utterance that produced no words and showed nothing is not an utterance;
            // one that showed a partial must still get its (possibly empty) final.
            guard !transcript.text.isEmpty || openUtteranceHasPartial else { return }
            transcript.utteranceIndex = utteranceCount
            utteranceCount += 1
            // Durable first: a process killed once the consumer has the final has kept it.
            let historyError = history?.save(transcript)
            continuation.yield(.final(transcript))
            if let historyError { continuation.yield(.error(historyError)) }
        }
    }
}
