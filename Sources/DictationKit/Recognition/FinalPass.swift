import Foundation

/// The pass that makes a session's finals: one decoder, on a thread of its own, given the
/// endpointer's utterances in order, beside the audio thread that keeps capturing and showing
/// partials.
///
/// The audio thread ``submit(_:)``s each utterance's requests as the endpointer makes them (its
/// start, its audio, the pauses where it may end, its end); the pass decodes them in order and
/// hands what its decoder returns to `deliver`. A whole-utterance decoder searches an utterance
/// once it has ended, or, speculatively, in a pause where it may have ended
/// (``SpeechDecoder/prepareFinal()``), while the endpointer still waits for the rest of the
/// trailing silence: when no more audio follows, its final is ready at once.
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

    /// How many failed utterances in a row, with no final between them, stop the pass.
    static let tolerableFailures = 2

    private let queue = UtteranceQueue()

    /// Starts the pass's thread.
    /// - Parameters:
    ///   - decoder: The decoder, handed over: from now on only the pass's thread uses it.
    ///   - metrics: Where its decoding time is counted.
    ///   - deliver: Called on the pass's thread with each outcome, in order.
    init(decoder: any SpeechDecoder, metrics: SessionMetrics, deliver: @escaping @Sendable (Outcome) -> Void) {
        let handOver = DecoderHandOver(decoder: decoder)
        let thread = Thread { [queue] in
            Self.run(decoder: handOver.decoder, queue: queue, metrics: metrics, deliver: deliver)
        }
        thread.name = "DictationKit.final"
        // PocketSphinx's search keeps sizeable structures on the stack.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Queues requests; blocks while too much audio waits already.
    func submit(_ requests: [UtteranceQueue.Request]) { queue.submit(requests) }

    /// Blocks until every request submitted so far is done: every final delivered.
    func drain() { queue.drain() }

    /// Lets the thread finish the queue and end; the caller need not wait.
    func close() { queue.close() }

    /// Whether the pass has nothing to do.
    var isIdle: Bool { queue.isIdle }

    // MARK: - The pass's thread

    private static func run(
        decoder: any SpeechDecoder, queue: UtteranceQueue, metrics: SessionMetrics, deliver: @Sendable (Outcome) -> Void
    ) {
        var utterance = -1
        var failed = false
        var failures = 0
        while case .request(let request) = queue.next() {
            let started = metrics.now
            defer { metrics.processed(since: started) }
            do throws(DictationError) {
                switch request {
                case .begin(let index, let time):
                    utterance = index
                    failed = false
                    try decoder.beginUtterance(at: time)
                case .audio(let samples):
                    guard !failed else { break }
                    let updates = try decoder.process(samples, reportPartials: true)
                    if !updates.isEmpty { deliver(.updates(updates, utterance: utterance)) }
                case .mayEnd:
                    // Only when nothing waits: a search of audio that is already followed by more
                    // would be thrown away.
                    guard !failed, !queue.hasWaitingRequests else { break }
                    _ = try decoder.prepareFinal()
                case .end:
                    guard !failed else { break }
                    let updates = try decoder.endUtterance()
                    failures = 0
                    deliver(.updates(updates, utterance: utterance))
                }
            } catch {
                failed = true
                failures += 1
                // What the decoder still holds of the failed utterance is not trusted.
                decoder.discardUtterance()
                let fatal = failures > tolerableFailures
                deliver(.failed(error, utterance: utterance, fatal: fatal))
                if fatal {
                    queue.stop()
                    return
                }
            }
            queue.done()
        }
        queue.stop()
    }
}

/// Carries a decoder to the thread that alone uses it from then on.
///
/// `@unchecked Sendable` is sound because the thread that made the decoder gives it up when it
/// hands it over and never touches it again.
struct DecoderHandOver: @unchecked Sendable {
    let decoder: any SpeechDecoder
}
