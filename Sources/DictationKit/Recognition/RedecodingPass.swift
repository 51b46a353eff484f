import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Searches the open utterance again, whole, on a cadence, while it is still spoken: a decoder of
/// the final pass's kind, on a thread of its own, decodes the utterance so far whenever enough new
/// audio came and the final pass has nothing to do. What it hears is a hypothesis of the utterance
/// so far, which the session uses in one of two ways (``DecoderFeed``):
///
/// - **Confirming** a streaming decoder's partials (two passes, PocketSphinx's partials): a
///   streaming search gets many words wrong that the whole-utterance search gets right (it has
///   only a running estimate of the speaker's spectrum), so words that merely stood unchanged in
///   its partials for a while are often replaced by the final: about a quarter of them on the
///   LibriVox and espeak-ng recordings. The words the whole-utterance search finds up to
///   ``PartialStabilizer/confirmationRightContext`` before the end of the audio so far are what
///   the final almost always has (4 of 159 differed); those become the partials' stable words.
/// - **Showing** the hypotheses as the partials themselves, for a decoder with no streaming search
///   of its own (Whisper, ``UtteranceDecoder/showsPartialsByRedecoding``): its words that two
///   hypotheses in a row agree on become stable (``PartialStabilizer``).
///
/// The pass only uses what the others leave: it searches when the final pass is idle, a search
/// still running when the final pass gets work stops there (``UtteranceDecoder/hypothesis(givingWayWhen:)``),
/// an utterance's searches stop when it ends, and its thread is scheduled only when a core is
/// idle, so a search gives way to the audio thread too. On a
/// slow or busy machine the cadence stretches: a search takes all the audio that came while the
/// last one ran. Past ``maximumBacklog`` it gives up on the open utterance rather than hold up
/// the audio thread (its partials then stop, or show no more stable words).
final class RedecodingPass: Sendable {
    /// How often the pass searches, in seconds of new audio.
    struct Cadence: Sendable {
        /// Audio an utterance must have before its first search: less is too little to hear words in.
        var first: Double
        /// New audio a later search waits for.
        var interval: Double

        /// Confirmations: about once a second, from 1.5 s on.
        static let confirming = Cadence(first: 1.5, interval: 1.0)
        /// Partials shown from the searches themselves: as often as a search of Whisper tiny.en
        /// over the audio alone on two cores allows (0.12-0.2 s each, more on a long utterance;
        /// docs/benchmarks.md). Searching every 0.4 s, words showed about 0.25 s later (p50).
        static let showing = Cadence(first: 0.6, interval: 0.2)
    }

    /// How far behind the audio the pass may fall, in seconds, before it skips the rest of the
    /// open utterance: a hypothesis that late is no use to anyone.
    static let maximumBacklog = 5.0

    /// A search's hypothesis of an utterance so far: the transcript (its ``Transcript/startTime``
    /// where the utterance's audio starts), the end of the audio it heard (seconds of session
    /// audio), and the session's count of the utterance.
    typealias Heard = @Sendable (_ hypothesis: Transcript, _ audioEnd: Double, _ utterance: Int) -> Void

    private let queue = UtteranceQueue()
    private let backlogLimit: Int
    /// Whether the rest of the open utterance is skipped: the audio thread's, in ``submit(_:)``.
    private let skipping = Mutex(false)

    /// Starts the pass's thread, which loads its own decoder.
    /// - Parameters:
    ///   - recognizer: Makes the decoder, the kind the final pass uses.
    ///   - configuration: The configuration of the pass's decoder: the final decoder's, made
    ///     ``DecoderConfiguration/partialsOnly`` when the hypotheses are shown as partials (it may
    ///     then search faster, since the final replaces them anyway).
    ///   - cadence: How often it searches.
    ///   - sampleRate: The recognizer's rate.
    ///   - finalPassIsIdle: Whether the final pass has nothing to do; this pass searches only then.
    ///   - finalPassSearches: Whether the final pass searches an utterance, or has a search
    ///     waiting; this pass's search then gives way.
    ///   - onIdleCores: Whether the thread runs only on cores nothing else wants (Linux's
    ///     `SCHED_IDLE`). Tests of what the pass confirms turn it off, so that a busy test run
    ///     does not starve it.
    ///   - logger: Where a decoder that fails is logged; the pass then just stops searching.
    ///   - heard: Called on the pass's thread with each search's hypothesis, when it has words.
    /// - Throws: ``DictationError/Code/resourcesExhausted`` when the system refuses the thread.
    init(
        recognizer: any SpeechRecognizer, configuration: DecoderConfiguration, cadence: Cadence, sampleRate: Int,
        finalPassIsIdle: @escaping @Sendable () -> Bool, finalPassSearches: @escaping @Sendable () -> Bool = { false },
        onIdleCores: Bool = true, logger: Logger, heard: @escaping Heard
    ) throws(DictationError) {
        backlogLimit = Int(Self.maximumBacklog * Double(sampleRate))
        let queue = queue
        try DedicatedThread.start(name: "DictationKit.redecode", stackSize: 8 << 20) {
            Self.run(
                recognizer: recognizer, configuration: configuration, cadence: cadence, sampleRate: Double(sampleRate),
                queue: queue, onIdleCores: onIdleCores, finalPassIsIdle: finalPassIsIdle,
                finalPassSearches: finalPassSearches, logger: logger, heard: heard)
        }
    }

