import Foundation
import Logging
import Synchronization

/// The pass that makes a session's finals: decoders on threads of their own, given the
/// endpointer's utterances, beside the audio thread that keeps capturing and showing partials.
///
/// The audio thread ``submit(_:)``s each utterance's requests as the endpointer makes them (its
/// start, its audio, the pauses where it may end, its end); a thread of the pass takes a whole
/// utterance, decodes its requests in order and hands what its decoder returns on, in utterance
/// order (``UtteranceOrder``). A whole-utterance decoder searches an utterance once it has
/// ended, or, speculatively, in a pause where it may have ended
/// (``UtteranceDecoder/prepareFinal(abandoningWhen:)``), while the endpointer still waits for the
/// rest of the trailing silence: when no more audio follows, its final is ready at once.
///
/// One thread, with the session's decoder, is always there. When utterances wait while every
/// thread is decoding another, enough of them to be worth loading a decoder for, and the session
/// allows more decoders (``FinalDecoderSupply``), another thread loads one and joins: a file is read far faster than it is decoded, so its
/// utterances are decoded side by side, on as many cores as the session allows.
///
/// Nothing is dropped. On a machine with one core the pass may fall behind the audio; it catches
/// up in the pauses (``UtteranceQueue`` bounds how far).
final class FinalPass: Sendable {
    /// What came of a request.
    enum Outcome {
        /// The decoder's updates (its final, and partials from a one-pass decoder) for an utterance.
        case updates([RecognitionUpdate], utterance: Int)
        /// Decoding an utterance failed; its remaining requests are skipped. `fatal` once failures
        /// keep coming with no final between them: the pass then stops.
        case failed(DictationError, utterance: Int, fatal: Bool)
    }

    private let queue = UtteranceQueue()
    private let order: UtteranceOrder
    private let supply: FinalDecoderSupply?
    private let metrics: SessionMetrics
    private let logger: Logger
    /// The pass's threads, those still loading their decoder included.
    private let threadCount = Mutex(1)

    /// Starts the pass's first thread.
    /// - Parameters:
    ///   - decoder: The decoder, handed over: from now on only the pass's first thread uses it.
    ///   - supply: Where more decoders come from, when utterances may be decoded side by side.
    ///   - metrics: Where its decoding time is counted.
    ///   - logger: Where a further decoder that fails to load is logged; the pass goes on without it.
    ///   - deliver: Called with each outcome, in utterance order, one at a time.
    /// - Throws: ``DictationError/Code/resourcesExhausted`` when the system refuses the thread.
    init(
        decoder: any UtteranceDecoder, supply: FinalDecoderSupply?, metrics: SessionMetrics, logger: Logger,
        deliver: @escaping @Sendable (Outcome) -> Void
    ) throws(DictationError) {
        self.supply = supply
        self.metrics = metrics
        self.logger = logger
        order = UtteranceOrder(deliver: deliver) { [queue] in queue.stop() }
        let handOver = DecoderHandOver(decoder: decoder)
        try startThread { () throws(DictationError) in handOver.decoder }
    }

    /// Queues requests; blocks while too much audio waits already.
    func submit(_ requests: [UtteranceQueue.Request]) {
        queue.submit(requests)
        addThreadIfWaiting()
    }

    /// Blocks until every request submitted so far is done: every final delivered.
    func drain() { queue.drain() }

    /// Lets the threads finish the queue and end; the caller need not wait.
    func close() { queue.close() }

    /// Whether the pass has nothing to do.
    var isIdle: Bool { queue.isIdle }

    /// Whether the pass searches an utterance now, or has a search waiting (an end, or a pause
    /// where the utterance may end): a search of the utterance so far gives way to it.
    var isSearching: Bool { queue.isSearching }

