import DictationTestSupport
import DictationTesting
import Foundation
import Logging
import Metrics
import Synchronization
import Testing

@testable import DictationKit

/// A run's history on its own: the store is called on the history's writer thread, a final reaches
/// the stream only once kept, and what the audio thread shows meanwhile does not wait for it.
@Suite(.timeLimit(.minutes(25))) struct TranscriptHistoryTests {
    /// A store whose save of utterance 0 waits until the test opens its gate: a disk as slow as the
    /// test needs, with no clock involved. The gate gives up after ten minutes (a hang guard, long
    /// because a loaded run can keep an async test from its thread for minutes) and notes it.
    final class GatedStore: TranscriptStore {
        /// Its calls, and the test's own notes, in order.
        let calls = WaitableState<[String]>([])
        let gate = WaitableState(false)

        func sessionStarted(_ session: TranscriptSessionInfo) throws(DictationError) {
            calls.withLock { $0.append("started") }
        }

        func save(_ final: Transcript, session: TranscriptSessionInfo) throws(DictationError) {
            calls.withLock { $0.append("save \(final.utteranceIndex) begun") }
            if final.utteranceIndex == 0, !gate.wait(until: { $0 }, timeout: .seconds(600)) {
                calls.withLock { $0.append("gate never opened") }
            }
            calls.withLock { $0.append("save \(final.utteranceIndex)") }
        }

        func sessionEnded(_ session: TranscriptSessionInfo, at date: Date) throws(DictationError) {
            calls.withLock { $0.append("ended") }
        }

        func open() { gate.withLock { $0 = true } }

        var log: [String] { calls.read { $0 } }
    }

    static let run = DictationRunInfo(locale: "en-US", requestedLocale: "en-US")

    static func history(_ store: any TranscriptStore, writerStackSize: Int? = nil) -> (
        TranscriptHistory, AsyncStream<DictationEvent>, AsyncStream<DictationEvent>.Continuation
    ) {
        let (stream, continuation) = AsyncStream.makeStream(of: DictationEvent.self)
        let consumer = ConsumerStream(
            continuation: continuation, options: DictationOptions(reports: .all),
            metrics: SessionMetrics(factory: MetricsSystem.factory, locale: "en-US"))
        let history = TranscriptHistory(
            store: store, run: run, stream: consumer, logger: Logger(label: "test"), writerStackSize: writerStackSize)
        return (history, stream, continuation)
    }

    /// The next `count` events, or fewer when the stream ended. The events are there at once or
    /// never: a hang ends with the suite's time limit, whose cancellation ends the wait.
    static func next(
        _ count: Int, of iterator: inout AsyncStream<DictationEvent>.Iterator
    ) async -> [DictationEvent] {
        var events: [DictationEvent] = []
        for _ in 0..<count {
            guard let event = await iterator.next() else { break }
            events.append(event)
        }
        return events
    }

    @Test func partialsGoOnWhileAFinalIsSavedAndTheFinalWaitsForItsSave() async throws {
        let store = GatedStore()
        let (history, stream, continuation) = Self.history(store)
        var iterator = stream.makeAsyncIterator()
        let final0 = HistoryOutboxTests.final(0)
        let final1 = HistoryOutboxTests.final(1)

        history.pass([final0, HistoryOutboxTests.command])
        history.pass([.speechStarted(at: 3), HistoryOutboxTests.partial(1), .level(-20)])
        // Save 0 waits for the gate: what the audio thread showed must reach the consumer anyway.
        let meanwhile = await Self.next(3, of: &iterator)
        #expect(meanwhile == [.speechStarted(at: 3), HistoryOutboxTests.partial(1), .level(-20)])
        // Save 0 can't have ended: its gate is shut.
        #expect(!store.log.contains("save 0"), "the consumer had them before save 0 ended")

        history.pass([final1, .stateChanged(.processing)])
        store.open()
        let kept = await Self.next(4, of: &iterator)
        #expect(kept == [final0, HistoryOutboxTests.command, final1, .stateChanged(.processing)])

        await DedicatedThread.run { history.finish() }
        continuation.finish()
        #expect(await Self.next(1, of: &iterator).isEmpty, "nothing more")
        #expect(store.log == ["started", "save 0 begun", "save 0", "save 1 begun", "save 1", "ended"])
    }

    @Test func waitingUntilDeliveredReturnsOnceEveryFinalIsKept() async throws {
        let store = GatedStore()
        let (history, stream, continuation) = Self.history(store)
        history.pass([HistoryOutboxTests.final(0), .stateChanged(.paused)])
        // The waiter blocks on a thread of its own, started now: a task would wait for a thread
        // of the cooperative pool, which other suites' tests may hold for minutes.
        let waiter = ThreadResult { () -> Bool in
            store.calls.withLock { $0.append("waiting") }
            history.waitUntilDelivered()
            store.calls.withLock { $0.append("delivered") }
            return true
        }
        // The waiter is on its way before the save may end: a wait that returned early would
        // note "delivered" before the save does.
        let started = await DedicatedThread.run {
            store.calls.wait(until: { $0.contains("waiting") && $0.contains("save 0 begun") }, timeout: .seconds(600))
        }
        #expect(started)
        store.open()
        _ = try await waitFor("the waiter", within: .seconds(600)) { waiter.wait(within: .zero) }
        let log = store.log
        #expect(log.firstIndex(of: "save 0").map { $0 < (log.firstIndex(of: "delivered") ?? -1) } == true, "\(log)")
        await DedicatedThread.run { history.finish() }
        continuation.finish()
        var events: [String] = []
        for await event in stream { events.append(event.type) }
        #expect(events == ["final", "stateChanged"])
    }

    /// A stack larger than the address space: the system refuses the writer thread, as it would
    /// one thread too many.
    @Test func withoutAWriterThreadEachFinalIsKeptBeforePassReturns() async throws {
        let store = GatedStore()
        store.open()
        let (history, stream, continuation) = Self.history(store, writerStackSize: 1 << 52)
        history.pass([HistoryOutboxTests.final(0), HistoryOutboxTests.partial(1)])
        #expect(store.log == ["started", "save 0 begun", "save 0"])
        history.finish()
        continuation.finish()
        var events: [DictationEvent] = []
        for await event in stream { events.append(event) }
        #expect(events == [HistoryOutboxTests.final(0), HistoryOutboxTests.partial(1)], "in the order they came")
        #expect(store.log.last == "ended")
    }
}