    /// Moves the calling thread to Linux's SCHED_IDLE (5, which Glibc's Swift module does not
    /// name): it then runs only on a core nothing else wants, so it never slows a final or the
    /// audio thread. Threads it starts (whisper.cpp's) inherit the policy.
    ///
    /// Only once its decoder is made: PocketSphinx's decoders are created under one process-wide
    /// lock, and a SCHED_IDLE thread holding it on a machine with no idle core never ran again,
    /// while every new session of the process waited for the lock (40 of them, in a test run
    /// beside two busy loops).
    private static func runOnIdleCoresOnly() {
        #if canImport(Glibc)
            var parameters = sched_param()
            _ = pthread_setschedparam(pthread_self(), 5, &parameters)
        #endif
    }

    /// Queues requests; never blocks: when the pass is too far behind, the open utterance ends
    /// for it there.
    func submit(_ requests: [UtteranceQueue.Request]) {
        let behind = queue.queuedSamples > backlogLimit
        let kept = skipping.withLock { skipping in
            var kept: [UtteranceQueue.Request] = []
            for request in requests {
                switch request {
                case .begin:
                    skipping = false
                    kept.append(request)
                case .audio, .mayEnd:
                    guard !skipping else { continue }
                    if behind {
                        skipping = true
                        kept.append(.end)
                    } else {
                        kept.append(request)
                    }
                case .end:
                    if !skipping { kept.append(request) }
                }
            }
            return kept
        }
        queue.submit(kept)
    }

    /// Lets the thread finish the queue and end; the caller need not wait.
    func close() { queue.close() }

    /// How much audio waits for the pass, in samples.
    var queuedSamples: Int { queue.queuedSamples }

    // MARK: - The pass's thread

    /// The open utterance, as far as the pass has it.
    private struct Open {
        var utterance: Int
        var start: Double
        var samples = 0
        var searched = 0
    }

    private static func run(
        recognizer: any SpeechRecognizer, configuration: DecoderConfiguration, cadence: Cadence, sampleRate: Double,
        queue: UtteranceQueue, onIdleCores: Bool, finalPassIsIdle: () -> Bool,
        finalPassSearches: @escaping @Sendable () -> Bool, logger: Logger, heard: Heard
    ) {
        defer { queue.stop() }
        let decoder: any UtteranceDecoder
        do throws(DictationError) {
            guard let made = try recognizer.makeDecoder(configuration) as? any UtteranceDecoder
            else { throw DictationError.recognitionFailed("the recognizer made no decoder for utterances") }
            _ = made.takeNotices()
            decoder = made
        } catch {
            logger.debug("no decoder to search the utterance so far", metadata: ["code": "\(error.code)"])
            var claim = UtteranceQueue.Claim()
            while case .request(let request) = queue.next(for: &claim) { queue.done(request) }
            return
        }
        if onIdleCores { runOnIdleCoresOnly() }
        let interval = Int(cadence.interval * sampleRate)
        let first = Int(cadence.first * sampleRate)
        var open: Open?
        var claim = UtteranceQueue.Claim()
        while true {
            // A search is due once enough new audio came. It takes the audio already queued, then
            // searches at once if the final pass is idle, or looks again in 20 ms. It must not
            // wait for a moment with no audio coming: a source that delivers every 20 ms (or
            // less) never leaves one, and whole utterances went by without a search.
            let due = open.map { $0.samples - $0.searched >= interval && $0.samples >= first } ?? false
            let wait: Duration? = due ? (finalPassIsIdle() ? .zero : .milliseconds(20)) : nil
            switch queue.next(for: &claim, timeout: wait) {
            case .closed:
                return
            case .idle:
                guard var searching = open, finalPassIsIdle() else { continue }
                searching.searched = searching.samples
                open = searching
                do {
                    guard var hypothesis = try decoder.hypothesis(givingWayWhen: finalPassSearches),
                        !hypothesis.text.isEmpty
                    else { continue }
                    hypothesis.startTime = searching.start
                    heard(hypothesis, searching.start + Double(searching.samples) / sampleRate, searching.utterance)
                } catch {
                    logger.debug("search of the utterance so far failed", metadata: ["code": "\(error.code)"])
                    decoder.discardUtterance()
                    open = nil
                }
            case .request(let request):
                defer { queue.done(request) }
                switch request {
                case .begin(let utterance, let time):
                    if open != nil { decoder.discardUtterance() }
                    do {
                        try decoder.beginUtterance(at: time)
                        open = Open(utterance: utterance, start: time)
                    } catch {
                        open = nil
                    }
                case .audio(let samples):
                    guard open != nil else { break }
                    do {
                        _ = try decoder.process(samples, reportPartials: false)
                        open?.samples += samples.count
                    } catch {
                        decoder.discardUtterance()
                        open = nil
                    }
                case .mayEnd:
                    break
                case .end:
                    if open != nil { decoder.discardUtterance() }
                    open = nil
                }
            }
        }
    }
}
