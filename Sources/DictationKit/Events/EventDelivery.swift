import Logging
import Synchronization

/// Where a run's events leave for the consumer, from the audio thread and the final pass alike.
///
/// The ``EventEmitter`` that keeps the event contract and the ``BlockLedger`` of the block being
/// dictated into sit behind one lock, so that events leave in the order they were made and every
/// final joins the block it was delivered in.
final class EventDelivery: Sendable {
    private struct State {
        var emitter: EventEmitter
        var blocks = BlockLedger()
    }

    private let state: Mutex<State>

    init(continuation: AsyncStream<DictationEvent>.Continuation, options: DictationOptions, metrics: SessionMetrics) {
        var emitter = EventEmitter(continuation: continuation, options: options)
        emitter.metrics = metrics
        state = Mutex(State(emitter: emitter))
    }

    /// Delivers a decoder's updates; finals join the open block.
    /// - Parameters:
    ///   - updates: The updates, in order.
    ///   - utterance: The session's count of the utterance they belong to; `nil` for a decoder that
    ///     segments the stream itself.
    /// - Returns: Whether a final was delivered.
    @discardableResult
    func emit(_ updates: [RecognitionUpdate], utterance: Int? = nil) -> Bool {
        guard !updates.isEmpty else { return false }
        return state.withLock { state in
            let finals = state.emitter.emit(updates, utterance: utterance)
            state.blocks.add(finals)
            return !finals.isEmpty
        }
    }

    /// Delivers an event that is not a decoder's update (errors, levels, states, blocks).
    func emit(_ event: DictationEvent) {
        state.withLock { $0.emitter.emitEvent(event) }
    }

    /// From now on, partials' stable words are those a ``ConfirmationPass`` confirms (two passes).
    func confirmPartials() {
        state.withLock { $0.emitter.confirmPartials() }
    }

    /// Takes the words the whole-utterance search confirmed in an open utterance (see
    /// ``ConfirmationPass``); its partial is shown again with them stable.
    func confirm(_ words: [Word], upTo cutoff: Double, utterance: Int) {
        state.withLock { $0.emitter.confirm(words, upTo: cutoff, utterance: utterance) }
    }

    /// From now on, saves each final in `store` before delivering it.
    func startHistory(store: any TranscriptStore, session: TranscriptSessionInfo, logger: Logger) {
        state.withLock { $0.emitter.startHistory(store: store, session: session, logger: logger) }
    }

    /// Tells the store, if any, that the run ended; call before the stream finishes.
    func endHistory() {
        state.withLock { $0.emitter.endHistory() }
    }

    /// Whether the open block holds a final.
    var openBlockHasFinals: Bool { state.withLock { !$0.blocks.open.utterances.isEmpty } }

    /// Closes the open block and opens the next.
    /// - Returns: The closed block.
    func closeBlock() -> DictationBlock {
        state.withLock { $0.blocks.close() }
    }

    /// Finals delivered so far.
    var utteranceCount: Int { state.withLock { $0.emitter.utteranceCount } }
}
