import DequeModule
import Foundation
import Logging
import Synchronization

/// One run's history: every final kept in the session's ``TranscriptStore`` before the consumer
/// gets it, and no event of the audio thread waiting for a disk write.
///
/// The events the session's stages passed on come here, in order, under the delivery lock
/// (``pass(_:)``). A final is held back (``HistoryOutbox``) and its save queued for the run's
/// writer thread (`DictationKit.history`), which calls the store one final at a time, in order,
/// and hands each final to the stream once the store has kept it, with the events that waited
/// behind it; partials, levels, speech starts and ends go on meanwhile. So a process killed at
/// any moment has kept every final its consumer saw, as it saw it (after every stage: its written
/// text, none a stage held back), and a slow disk delays finals only.
///
/// The run waits for the history where the contract orders events after a final: at a pause, a
/// commit and the end of the audio (``waitUntilDelivered()``), and before the stream ends, once
/// the run's end is recorded (``finish()``). When the system refuses the writer thread, the store
/// is called on the thread that delivers the final, under the delivery lock, as before there was
/// a writer: late for the audio thread, but nothing is lost.
final class TranscriptHistory: Sendable {
    private enum Job {
        /// Keep a final; its ticket names it in the outbox.
        case save(Transcript, TranscriptSessionInfo, ticket: Int)
        /// Record the run's end: the last job.
        case end(TranscriptSessionInfo, Date)
    }

    private struct State {
        var outbox = HistoryOutbox()
        /// The run, as the store is told of it (its recording once the run says it).
        var info: TranscriptSessionInfo
        /// Store calls not yet made, in order.
        var jobs: Deque<Job> = []
        var nextTicket = 0
        /// The run's end is recorded and its events delivered: nothing more comes.
        var ended = false
    }

    private let state: WaitableState<State>
    private let stream: ConsumerStream
    /// The store's calls when the writer thread was refused: made on the delivering thread.
    private let inlineCalls: Mutex<TranscriptStoreCalls>?

    /// Starts a run's history and its writer thread.
    /// - Parameters:
    ///   - store: Where finals are kept, e.g. `DictationHistory`'s `SQLiteTranscriptStore`.
    ///   - run: The run.
    ///   - stream: Where the events go once they may.
    ///   - logger: Where store failures and a refused writer thread are noted, at debug level.
    ///   - writerStackSize: The writer thread's stack; `nil` for the system's default (a test
    ///     asks for an impossible one to see a refused thread).
    init(
        store: any TranscriptStore, run: DictationRunInfo, stream: ConsumerStream, logger: Logger,
        writerStackSize: Int? = nil
    ) {
        let state = WaitableState(
            State(
                info: TranscriptSessionInfo(
                    id: run.id, startedAt: run.startedAt, locale: run.locale, requestedLocale: run.requestedLocale)))
        self.state = state
        self.stream = stream
        let calls = TranscriptStoreCalls(store: store, logger: logger)
        do throws(DictationError) {
            try DedicatedThread.start(name: "DictationKit.history", stackSize: writerStackSize) {
                var writerCalls = calls
                Self.write(state: state, calls: &writerCalls, stream: stream)
            }
            inlineCalls = nil
        } catch {
            logger.debug(
                "no writer thread for the history: finals are kept as they are delivered",
                metadata: ["code": "\(error.code)"])
            inlineCalls = Mutex(calls)
        }
    }

    /// Takes the events the stages passed on, in order: a final waits until it is kept, and so
    /// does what follows it, but for the events of the audio as it is heard.
    ///
    /// Called under the delivery lock; it only queues, unless the writer thread was refused.
    func pass(_ events: [DictationEvent]) {
        let stream = self.stream
        for event in events {
            // The common case, a partial or a level with nothing to change: no wake-up for anyone.
            let passed = state.read { state -> Bool in
                guard !Self.changesState(event), state.outbox.isEmpty || HistoryOutbox.overtakes(event) else {
                    return false
                }
                stream.deliver([event])
                return true
            }
            if passed { continue }
            state.withLock { state in
                switch event {
                case .final(let transcript):
                    let ticket = state.nextTicket
                    state.nextTicket += 1
                    state.jobs.append(.save(transcript, state.info, ticket: ticket))
                    state.outbox.hold(event, until: ticket)
                case .recordingStarted(let path):
                    state.info.recordingPath = path
                    stream.deliver(state.outbox.add(event))
                default:
                    stream.deliver(state.outbox.add(event))
                }
            }
            // Without a writer thread, the final is kept before the next event comes.
            if case .final = event { callStoreInline() }
        }
    }

    /// Whether the history takes note of an event: a final to keep, the recording to tell the store.
    private static func changesState(_ event: DictationEvent) -> Bool {
        switch event {
        case .final, .recordingStarted: true
        default: false
        }
    }

    /// Blocks until no event is held back: every final that came so far is kept and in the
    /// stream, with what waited behind it.
    func waitUntilDelivered() {
        state.wait(until: { $0.outbox.isEmpty })
    }

    /// Records the run's end after every final, and blocks until it is done and every event
    /// delivered; what the store failed at comes last.
    func finish() {
        let date = Date()
        state.withLock { state in state.jobs.append(.end(state.info, date)) }
        callStoreInline()
        state.wait(until: { $0.ended })
    }

    // MARK: - The store's calls

    /// The writer thread: every job in order, until the run's end is recorded.
    private static func write(state: WaitableState<State>, calls: inout TranscriptStoreCalls, stream: ConsumerStream) {
        var ended = false
        while !ended {
            let job = state.waitAndTake { state in state.jobs.popFirst() }
            ended = call(job, state: state, calls: &calls, stream: stream)
        }
    }

    /// Without a writer thread: makes the queued calls on this thread.
    private func callStoreInline() {
        let (state, stream) = (state, stream)
        inlineCalls?.withLock { calls in
            while let job = state.withLock({ state in state.jobs.popFirst() }) {
                _ = Self.call(job, state: state, calls: &calls, stream: stream)
            }
        }
    }

    /// Makes one call, outside the history's lock, then delivers what it let go.
    /// - Returns: Whether it recorded the run's end.
    private static func call(
        _ job: Job, state: WaitableState<State>, calls: inout TranscriptStoreCalls, stream: ConsumerStream
    ) -> Bool {
        switch job {
        case .save(let final, let info, let ticket):
            let failures = calls.save(final, session: info)
            state.withLock { state in
                stream.deliver(state.outbox.kept(ticket, then: failures.map(DictationEvent.error)))
            }
            return false
        case .end(let info, let date):
            let failures = calls.end(info, at: date)
            state.withLock { state in
                stream.deliver(failures.map(DictationEvent.error))
                state.ended = true
            }
            return true
        }
    }
}
