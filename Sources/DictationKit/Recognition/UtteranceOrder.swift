import Synchronization

/// Hands on what the final pass's threads learn in utterance order: an utterance's outcomes wait
/// until every utterance before it has ended, so a session's finals come in the order its
/// utterances were spoken however many threads decode them.
///
/// It also counts failures in that order: decoding failures that keep coming with no final
/// between them (more than ``tolerableFailures``) end the pass.
final class UtteranceOrder: Sendable {
    /// What a thread learnt of an utterance.
    enum Report {
        /// Updates from the middle of the utterance (a one-pass decoder's partials).
        case updates([RecognitionUpdate])
        /// The utterance's last updates, with its final: it has ended.
        case final([RecognitionUpdate])
        /// Decoding the utterance failed; the rest of it is skipped.
        case failed(DictationError)
        /// The utterance ended without a final of its own (it failed before).
        case ended
    }

    /// How many failed utterances in a row, with no final between them, stop the pass.
    static let tolerableFailures = 2

    private struct State {
        /// The utterance whose outcomes go on as they come; those after it wait.
        var current = 0
        /// Reports of utterances after ``current``, and of ``current`` while outcomes are handed on.
        var waiting: [Int: [Report]] = [:]
        var failures = 0
        var stopped = false
    }

    private let state = Mutex(State())
    private let deliver: @Sendable (FinalPass.Outcome) -> Void
    private let stop: @Sendable () -> Void

    /// - Parameters:
    ///   - deliver: Takes each outcome, in utterance order, one at a time.
    ///   - stop: Called once when failures end the pass.
    init(deliver: @escaping @Sendable (FinalPass.Outcome) -> Void, stop: @escaping @Sendable () -> Void) {
        self.deliver = deliver
        self.stop = stop
    }

    /// Takes a report on an utterance; hands on what is now in order.
    ///
    /// Outcomes are handed on under the lock, so that two threads never deliver at once.
    func record(_ report: Report, utterance: Int) {
        state.withLock { state in
            guard !state.stopped else { return }
            state.waiting[utterance, default: []].append(report)
            while let reports = state.waiting.removeValue(forKey: state.current) {
                var ended = false
                for report in reports where !state.stopped {
                    ended = hand(report, of: state.current, state: &state) || ended
                }
                guard ended else { return }
                state.current += 1
            }
        }
    }

    /// Hands one report on. - Returns: Whether the utterance has ended.
    private func hand(_ report: Report, of utterance: Int, state: inout State) -> Bool {
        switch report {
        case .updates(let updates):
            deliver(.updates(updates, utterance: utterance))
            return false
        case .final(let updates):
            state.failures = 0
            deliver(.updates(updates, utterance: utterance))
            return true
        case .failed(let error):
            state.failures += 1
            let fatal = state.failures > Self.tolerableFailures
            deliver(.failed(error, utterance: utterance, fatal: fatal))
            if fatal {
                state.stopped = true
                stop()
            }
            return false
        case .ended:
            return true
        }
    }
}
