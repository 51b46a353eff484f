/// The consumer's end of a run's events: it keeps the kinds ``DictationOptions/reports`` asks
/// for, puts errors in the language of the locale asked for, counts what it yields in the
/// metrics, and yields.
///
/// ``EventOutlet`` yields through it under ``EventDelivery``'s lock; a session with a history
/// yields through it from ``TranscriptHistory`` (its writer thread too), under the history's lock.
struct ConsumerStream: Sendable {
    private let continuation: AsyncStream<DictationEvent>.Continuation
    private let reports: DictationOptions.Reports
    /// The language of the session's errors: that of the locale asked for, even when a model of
    /// another locale is used, since it is the language the person reads.
    private let language: DictationError.Language
    private let metrics: SessionMetrics

    init(continuation: AsyncStream<DictationEvent>.Continuation, options: DictationOptions, metrics: SessionMetrics) {
        self.continuation = continuation
        reports = options.reports
        language = DictationError.Language(locale: options.locale)
        self.metrics = metrics
    }

    /// Yields the events the consumer asked for, in order.
    func deliver(_ events: [DictationEvent]) {
        for event in events where wanted(event) {
            switch event {
            case .error(let error):
                // Every error of a session passes here, so this is the one place that localizes them.
                continuation.yield(.error(error.localized(to: language)))
                metrics.delivered(error)
            case .partial:
                continuation.yield(event)
                metrics.delivered(.partial)
            case .final:
                continuation.yield(event)
                metrics.delivered(.final)
            default:
                continuation.yield(event)
            }
        }
    }

    /// Ends the stream.
    func finish() {
        continuation.finish()
    }

    private func wanted(_ event: DictationEvent) -> Bool {
        switch event {
        case .partial: reports.contains(.partials)
        case .speechStarted, .speechEnded: reports.contains(.speechActivity)
        case .level: reports.contains(.level)
        case .progress: reports.contains(.progress)
        case .stateChanged, .blockCommitted, .blockDiscarded: reports.contains(.stateChanges)
        case .final, .error, .localeSelected, .recordingStarted, .command: true
        }
    }
}
