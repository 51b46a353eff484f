import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Confirms the words a session's partials show, while the utterance is still spoken: a decoder of
/// the final pass's kind, on a thread of its own, searches the utterance so far, whole, about
/// once a second, while the final pass has nothing to do.
///
/// A streaming search gets many words wrong that the whole-utterance search gets right (it has
/// only a running estimate of the speaker's spectrum), so words that merely stood unchanged in
/// its partials for a while are often replaced by the final: about a quarter of them on the
/// LibriVox and espeak-ng recordings. The words the whole-utterance search finds in the
/// utterance so far, up to ``rightContext`` before its end, are what the final almost always
/// has (4 of 159 differed). Those become the partials' stable words (``PartialStabilizer``).
///
/// The pass only uses what the others leave: it searches when the final pass is idle, an
/// utterance's confirmations stop when it ends, and its thread is scheduled only when a core is
/// idle, so a search still running when a final or a partial needs the core gives way. On a
/// machine with no idle core it falls behind; past ``maximumBacklog`` it gives up on the open
/// utterance rather than hold up the audio thread (its partials then show no stable words).
final class ConfirmationPass: Sendable {
    /// How much audio must follow a word before the search's verdict on it counts: the words
    /// after it change how it is heard.
    static let rightContext = 0.7
    /// How much new audio a search waits for.
    static let interval = 1.0
    /// How far behind the audio the pass may fall, in seconds, before it skips the rest of the
    /// open utterance: a confirmation that late is no use to anyone.
    static let maximumBacklog = 5.0

    /// Confirmed words of an utterance: those the search placed before `cutoff`.
    typealias Confirm = @Sendable (_ words: [Word], _ cutoff: Double, _ utterance: Int) -> Void

    private let queue = UtteranceQueue()
    private let backlogLimit: Int
    /// Whether the rest of the open utterance is skipped: the audio thread's, in ``submit(_:)``.
    private let skipping = Mutex(false)

    /// Starts the pass's thread, which loads its own decoder.
    /// - Parameters:
    ///   - recognizer: Makes the decoder, the kind the final pass uses.
    ///   - configuration: The configuration of the session's final decoder, whose kind this
    ///     pass's decoder is.
    ///   - sampleRate: The recognizer's rate.
    ///   - finalPassIsIdle: Whether the final pass has nothing to do; this pass searches only then.
    ///   - onIdleCores: Whether the thread runs only on cores nothing else wants (Linux's
    ///     `SCHED_IDLE`). Tests of what the pass confirms turn it off, so that a busy test run
    ///     does not starve it.
    ///   - logger: Where a decoder that fails is logged; the pass then just stops confirming.
    ///   - confirm: Called on the pass's thread with each search's confirmed words.
    /// - Throws: ``DictationError/Code/resourcesExhausted`` when the system refuses the thread.
    init(
        recognizer: any SpeechRecognizer, configuration: DecoderConfiguration, sampleRate: Int,
        finalPassIsIdle: @escaping @Sendable () -> Bool, onIdleCores: Bool = true, logger: Logger,
        confirm: @escaping Confirm
    ) throws(DictationError) {
        backlogLimit = Int(Self.maximumBacklog * Double(sampleRate))
        let queue = queue
        try DedicatedThread.start(name: "DictationKit.confirm", stackSize: 8 << 20) {
            Self.run(
                recognizer: recognizer, configuration: configuration, sampleRate: Double(sampleRate), queue: queue,
                onIdleCores: onIdleCores, finalPassIsIdle: finalPassIsIdle, logger: logger, confirm: confirm)
        }
    }

    /// Moves the calling thread to Linux's SCHED_IDLE (5, which Glibc's Swift module does not
    /// name): it then runs only on a core nothing else wants, so it never slows a final or a
    /// partial.
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
        recognizer: any SpeechRecognizer, configuration: DecoderConfiguration, sampleRate: Double, queue: UtteranceQueue,
        onIdleCores: Bool, finalPassIsIdle: () -> Bool, logger: Logger, confirm: Confirm
    ) {
        defer { queue.stop() }
        let decoder: any UtteranceDecoder
        do throws(DictationError) {
            guard let made = try recognizer.makeDecoder(configuration.with(reportsPartials: false)) as? any UtteranceDecoder
            else { throw DictationError.recognitionFailed("the recognizer made no decoder for utterances") }
            _ = made.takeNotices()
            decoder = made
        } catch {
            logger.debug("no confirmation decoder; partials show no stable words", metadata: ["code": "\(error.code)"])
            var claim = UtteranceQueue.Claim()
            while case .request = queue.next(for: &claim) { queue.done() }
            return
        }
        if onIdleCores { runOnIdleCoresOnly() }
        let interval = Int(Self.interval * sampleRate)
        var open: Open?
        var claim = UtteranceQueue.Claim()
        while true {
            // A search is due once enough new audio came; it waits for the final pass to be idle.
            let due = open.map { $0.samples - $0.searched >= interval && $0.samples >= interval * 3 / 2 } ?? false
            switch queue.next(for: &claim, timeout: due ? .milliseconds(20) : nil) {
            case .closed:
                return
            case .idle:
                guard var searching = open, finalPassIsIdle() else { continue }
                searching.searched = searching.samples
                open = searching
                do {
                    guard let heard = try decoder.prepareFinal() else { continue }
                    let end = searching.start + Double(searching.samples) / sampleRate
                    confirm(heard.words, end - Self.rightContext, searching.utterance)
                } catch {
                    logger.debug("confirmation search failed", metadata: ["code": "\(error.code)"])
                    decoder.discardUtterance()
                    open = nil
                }
            case .request(let request):
                defer { queue.done() }
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
