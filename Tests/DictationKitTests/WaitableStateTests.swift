import DictationKit
import DictationTestSupport
import Dispatch
import Foundation
import Synchronization
import Testing

/// The one lock a thread can block on: waits that end when, and only when, their condition holds,
/// on real threads, with no wake-up lost between many producers and consumers.
@Suite(.timeLimit(.minutes(25))) struct WaitableStateTests {
    /// A blocking queue built the way the sources build theirs: items and the flags that end the
    /// reader are plain state, and the reader's condition includes the flags.
    struct TestQueue {
        var items: [Int] = []
        var head = 0
        var isClosed = false
        var isInterrupted = false

        enum Take: Equatable, Sendable {
            case item(Int)
            case end
        }

        mutating func take() -> Take? {
            if isInterrupted { return .end }
            if head < items.count {
                head += 1
                return .item(items[head - 1])
            }
            return isClosed ? .end : nil
        }

        var count: Int { items.count - head }
    }

    @Test func waitReturnsOnlyOnceAChangeSatisfiesItsCondition() throws {
        let state = WaitableState(0)
        let waiter = ThreadResult { () -> Int in
            state.wait(until: { $0 >= 3 })
            return state.read { $0 }
        }
        try Self.waitUntilBlocked(state)
        state.withLock { $0 = 1 }
        // Woken, it finds its condition unmet and blocks again rather than return.
        try Self.waitUntilBlocked(state)
        state.withLock { $0 = 2 }
        try Self.waitUntilBlocked(state)
        #expect(!waiter.isDone, "the condition does not hold yet")
        state.withLock { $0 = 3 }
        #expect(waiter.wait(within: .seconds(60)) == 3)
        #expect(state.waitingThreadCount == 0)
    }

    @Test func waitThatFindsItsConditionMetDoesNotBlock() {
        let state = WaitableState(true)
        state.wait(until: { $0 })
        #expect(state.wait(until: { $0 }, timeout: .zero))
        #expect(state.waitingThreadCount == 0)
    }

    @Test func interruptWakesABlockedReader() throws {
        let queue = WaitableState(TestQueue())
        let reader = ThreadResult { queue.waitAndTake { $0.take() } }
        try Self.waitUntilBlocked(queue)
        queue.withLock { $0.isInterrupted = true }
        #expect(reader.wait(within: .seconds(60)) == .end)
    }

    @Test func closeDeliversWhatWasQueuedThenEnds() throws {
        let queue = WaitableState(TestQueue())
        let reader = ThreadResult { () -> [Int] in
            var taken: [Int] = []
            while case .item(let item) = queue.waitAndTake({ $0.take() }) { taken.append(item) }
            return taken
        }
        try Self.waitUntilBlocked(queue)
        queue.withLock { $0.items.append(1) }
        queue.withLock {
            $0.items += [2, 3]
            $0.isClosed = true
        }
        #expect(reader.wait(within: .seconds(60)) == [1, 2, 3])
        // Closed and empty: a later take ends at once.
        #expect(queue.waitAndTake { $0.take() } == .end)
    }

    @Test func aThrowingChangeStillWakesTheWaiters() throws {
        struct Refused: Error {}
        let state = WaitableState(false)
        let waiter = ThreadResult { () -> Bool in
            state.wait(until: { $0 })
            return true
        }
        try Self.waitUntilBlocked(state)
        #expect(throws: Refused.self) {
            try state.withLock { (flag) throws(Refused) in
                flag = true
                throw Refused()
            }
        }
        #expect(waiter.wait(within: .seconds(60)) == true)
    }

    @Test func timedWaitGivesUpWithoutStayingOnTheList() {
        let state = WaitableState(false)
        #expect(!state.wait(until: { $0 }, timeout: .milliseconds(20)))
        #expect(state.waitingThreadCount == 0, "a wait that gave up is no longer woken")
        #expect(!state.wait(until: { $0 }, timeout: .seconds(-1)))
    }

    @Test func timedWaitReturnsOnceAnotherThreadSatisfiesIt() throws {
        let state = WaitableState(0)
        let waiter = ThreadResult { state.wait(until: { $0 == 2 }, timeout: .seconds(600)) }
        try Self.waitUntilBlocked(state)
        state.withLock { $0 = 1 }
        try Self.waitUntilBlocked(state)
        #expect(!waiter.isDone)
        state.withLock { $0 = 2 }
        #expect(waiter.wait(within: .seconds(60)) == true)
    }

    /// Eight producers race one reader: every item arrives once, each producer's in order, and the
    /// reader, which blocks whenever it has caught up, never misses the last change (a lost
    /// wake-up would leave it blocked, and the test would fail at the hang guard).
    @Test func aTaskWaitsWithoutAThreadUntilAChangeSatisfiesItsCondition() async throws {
        let state = WaitableState(0)
        let waiter = Task { () -> Int in
            try await state.waiting { $0 >= 3 }
            return state.read { $0 }
        }
        // Changes from a thread of its own, as the audio thread makes them.
        let producer = ThreadResult { () -> Bool in
            for _ in 0..<3 { state.withLock { $0 += 1 } }
            return true
        }
        #expect(producer.wait(within: .seconds(60)) == true)
        #expect(try await waiter.value == 3)
        #expect(state.waitingThreadCount == 0)
    }

    @Test func aCancelledTaskStopsWaitingAndLeavesNoWaiterBehind() async throws {
        let state = WaitableState(false)
        let waiter = Task { try await state.waiting { $0 } }
        try await waitUntil("the task waits on the state") { state.waitingThreadCount > 0 }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(state.waitingThreadCount == 0)
        // A task cancelled before it waits doesn't wait at all.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await state.waiting { $0 }
        }
        await #expect(throws: CancellationError.self) { try await early.value }
    }

    @Test func aTimedTaskWaitSaysWhetherTheConditionHeld() async throws {
        let state = WaitableState(0)
        #expect(try await state.waiting(until: { $0 == 1 }, timeout: .milliseconds(10)) == false)
        let change = ThreadResult { () -> Bool in
            state.withLock { $0 = 1 }
            return true
        }
        #expect(try await state.waiting(until: { $0 == 1 }, timeout: .seconds(600)))
        #expect(change.wait(within: .seconds(60)) == true)
    }

    @Test func noWakeUpIsLostBetweenManyProducersAndAReader() throws {
        let producers = 8
        let perProducer = 2_000
        let queue = WaitableState(TestQueue())
        let reader = ThreadResult { () -> [Int] in
            var taken: [Int] = []
            while case .item(let item) = queue.waitAndTake({ $0.take() }) { taken.append(item) }
            return taken
        }
        let pushing = (0..<producers).map { producer in
            ThreadResult { () -> Bool in
                for index in 0..<perProducer {
                    queue.withLock { $0.items.append(producer * perProducer + index) }
                }
                return true
            }
        }
        let deadline = ContinuousClock.now + .seconds(120)
        for producer in pushing { #expect(producer.wait(until: deadline) == true) }
        queue.withLock { $0.isClosed = true }
        let taken = try #require(reader.wait(until: deadline), "the reader was left blocked")
        #expect(taken.count == producers * perProducer)
        #expect(Set(0..<producers * perProducer).subtracting(taken).isEmpty)
        for producer in 0..<producers {
            let own = taken.filter { $0 / perProducer == producer }
            #expect(own == own.sorted(), "producer \(producer)'s items keep their order")
        }
    }

    /// Producers that block for room and readers that block for items wake each other: a take
    /// that makes room wakes a blocked producer, and a change wakes every blocked reader.
    @Test func blockedProducersAndReadersWakeEachOther() throws {
        let capacity = 4
        let producers = 4
        let readers = 4
        let perProducer = 1_000
        let queue = WaitableState(TestQueue())
        let reading = (0..<readers).map { _ in
            ThreadResult { () -> [Int] in
                var taken: [Int] = []
                while case .item(let item) = queue.waitAndTake({ $0.take() }) { taken.append(item) }
                return taken
            }
        }
        let pushing = (0..<producers).map { producer in
            ThreadResult { () -> Bool in
                for index in 0..<perProducer {
                    // Blocks while the queue is full.
                    queue.waitAndTake { queue -> Void? in
                        guard queue.count < capacity else { return nil }
                        queue.items.append(producer * perProducer + index)
                        return ()
                    }
                }
                return true
            }
        }
        let deadline = ContinuousClock.now + .seconds(120)
        for producer in pushing { #expect(producer.wait(until: deadline) == true, "a producer was left blocked") }
        queue.withLock { $0.isClosed = true }
        var all: [Int] = []
        for reader in reading {
            all += try #require(reader.wait(until: deadline), "a reader was left blocked")
        }
        #expect(all.count == producers * perProducer)
        #expect(Set(0..<producers * perProducer).subtracting(all).isEmpty, "every item was taken once")
    }

    /// Blocks (on this test's thread, off the cooperative pool's hot path) until a thread waits on
    /// `state`; generous, since the machine may be loaded.
    static func waitUntilBlocked<State>(_ state: WaitableState<State>, threads: Int = 1) throws {
        try waitUntil("\(threads) thread(s) block on the state", pollingEvery: .milliseconds(1)) {
            state.waitingThreadCount >= threads
        }
    }
}
