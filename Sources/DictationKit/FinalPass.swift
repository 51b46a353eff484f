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
/// up in the pauses. How far behind it may fall is bounded (``maximumQueuedSamples``): beyond that
/// ``submit(_:)`` blocks the audio thread, and a live source's buffer takes the backlog.
final class FinalPass: Sendable {
    /// What the audio thread asks of the pass, utterance by utterance.
    enum Request {
        /// An utterance opens; its audio starts at `time` seconds of session audio.
        case begin(utterance: Int, at: Double)
        /// The open utterance's next samples.
        case audio([Float])
        /// The open utterance ends here unless more audio follows.
        case mayEnd
        /// The open utterance ended.
        case end
    }

    /// What came of a request.
    enum Outcome {
        /// The decoder's updates (its final, and partials from a one-pass decoder) for an utterance.
        case updates([RecognitionUpdate], utterance: Int)
        /// Decoding an utterance failed; its remaining requests are skipped. `fatal` once failures
        /// keep coming with no final between them: the pass then stops.
        case failed(DictationError, utterance: Int, fatal: Bool)
    }

    /// How much audio may wait for the pass before ``submit(_:)`` blocks: 60 s at 16 kHz.
    static let maximumQueuedSamples = 60 * 16_000

    /// How many failed utterances in a row, with no final between them, stop the pass.
    static let tolerableFailures = 2

    private let state = Guarded(State())

    private struct State {
        var queue: [Request] = []
        var queuedSamples = 0
        /// Requests taken from the queue and finished.
        var submitted = 0
        var done = 0
        var closing = false
        var stopped = false
    }

    /// Starts the pass's thread.
    /// - Parameters:
    ///   - decoder: The decoder, handed over: from now on only the pass's thread uses it.
    ///   - metrics: Where its decoding time is counted.
    ///   - deliver: Called on the pass's thread with each outcome, in order.
    init(decoder: any SpeechDecoder, metrics: SessionMetrics, deliver: @escaping @Sendable (Outcome) -> Void) {
        let handOver = DecoderHandOver(decoder: decoder)
        let thread = Thread { [state] in
            Self.run(decoder: handOver.decoder, state: state, metrics: metrics, deliver: deliver)
        }
        thread.name = "DictationKit.final"
        // PocketSphinx's search keeps sizeable structures on the stack.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Queues requests; blocks while too much audio waits already.
    func submit(_ requests: [Request]) {
        guard !requests.isEmpty else { return }
        let samples = requests.reduce(0) { total, request in
            if case .audio(let audio) = request { total + audio.count } else { total }
        }
        state.wait(until: { $0.queuedSamples == 0 || $0.queuedSamples + samples <= Self.maximumQueuedSamples || $0.stopped })
        state.update {
            $0.queue += requests
            $0.queuedSamples += samples
            $0.submitted += requests.count
        }
    }

    /// Blocks until every request submitted so far is done: every final delivered.
    func drain() {
        let target = state.read { $0.submitted }
        state.wait(until: { $0.done >= target || $0.stopped })
    }

    /// Lets the thread finish the queue and end; the caller need not wait.
    func close() {
        state.update { $0.closing = true }
    }

    // MARK: - The pass's thread

    private static func run(
        decoder: any SpeechDecoder, state: Guarded<State>, metrics: SessionMetrics, deliver: @Sendable (Outcome) -> Void
    ) {
        var utterance = -1
        var failed = false
        var failures = 0
        while let request = next(from: state) {
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
                    guard !failed, state.read({ $0.queue.isEmpty }) else { break }
                    try decoder.prepareFinal()
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
                _ = try? decoder.endUtterance()
                let fatal = failures > tolerableFailures
                deliver(.failed(error, utterance: utterance, fatal: fatal))
                if fatal {
                    state.update { $0.stopped = true }
                    return
                }
            }
            state.update { $0.done += 1 }
        }
        state.update { $0.stopped = true }
    }

    /// The next request, waiting for one; `nil` once closing and the queue is empty.
    private static func next(from state: Guarded<State>) -> Request? {
        state.wait(until: { !$0.queue.isEmpty || $0.closing })
        return state.update { state -> Request? in
            guard !state.queue.isEmpty else { return nil }
            let request = state.queue.removeFirst()
            if case .audio(let samples) = request { state.queuedSamples -= samples.count }
            return request
        }
    }
}

/// Carries a decoder to the thread that alone uses it from then on.
///
/// `@unchecked Sendable` is sound because the audio thread gives the decoder up when it makes the
/// pass and never touches it again.
private struct DecoderHandOver: @unchecked Sendable {
    let decoder: any SpeechDecoder
}
