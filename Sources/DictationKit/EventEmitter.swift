/// Turns a decoder's updates into the session's events and keeps the per-utterance contract:
/// zero or more partials, then exactly one final, with utterances numbered by the session.
struct EventEmitter {
    private let continuation: AsyncStream<DictationEvent>.Continuation
    private let options: DictationOptions
    private(set) var utteranceCount = 0
    private var openUtteranceHasPartial = false
    private var lastPartialText = ""
    /// Where delivered events are counted and timed, when the session records metrics.
    var metrics: SessionMetrics?

    init(continuation: AsyncStream<DictationEvent>.Continuation, options: DictationOptions) {
        self.continuation = continuation
        self.options = options
    }

    mutating func emit(_ updates: [RecognitionUpdate]) {
        for update in updates { emit(update) }
    }

    mutating func emitEvent(_ event: DictationEvent) {
        continuation.yield(event)
        if case .error(let error) = event { metrics?.delivered(error) }
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
            metrics?.delivered(.partial)
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
            continuation.yield(.final(transcript))
            metrics?.delivered(.final)
        }
    }
}