    /// Starts another thread when enough audio waits with no thread free to take it.
    private func addThreadIfWaiting() {
        guard let supply, queue.samplesWaitingForAThread >= supply.worthwhileSamples else { return }
        let decoders = threadCount.withLock { count -> Int? in
            guard count < supply.limit else { return nil }
            count += 1
            return count
        }
        guard let decoders else { return }
        logger.debug("another decoder for the finals", metadata: ["decoders": "\(decoders)"])
        do {
            try startThread(loading: supply.make)
        } catch {
            // The pass goes on with the threads it has.
            threadCount.withLock { $0 -= 1 }
            logger.debug("no thread for another decoder", metadata: ["code": "\(error.code)"])
        }
    }

    /// Starts a thread that loads its decoder and then decodes utterances until the queue ends.
    private func startThread(
        loading load: @escaping @Sendable () throws(DictationError) -> any UtteranceDecoder
    ) throws(DictationError) {
        let (queue, order, metrics, logger) = (queue, order, metrics, logger)
        // PocketSphinx's search keeps sizeable structures on the stack.
        try DedicatedThread.start(name: "DictationKit.final", stackSize: 8 << 20) {
            let decoder: any UtteranceDecoder
            do throws(DictationError) {
                decoder = try load()
            } catch {
                // Its place stays taken: the pass goes on with the decoders it has.
                logger.debug("no further decoder for the finals", metadata: ["code": "\(error.code)"])
                return
            }
            Self.decode(with: decoder, queue: queue, order: order, metrics: metrics)
        }
    }

    // MARK: - A thread of the pass

    private static func decode(
        with decoder: any UtteranceDecoder, queue: UtteranceQueue, order: UtteranceOrder, metrics: SessionMetrics
    ) {
        var claim = UtteranceQueue.Claim()
        var utterance: Int?
        var failed = false
        while case .request(let request) = queue.next(for: &claim) {
            let started = metrics.now
            defer { metrics.processed(since: started) }
            do throws(DictationError) {
                switch request {
                case .begin(let index, let time):
                    // An utterance left without its end counts as ended.
                    if let open = utterance { order.record(.ended, utterance: open) }
                    utterance = index
                    failed = false
                    try decoder.beginUtterance(at: time)
                case .audio(let samples):
                    guard !failed, let utterance else { break }
                    let updates = try decoder.process(samples, reportPartials: true)
                    if !updates.isEmpty { order.record(.updates(updates), utterance: utterance) }
                case .mayEnd:
                    // Only when nothing waits: a search of audio that is already followed by more
                    // would be thrown away; for the same reason it stops when the speaker goes on
                    // (a sentence's search in a pause at its comma held the sentence's final up
                    // by as long as it ran).
                    guard !failed, !queue.hasWaitingRequests(for: claim) else { break }
                    let taken = claim
                    _ = try decoder.prepareFinal(abandoningWhen: { queue.hasWaitingAudio(for: taken) })
                case .end:
                    guard let ended = utterance else { break }
                    let report: UtteranceOrder.Report = failed ? .ended : .final(try decoder.endUtterance())
                    utterance = nil
                    order.record(report, utterance: ended)
                }
            } catch {
                failed = true
                // What the decoder still holds of the failed utterance is not trusted.
                decoder.discardUtterance()
                if let failing = utterance {
                    order.record(.failed(error), utterance: failing)
                    if case .end = request {
                        utterance = nil
                        order.record(.ended, utterance: failing)
                    }
                }
            }
            queue.done(request)
        }
    }
}

/// How a session's final pass gets more decoders, to decode utterances side by side.
struct FinalDecoderSupply: Sendable {
    /// How many decoders may make finals at once, the session's first included.
    var limit: Int
    /// How much audio, in samples, must wait for a decoder before another is loaded: loading
    /// one costs about as much as decoding a few seconds of speech, so a short file's second
    /// utterance waits for the first decoder instead.
    var worthwhileSamples: Int
    /// Loads another decoder of the kind the first is; called on the thread that will use it.
    var make: @Sendable () throws(DictationError) -> any UtteranceDecoder
}

/// Carries a decoder to the thread that alone uses it from then on.
///
/// `@unchecked Sendable` is sound because the thread that made the decoder gives it up when it
/// hands it over and never touches it again.
struct DecoderHandOver: @unchecked Sendable {
    let decoder: any UtteranceDecoder
}
