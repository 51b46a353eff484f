/// Where a run's events leave for the consumer: through the session's event stages, then the
/// reports the consumer asked for, in the language of the locale asked for, counted in the metrics.
///
/// Stages see every event from the moment the run listens, wanted or not (a stage may need speech
/// activity the consumer did not ask for); only what the consumer asked for reaches the stream.
/// Used under ``EventDelivery``'s lock.
struct EventOutlet {
    private let continuation: AsyncStream<DictationEvent>.Continuation
    private let reports: DictationOptions.Reports
    /// The language of the session's errors: that of the locale asked for, even when a model of
    /// another locale is used, since it is the language the person reads.
    private let language: DictationError.Language
    private var processors: [any DictationEventProcessor] = []
    private let metrics: SessionMetrics
    /// The stream ended: nothing more is delivered, and the stages are done.
    private var finished = false

    init(
        continuation: AsyncStream<DictationEvent>.Continuation, options: DictationOptions,
        metrics: SessionMetrics
    ) {
        self.continuation = continuation
        reports = options.reports
        language = DictationError.Language(locale: options.locale)
        self.metrics = metrics
    }

    /// From now on, events pass through these stages' processors, in order.
    mutating func start(_ processors: [any DictationEventProcessor]) {
        self.processors = processors
    }

    /// Passes an event through the stages and delivers what comes out.
    func send(_ event: DictationEvent) {
        guard !finished else { return }
        deliver(Self.pass([event], through: processors[...]))
    }

    /// Lets every stage end (what a stage adds then still passes the stages after it), then ends
    /// the stream.
    mutating func finish() {
        guard !finished else { return }
        finished = true
        for (position, processor) in processors.enumerated() {
            deliver(Self.pass(processor.finish(), through: processors[(position + 1)...]))
        }
        continuation.finish()
    }

    private static func pass(
        _ events: [DictationEvent], through processors: ArraySlice<any DictationEventProcessor>
    ) -> [DictationEvent] {
        processors.reduce(events) { events, processor in events.flatMap(processor.process) }
    }

    private func deliver(_ events: [DictationEvent]) {
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
