/// What other threads ask of a run (stop, cancel, pause, resume, commit) and what the run's
/// audio thread has done about it.
///
/// Requests are not carried out where they are made: they are written down here, and the audio
/// thread takes them between two buffers, so they never race with decoding. Pause and resume only
/// set the state the caller wants, and commits asked for before the audio thread got to them are
/// one commit: rapid toggles collapse into at most one change per buffer (debouncing) and any
/// interleaving from any number of tasks leaves a state the audio thread reached on its own.
/// Each caller waits until the audio thread took its request (or the run ended).
final class RunControl: Sendable {
    /// The requests the audio thread has not taken yet.
    struct Requests {
        /// Whether the callers want the run paused.
        var wantsPause: Bool
        /// Whether a commit was asked for.
        var commit: Bool
        /// The newest request these include.
        fileprivate var ticket: UInt64
    }

    private struct State {
        var stopRequested = false
        var cancelled = false
        var finished = false
        var wantsPause = false
        var commitRequested = false
        /// Tickets handed out to requests, and the newest one the audio thread has taken.
        var lastTicket: UInt64 = 0
        var takenTicket: UInt64 = 0
        var requestWaiters: [(ticket: UInt64, waiter: CheckedContinuation<Void, Never>)] = []
        var finishWaiters: [CheckedContinuation<Void, Never>] = []
        var sourceReleased = false
        var releaseWaiters: [CheckedContinuation<Void, Never>] = []
        var reader: ReaderHandle?
        var runState = DictationState.idle
    }

    /// Every change wakes an audio thread that waits, paused, on a source that does not need to
    /// be read (``waitForRequest()``).
    private let state = WaitableState(State())

    var isFinished: Bool { state.read { $0.finished } }
    var isCancelled: Bool { state.read { $0.cancelled } }
    var runState: DictationState { state.read { $0.runState } }

    // MARK: - Asked from any thread

    /// Asks the run to stop reading; what was read is still decoded.
    func requestStop() {
        let reader = state.withLock { state -> ReaderHandle? in
            state.stopRequested = true
            return state.reader
        }
        reader?.interrupt()
    }

    /// Asks the run to end at once.
    func cancel() {
        let reader = state.withLock { state -> ReaderHandle? in
            state.cancelled = true
            return state.reader
        }
        reader?.interrupt()
    }

    /// Asks for a pause (`true`) or the end of one, and waits until the audio thread took it.
    func request(pause: Bool) async {
        await request { $0.wantsPause = pause }
    }

    /// Asks for a commit and waits until the audio thread took it.
    func requestCommit() async {
        await request { $0.commitRequested = true }
    }

    private func request(_ change: (inout State) -> Void) async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let accepted = state.withLock { state -> Bool in
                guard !state.finished, !state.cancelled, !state.stopRequested else { return false }
                change(&state)
                state.lastTicket += 1
                state.requestWaiters.append((state.lastTicket, waiter))
                return true
            }
            if !accepted { waiter.resume() }
        }
    }

    /// Waits until the run has ended and its stream finished.
    func waitUntilFinished() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state -> Bool in
                if state.finished { return true }
                state.finishWaiters.append(waiter)
                return false
            }
            if done { waiter.resume() }
        }
    }

    /// Waits until the run has released its source (or ended).
    func waitUntilSourceReleased() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state -> Bool in
                if state.sourceReleased || state.finished { return true }
                state.releaseWaiters.append(waiter)
                return false
            }
            if done { waiter.resume() }
        }
    }

    // MARK: - The audio thread

    /// Keeps the open reader so that stop and cancel can interrupt a blocked read.
    /// - Returns: Whether stop or cancel came before the reader was there to interrupt.
    func attach(_ reader: any AudioReader) -> Bool {
        state.withLock { state in
            state.reader = ReaderHandle(reader)
            return state.stopRequested || state.cancelled
        }
    }

    func detachReader() {
        state.withLock { $0.reader = nil }
    }

    /// The run closed its source: the device is free.
    func sourceReleased() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.sourceReleased = true
            defer { state.releaseWaiters = [] }
            return state.releaseWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// The requests made since the last call, or `nil` when there are none.
    func takeRequests() -> Requests? {
        state.withLock { state in
            guard state.lastTicket > state.takenTicket else { return nil }
            defer { state.commitRequested = false }
            return Requests(wantsPause: state.wantsPause, commit: state.commitRequested, ticket: state.lastTicket)
        }
    }

    /// Tells the callers whose requests `requests` included that they were carried out.
    func carriedOut(_ requests: Requests) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.takenTicket = max(state.takenTicket, requests.ticket)
            let done = state.requestWaiters.filter { $0.ticket <= requests.ticket }
            state.requestWaiters.removeAll { $0.ticket <= requests.ticket }
            return done.map(\.waiter)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Blocks the audio thread until a request, a stop or a cancel arrives.
    func waitForRequest() {
        state.wait(until: { $0.lastTicket > $0.takenTicket || $0.stopRequested || $0.cancelled })
    }

    /// Whether stop was asked for.
    var isStopRequested: Bool { state.read { $0.stopRequested } }

    func setRunState(_ runState: DictationState) {
        state.withLock { $0.runState = runState }
    }

    /// Marks the run finished and releases every waiter.
    func finish() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.finished = true
            let waiters = state.finishWaiters + state.requestWaiters.map(\.waiter) + state.releaseWaiters
            state.finishWaiters = []
            state.requestWaiters = []
            state.releaseWaiters = []
            return waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// Lets another thread call ``AudioReader/interrupt()``, the one reader method that is thread-safe.
///
/// `@unchecked Sendable` is sound because only `interrupt()` is reachable through it, and the
/// ``AudioReader`` contract requires that method to be callable from any thread.
private final class ReaderHandle: @unchecked Sendable {
    private let reader: any AudioReader
    init(_ reader: any AudioReader) { self.reader = reader }
    func interrupt() { reader.interrupt() }
}
