import DictationTestSupport
import Foundation
import Synchronization
import Testing

@testable import DictationKit

/// The queue between the audio thread and a pass's threads: one thread gets every request in
/// order; several get whole utterances each, none lost or given twice.
@Suite(.timeLimit(.minutes(25))) struct UtteranceQueueTests {
    typealias Request = UtteranceQueue.Request

    /// A short description of a request, to compare sequences.
    static func describe(_ request: Request) -> String {
        switch request {
        case .begin(let utterance, _): "begin \(utterance)"
        case .audio(let samples): "audio \(samples.first ?? -1)"
        case .mayEnd: "mayEnd"
        case .end: "end"
        }
    }

    static func utterance(_ index: Int, blocks: Int = 2, ended: Bool = true) -> [Request] {
        [.begin(utterance: index, at: Double(index))] + (0..<blocks).map { .audio([Float(index * 10 + $0)]) }
            + [.mayEnd] + (ended ? [.end] : [])
    }

    @Test func aSearchAskedForIsPendingUntilItsRequestIsDone() {
        let queue = UtteranceQueue()
        var claim = UtteranceQueue.Claim()
        queue.submit([.begin(utterance: 0, at: 0), .audio([0, 0])])
        #expect(!queue.isSearching, "audio alone asks for no search")
        queue.submit([.mayEnd])
        #expect(queue.isSearching, "a pause where the utterance may end is a search")
        for _ in 0..<2 {
            guard case .request(let request) = queue.next(for: &claim) else { break }
            queue.done(request)
        }
        #expect(queue.isSearching, "the search is not taken yet")
        if case .request(let request) = queue.next(for: &claim) { queue.done(request) }
        #expect(!queue.isSearching)
        queue.submit([.end])
        #expect(queue.isSearching)
        if case .request(let request) = queue.next(for: &claim) { queue.done(request) }
        #expect(!queue.isSearching)
    }

    @Test("One thread gets every request in the order submitted, an utterance without its end included")
    func oneThreadKeepsOrder() {
        let queue = UtteranceQueue()
        let submitted = Self.utterance(0) + Self.utterance(1, ended: false) + Self.utterance(2)
        queue.submit(Array(submitted.prefix(4)))
        queue.submit(Array(submitted.dropFirst(4)))
        queue.close()
        var claim = UtteranceQueue.Claim()
        var taken: [String] = []
        while case .request(let request) = queue.next(for: &claim) {
            taken.append(Self.describe(request))
            queue.done(request)
        }
        #expect(taken == submitted.map(Self.describe))
        #expect(queue.isIdle)
        #expect(!queue.isSearching)
    }

    @Test("A second thread takes the next utterance while the first holds its own")
    func secondThreadTakesTheNextUtterance() {
        let queue = UtteranceQueue()
        queue.submit(Self.utterance(0) + Self.utterance(1))
        var first = UtteranceQueue.Claim()
        var second = UtteranceQueue.Claim()
        guard case .request(let a) = queue.next(for: &first), case .request(let b) = queue.next(for: &second) else {
            Issue.record("both threads should get a request")
            return
        }
        #expect(Self.describe(a) == "begin 0")
        #expect(Self.describe(b) == "begin 1")
        // Each goes on with its own utterance.
        guard case .request(let c) = queue.next(for: &second), case .request(let d) = queue.next(for: &first) else {
            Issue.record("both threads should get a request")
            return
        }
        #expect(Self.describe(c) == "audio 10.0")
        #expect(Self.describe(d) == "audio 0.0")
        #expect(queue.hasWaitingRequests(for: first))
    }

    @Test("Audio waiting with no free thread is told; a free thread takes it")
    func waitingUtteranceIsTold() throws {
        let queue = UtteranceQueue()
        queue.submit(Self.utterance(0))
        var claim = UtteranceQueue.Claim()
        _ = queue.next(for: &claim)
        #expect(queue.samplesWaitingForAThread == 0, "the thread took utterance 0")
        queue.submit(Self.utterance(1, blocks: 3))
        #expect(queue.samplesWaitingForAThread == 3, "utterance 1 waits while the only thread holds utterance 0")

        // A thread that is waiting for work counts as free.
        let taken = Mutex<String?>(nil)
        let free = Thread {
            var own = UtteranceQueue.Claim()
            if case .request(let request) = queue.next(for: &own) { taken.withLock { $0 = Self.describe(request) } }
        }
        free.start()
        let request = try waitFor("the free thread takes utterance 1") { taken.withLock { $0 } }
        #expect(request == "begin 1")
        #expect(queue.samplesWaitingForAThread == 0)
    }

    @Test("Four threads share 200 utterances: each utterance whole, once, on one thread")
    func manyThreadsShareUtterances() {
        let queue = UtteranceQueue()
        let count = 200
        let seen = Mutex<[Int: [String]]>([:])
        let threads = (0..<4).map { _ in
            Thread {
                var claim = UtteranceQueue.Claim()
                var current: Int?
                var sequence: [String] = []
                while case .request(let request) = queue.next(for: &claim) {
                    if case .begin(let utterance, _) = request { current = utterance }
                    sequence.append(Self.describe(request))
                    if case .end = request, let utterance = current {
                        let whole = sequence
                        seen.withLock { $0[utterance, default: []] += whole }
                        sequence = []
                        current = nil
                    }
                    queue.done(request)
                }
            }
        }
        for thread in threads { thread.start() }
        for index in 0..<count { queue.submit(Self.utterance(index, blocks: index % 5)) }
        queue.drain()
        queue.close()
        let result = seen.withLock { $0 }
        #expect(result.count == count)
        for index in 0..<count {
            #expect(result[index] == Self.utterance(index, blocks: index % 5).map(Self.describe), "utterance \(index)")
        }
    }
}

