import DequeModule
import Synchronization

/// The endpointer's utterances on their way to a pass that decodes them on threads of its own
/// (``FinalPass``, ``RedecodingPass``): the requests the audio thread made, kept by utterance.
///
/// Each of the pass's threads takes a whole utterance (its ``Claim``), the oldest no thread has
/// taken yet, and gets that utterance's requests in order, as they come, until its end; then it
/// takes the next. With one thread that is every request in the order it was made; with several,
/// utterances are decoded side by side, each by one thread from its start to its end.
///
/// How far the pass may fall behind is bounded (``maximumQueuedSamples``): beyond that
/// ``submit(_:)`` blocks the audio thread, and a live source's buffer takes the backlog.
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

        /// Whether the request asks for a search of the utterance: its end, or a pause where it
        /// may end.
        var isSearch: Bool {
            switch self {
            case .mayEnd, .end: true
            case .begin, .audio: false
            }
        }
    }

    /// What the pass's thread gets from ``next(for:timeout:)``.
    enum Next {
        case request(Request)
        /// Nothing came within the time allowed.
        case idle
        /// The queue is closed and holds nothing more for this thread, or the pass stopped: the
        /// thread ends.
        case closed
    }

    /// The utterance one of the pass's threads has taken; each thread keeps its own.
    struct Claim {
        /// The utterance's place in the queue; `nil` between utterances.
        fileprivate var ticket: Int?

        /// No utterance taken yet.
        init() {}
    }

    /// How much audio may wait for a pass before ``submit(_:)`` blocks: 60 s at 16 kHz.
    static let maximumQueuedSamples = 60 * 16_000

    /// One utterance's requests not yet taken.
    private struct Utterance {
        var requests = Deque<Request>()
        /// Samples in ``requests``.
        var samples = 0
        /// Whether no more requests come: its `end`, or the next utterance's `begin`, was submitted.
        var complete = false
    }

    private struct State {
        /// The utterances not yet finished, by ticket: the order they were submitted in.
        var utterances: [Int: Utterance] = [:]
        /// The ticket of the oldest utterance no thread has taken.
        var nextUnclaimed = 0
        /// The ticket the next `begin` gets.
        var nextTicket = 0
        var queuedSamples = 0
        /// Samples of the utterances no thread has taken.
        var unclaimedSamples = 0
        var submitted = 0
        /// Requests taken and finished (see ``done(_:)``).
        var done = 0
        var closing = false
        var stopped = false
        /// Threads waiting in ``next(for:timeout:)`` with no utterance: free to take one.
        var freeThreads = 0

        /// The utterance the next request that is not a `begin` belongs to: the last one.
        var lastTicket: Int? { nextTicket > 0 ? nextTicket - 1 : nil }

        var hasUnclaimed: Bool { utterances[nextUnclaimed] != nil }

        /// Whether a thread holding `claim` has a request to take, or should end.
        func isReady(_ claim: Claim) -> Bool {
            if stopped || closing { return true }
            guard let ticket = claim.ticket else { return hasUnclaimed }
            guard let utterance = utterances[ticket] else { return true }
            return !utterance.requests.isEmpty || utterance.complete
        }

        /// Takes the next request for a thread holding `claim`.
        /// - Returns: The request (or that the thread ends) and the thread's claim from now on;
        ///   no request when there is none yet, or the utterance held ended without an `end` of
        ///   its own (the next one began), which the claim then lets go of.
        mutating func take(for claim: Claim) -> (Next?, Claim) {
            guard !stopped else { return (.closed, claim) }
            var claim = claim
            if claim.ticket == nil {
                guard hasUnclaimed else { return (closing ? .closed : nil, claim) }
                claim.ticket = nextUnclaimed
                unclaimedSamples -= utterances[nextUnclaimed]?.samples ?? 0
                nextUnclaimed += 1
            }
            guard let ticket = claim.ticket, var utterance = utterances[ticket] else { return (nil, Claim()) }
            guard !utterance.requests.isEmpty else {
                if utterance.complete {
                    utterances[ticket] = nil
                    return (nil, Claim())
                }
                return (closing ? .closed : nil, claim)
            }
            let request = utterance.requests.removeFirst()
            if case .audio(let samples) = request {
                queuedSamples -= samples.count
                utterance.samples -= samples.count
            }
            if case .end = request {
                utterances[ticket] = nil
                return (.request(request), Claim())
            }
            utterances[ticket] = utterance
            return (.request(request), claim)
        }
    }

    private let state = WaitableState(State())
    /// Requests submitted and not done, searches among them, and whether the pass stopped:
    /// mirrors of the state, changed under its lock, for ``isIdle`` and ``isSearching`` to read
    /// without it. The session's searches of the utterance so far, on Linux's idle cores, ask those
    /// between the steps of the network; preempted while holding the lock, such a thread keeps it
    /// until a core falls idle, and the audio thread and this pass wait for it.
    private let unfinishedRequests = Atomic(0)
    private let unfinishedSearches = Atomic(0)
    private let hasStopped = Atomic(false)

    // MARK: - The audio thread

    /// Queues requests; blocks while too much audio waits already.
    func submit(_ requests: [Request]) {
        guard !requests.isEmpty else { return }
        let samples = requests.reduce(0) { total, request in
            if case .audio(let audio) = request { total + audio.count } else { total }
        }
        state.wait(until: { $0.queuedSamples == 0 || $0.queuedSamples + samples <= Self.maximumQueuedSamples || $0.stopped })
        state.withLock { state in
            for request in requests {
                if case .begin = request {
                    if let last = state.lastTicket { state.utterances[last]?.complete = true }
                    state.utterances[state.nextTicket] = Utterance()
                    state.nextTicket += 1
                } else if state.lastTicket.flatMap({ state.utterances[$0] }) == nil {
                    // Requests with no utterance to belong to (none began, or its thread already
                    // took its end) are not anyone's work; counted as done at once.
                    state.submitted += 1
                    state.done += 1
                    continue
                }
                guard let ticket = state.lastTicket else { continue }
                state.utterances[ticket]?.requests.append(request)
                if case .end = request { state.utterances[ticket]?.complete = true }
                // Searches (`mayEnd` and `end` requests): while some are not done, the pass's
                // decoders want the cores.
                if request.isSearch { unfinishedSearches.add(1, ordering: .sequentiallyConsistent) }
                unfinishedRequests.add(1, ordering: .sequentiallyConsistent)
                if case .audio(let audio) = request {
                    state.queuedSamples += audio.count
                    state.utterances[ticket]?.samples += audio.count
                    if ticket >= state.nextUnclaimed { state.unclaimedSamples += audio.count }
                }
                state.submitted += 1
            }
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
    var isIdle: Bool {
        unfinishedRequests.load(ordering: .sequentiallyConsistent) <= 0 || hasStopped.load(ordering: .sequentiallyConsistent)
    }

    /// The audio, in samples, of the utterances no thread has taken while no thread is free to
    /// take them: how much work waits for another thread; 0 when a thread is free.
    var samplesWaitingForAThread: Int { state.read { $0.freeThreads == 0 ? $0.unclaimedSamples : 0 } }

    // MARK: - The pass's threads

    /// The next request of the utterance `claim` holds, or of the next utterance no thread has
    /// taken once it holds none; waits for one (at most `timeout`, when given).
    func next(for claim: inout Claim, timeout: Duration? = nil) -> Next {
        while true {
            let current = claim
            let free = current.ticket == nil
            if free { state.withLock { $0.freeThreads += 1 } }
            defer { if free { state.withLock { $0.freeThreads -= 1 } } }
            if let timeout {
                guard state.wait(until: { $0.isReady(current) }, timeout: timeout) else { return .idle }
            } else {
                state.wait(until: { $0.isReady(current) })
            }
            let next: Next?
            (next, claim) = state.withLock { state in state.take(for: current) }
            if let next { return next }
        }
    }

    /// Whether requests of the utterance `claim` holds wait to be taken.
    func hasWaitingRequests(for claim: Claim) -> Bool {
        guard let ticket = claim.ticket else { return false }
        return state.read { !($0.utterances[ticket]?.requests.isEmpty ?? true) }
    }

    /// Whether audio of the utterance `claim` holds waits to be taken: after a pause, the speaker
    /// went on. Cheap enough to ask between the steps of a search.
    func hasWaitingAudio(for claim: Claim) -> Bool {
        guard let ticket = claim.ticket else { return false }
        return state.read { ($0.utterances[ticket]?.samples ?? 0) > 0 }
    }

    /// The request last taken is finished.
    /// - Parameter request: The request.
    func done(_ request: Request) {
        state.withLock { state in
            state.done += 1
            unfinishedRequests.subtract(1, ordering: .sequentiallyConsistent)
            if request.isSearch { unfinishedSearches.subtract(1, ordering: .sequentiallyConsistent) }
        }
    }

    /// Whether a search (an utterance's end, or a pause where it may end) was asked for and is
    /// not finished: the pass's decoders want the cores now.
    var isSearching: Bool {
        unfinishedSearches.load(ordering: .sequentiallyConsistent) > 0 && !hasStopped.load(ordering: .sequentiallyConsistent)
    }

    /// The pass stopped for good: nobody waits for it any more, and its threads end.
    func stop() {
        state.withLock { state in
            state.stopped = true
            hasStopped.store(true, ordering: .sequentiallyConsistent)
        }
    }
}
