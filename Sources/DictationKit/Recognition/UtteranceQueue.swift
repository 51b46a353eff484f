import DequeModule

/// The endpointer's utterances on their way to a pass that decodes them on a thread of its own
/// (``FinalPass``, ``ConfirmationPass``): the requests the audio thread made, in order.
///
/// How far a pass may fall behind is bounded (``maximumQueuedSamples``): beyond that ``submit(_:)``
/// blocks the audio thread, and a live source's buffer takes the backlog.
final class UtteranceQueue: Sendable {
    /// What the audio thread asks of a pass, utterance by utterance.
    enum Request: Sendable {
        /// An utterance opens; its audio starts at `time` seconds of session audio.
        case begin(utterance: Int, at: Double)
        /// The open utterance's next samples.
        case audio([Float])
        /// The open utterance ends here unless more audio follows.
        case mayEnd
        /// The open utterance ended.
        case end
    }

    /// What the pass's thread gets from ``next(timeout:)``.
    enum Next {
        case request(Request)
        /// Nothing came within the time allowed.
        case idle
        /// The queue is closed and empty: the thread ends.
        case closed
    }

    /// How much audio may wait for a pass before ``submit(_:)`` blocks: 60 s at 16 kHz.
    static let maximumQueuedSamples = 60 * 16_000

    private struct State {
        var queue = Deque<Request>()
        var queuedSamples = 0
        var submitted = 0
        /// Requests taken and finished (see ``done()``).
        var done = 0
        var closing = false
        var stopped = false
    }

    private let state = WaitableState(State())

    // MARK: - The audio thread

    /// Queues requests; blocks while too much audio waits already.
    func submit(_ requests: [Request]) {
        guard !requests.isEmpty else { return }
        let samples = requests.reduce(0) { total, request in
            if case .audio(let audio) = request { total + audio.count } else { total }
        }
        state.wait(until: { $0.queuedSamples == 0 || $0.queuedSamples + samples <= Self.maximumQueuedSamples || $0.stopped })
        state.withLock {
            $0.queue.append(contentsOf: requests)
            $0.queuedSamples += samples
            $0.submitted += requests.count
        }
    }

    /// Blocks until every request submitted so far is done, or the pass stopped.
    func drain() {
        let target = state.read { $0.submitted }
        state.wait(until: { $0.done >= target || $0.stopped })
    }

    /// Lets the pass finish the queue and end; the caller need not wait.
    func close() {
        state.withLock { $0.closing = true }
    }

    /// How many samples wait to be taken.
    var queuedSamples: Int { state.read { $0.queuedSamples } }

    /// Whether every request submitted so far is done.
    var isIdle: Bool { state.read { $0.done >= $0.submitted || $0.stopped } }

    // MARK: - The pass's thread

    /// The next request, waiting for one (at most `timeout`, when given).
    func next(timeout: Duration? = nil) -> Next {
        let ready = { (state: State) in !state.queue.isEmpty || state.closing }
        if let timeout {
            guard state.wait(until: ready, timeout: timeout) else { return .idle }
        } else {
            state.wait(until: ready)
        }
        return state.withLock { state -> Next in
            guard !state.queue.isEmpty else { return .closed }
            let request = state.queue.removeFirst()
            if case .audio(let samples) = request { state.queuedSamples -= samples.count }
            return .request(request)
        }
    }

    /// Whether requests wait to be taken.
    var hasWaitingRequests: Bool { state.read { !$0.queue.isEmpty } }

    /// The request last taken is finished.
    func done() {
        state.withLock { $0.done += 1 }
    }

    /// The pass stopped for good: nobody waits for it any more.
    func stop() {
        state.withLock { $0.stopped = true }
    }
}
