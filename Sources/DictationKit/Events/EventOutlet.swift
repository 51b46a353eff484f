import Logging

/// Where a run's events leave for the consumer: through the session's event stages, then the
/// history when the session keeps one, then the ``ConsumerStream`` (the reports the consumer
/// asked for, in the language of the locale asked for, counted in the metrics).
///
/// Stages see every event from the moment the run listens, wanted or not (a stage may need speech
/// activity the consumer did not ask for); only what the consumer asked for reaches the stream.
/// Used under ``EventDelivery``'s lock.
struct EventOutlet {
    private let stream: ConsumerStream
    private var processors: [any DictationEventProcessor] = []
    /// The run's history: after every stage, it holds each final back until the store kept it.
    private(set) var history: TranscriptHistory?
    /// The stream ended: nothing more is delivered, and the stages are done.
    private var finished = false

    init(
        continuation: AsyncStream<DictationEvent>.Continuation, options: DictationOptions,
        metrics: SessionMetrics
    ) {
        stream = ConsumerStream(continuation: continuation, options: options, metrics: metrics)
    }

    /// From now on, events pass through these stages' processors, in order, then the history.
    /// - Parameters:
    ///   - processors: The run's stage processors.
    ///   - store: Where the run's finals are kept, if anywhere.
    ///   - run: The run, as the store is told of it.
    ///   - logger: Where store failures are noted.
    mutating func start(
        _ processors: [any DictationEventProcessor], keepingIn store: (any TranscriptStore)?, run: DictationRunInfo,
        logger: Logger
    ) {
        self.processors = processors
        history = store.map { TranscriptHistory(store: $0, run: run, stream: stream, logger: logger) }
    }

    /// Passes an event through the stages and delivers what comes out.
    func send(_ event: DictationEvent) {
        guard !finished else { return }
        forward(Self.pass([event], through: processors[...]))
    }

    /// Lets every stage end (what a stage adds then still passes the stages after it), waits
    /// until the history has kept and delivered every final and recorded the run's end, then
    /// ends the stream.
    mutating func finish() {
        guard !finished else { return }
        finished = true
        for (position, processor) in processors.enumerated() {
            forward(Self.pass(processor.finish(), through: processors[(position + 1)...]))
        }
        history?.finish()
        stream.finish()
    }

    private static func pass(
        _ events: [DictationEvent], through processors: ArraySlice<any DictationEventProcessor>
    ) -> [DictationEvent] {
        processors.reduce(events) { events, processor in events.flatMap(processor.process) }
    }

    /// What the stages passed on goes to the history, or straight to the stream without one.
    private func forward(_ events: [DictationEvent]) {
        guard !events.isEmpty else { return }
        if let history {
            history.pass(events)
        } else {
            stream.deliver(events)
        }
    }
}
