import Metrics
import Synchronization

/// What one run of a session records through swift-metrics (see ``DictationMetrics``).
///
/// Made by the run on its audio thread: the run tells it when audio was read and how long
/// converting and decoding took; the ``EventEmitter`` tells it what was delivered, from the audio
/// thread or the final pass's. Nothing here is called per sample, at most a few times per read.
final class SessionMetrics: Sendable {
    /// The kinds of event whose latency is timed.
    enum TimedEvent: String {
        case partial, final
    }

    private let factory: any MetricsFactory
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    private let state: Mutex<State>

    private struct State {
        var handles: Handles
        /// When the newest audio read was captured (a live source stamps its buffers), or else
        /// read: every event the session delivers after it was produced by that audio or earlier
        /// audio (or, at the end, by what the preprocessing and decoders held back).
        var lastRead: ContinuousClock.Instant?
        var audioSeconds = 0.0
        var processing = Duration.zero
    }

    /// - Parameters:
    ///   - factory: The backend to record into: the app's, or swift-metrics' no-op one.
    ///   - locale: The locale asked for; see ``use(locale:)``.
    init(factory: any MetricsFactory, locale: String) {
        self.factory = factory
        state = Mutex(State(handles: Handles(locale: locale, factory: factory)))
        started = clock.now
    }

    /// Labels what follows with the locale the recognizer really recognizes, once it is known.
    func use(locale: String) {
        let factory = factory
        state.withLock { state in
            guard locale != state.handles.locale else { return }
            state.handles = Handles(locale: locale, factory: factory)
        }
    }

    /// A buffer was read from the source just now.
    func audioRead(_ frame: AudioFrame) {
        // A live buffer's last sample was captured a buffer's length after its first.
        let captured = frame.captureTime.map { $0 + .seconds(frame.duration) } ?? clock.now
        state.withLock {
            $0.lastRead = captured
            $0.audioSeconds += frame.duration
        }
    }

    /// The current instant, to hand back to ``processed(since:)``.
    var now: ContinuousClock.Instant { clock.now }

    /// Converting and decoding ran from `start` until now.
    func processed(since start: ContinuousClock.Instant) {
        let elapsed = clock.now - start
        state.withLock { $0.processing += elapsed }
    }

    /// A partial or final was yielded to the stream just now.
    func delivered(_ event: TimedEvent) {
        let now = clock.now
        state.withLock { state in
            if event == .final { state.handles.utterances.increment() }
            guard let lastRead = state.lastRead else { return }
            state.handles.latency(event).recordNanoseconds(Self.nanoseconds(now - lastRead))
        }
    }

    /// An error event was yielded to the stream.
    func delivered(_ error: DictationError) {
        state.withLock { state in
            state.handles.errors(error.code).increment()
            if error.code == .captureOverrun { state.handles.overruns.increment() }
        }
    }

    /// The run is over: records its duration and real-time factor.
    func runEnded() {
        let duration = clock.now - started
        state.withLock { state in
            state.handles.sessionDuration.recordNanoseconds(Self.nanoseconds(duration))
            if state.audioSeconds > 0 {
                state.handles.realTimeFactor.record(state.processing.inSeconds / state.audioSeconds)
            }
        }
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
    }

    /// The metric objects for one locale, made once per run (twice when the locale is resolved).
    private struct Handles {
        let locale: String
        let factory: any MetricsFactory
        let partialLatency: Timer
        let finalLatency: Timer
        let utterances: Counter
        let overruns: Counter
        let realTimeFactor: Recorder
        let sessionDuration: Timer
        /// Error counters by code, made on first use: most runs have none.
        private var errorCounters: [DictationError.Code: Counter] = [:]

        init(locale: String, factory: any MetricsFactory) {
            self.locale = locale
            self.factory = factory
            let dimensions = [(DictationMetrics.Dimension.locale, locale)]
            func latency(_ event: TimedEvent) -> Timer {
                Timer(
                    label: DictationMetrics.eventLatency,
                    dimensions: dimensions + [(DictationMetrics.Dimension.event, event.rawValue)],
                    preferredDisplayUnit: .milliseconds, factory: factory)
            }
            partialLatency = latency(.partial)
            finalLatency = latency(.final)
            utterances = Counter(label: DictationMetrics.utterances, dimensions: dimensions, factory: factory)
            overruns = Counter(label: DictationMetrics.captureOverruns, dimensions: dimensions, factory: factory)
            realTimeFactor = Recorder(label: DictationMetrics.realTimeFactor, dimensions: dimensions, factory: factory)
            sessionDuration = Timer(
                label: DictationMetrics.sessionDuration, dimensions: dimensions, preferredDisplayUnit: .seconds,
                factory: factory)
        }

        func latency(_ event: TimedEvent) -> Timer {
            event == .partial ? partialLatency : finalLatency
        }

        mutating func errors(_ code: DictationError.Code) -> Counter {
            if let counter = errorCounters[code] { return counter }
            let counter = Counter(
                label: DictationMetrics.errors,
                dimensions: [(DictationMetrics.Dimension.locale, locale), (DictationMetrics.Dimension.code, code.rawValue)],
                factory: factory)
            errorCounters[code] = counter
            return counter
        }
    }
}