/// Outcomes handed on in utterance order, whichever thread finished first; failures counted in
/// that order.
@Suite(.timeLimit(.minutes(25))) struct UtteranceOrderTests {
    final class Delivered: Sendable {
        let outcomes = Mutex<[String]>([])
        let stops = Mutex(0)
    }

    static func order(_ delivered: Delivered) -> UtteranceOrder {
        UtteranceOrder(
            deliver: { outcome in
                let text: String
                switch outcome {
                case .updates(let updates, let utterance): text = "\(utterance): \(updates.count)"
                case .failed(_, let utterance, let fatal): text = "\(utterance): failed\(fatal ? " fatal" : "")"
                }
                delivered.outcomes.withLock { $0.append(text) }
            },
            stop: { delivered.stops.withLock { $0 += 1 } })
    }

    static let final: [RecognitionUpdate] = [.final(Transcript(text: "x", utteranceIndex: 0, startTime: 0, endTime: 1))]

    @Test("A later utterance's final waits for the earlier one's")
    func laterWaits() {
        let delivered = Delivered()
        let order = Self.order(delivered)
        order.record(.final(Self.final), utterance: 1)
        order.record(.final(Self.final + Self.final), utterance: 2)
        #expect(delivered.outcomes.withLock { $0 }.isEmpty)
        order.record(.updates(Self.final), utterance: 0)
        #expect(delivered.outcomes.withLock { $0 } == ["0: 1"], "updates of the current utterance go on at once")
        order.record(.final(Self.final), utterance: 0)
        #expect(delivered.outcomes.withLock { $0 } == ["0: 1", "0: 1", "1: 1", "2: 2"])
    }

    @Test("Failures in a row, in utterance order, end the pass; a final between them resets the count")
    func failuresInOrder() {
        let delivered = Delivered()
        let order = Self.order(delivered)
        let error = DictationError.recognitionFailed("test")
        // Utterances 0 and 1 fail, 2 succeeds, 3, 4 and 5 fail: the third in a row is fatal.
        for utterance in [5, 4, 3, 1, 0] {
            order.record(.failed(error), utterance: utterance)
            order.record(.ended, utterance: utterance)
        }
        #expect(delivered.stops.withLock { $0 } == 0)
        order.record(.final(Self.final), utterance: 2)
        #expect(
            delivered.outcomes.withLock { $0 } == [
                "0: failed", "1: failed", "2: 1", "3: failed", "4: failed", "5: failed fatal",
            ])
        #expect(delivered.stops.withLock { $0 } == 1)
        order.record(.final(Self.final), utterance: 6)
        #expect(delivered.outcomes.withLock { $0 }.count == 6, "nothing after the pass stopped")
    }
}
