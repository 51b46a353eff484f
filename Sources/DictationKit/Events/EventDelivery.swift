import Logging
import Synchronization

/// Where a run's events leave for the consumer, from the audio thread and the passes alike.
///
/// The ``EventEmitter`` that keeps the event contract, the ``BlockLedger`` of the run's blocks and
/// the ``EventOutlet`` (stages, reports, stream) sit behind one lock, so that events leave in the
/// order they were made and every final joins the block it was delivered in.
final class EventDelivery: Sendable {
    private struct State {
        var emitter: EventEmitter
        var blocks = BlockLedger()
        var outlet: EventOutlet
    }

    private let state: Mutex<State>

    init(
        continuation: AsyncStream<DictationEvent>.Continuation, options: DictationOptions, metrics: SessionMetrics
    ) {
        state = Mutex(
            State(
                emitter: EventEmitter(options: options),
                outlet: EventOutlet(continuation: continuation, options: options, metrics: metrics)))
    }

    /// From now on, every event passes through the stages' processors (see ``DictationEventStage``),
    /// then the history when the session keeps one.
    /// - Parameters:
    ///   - processors: The run's stage processors, freshly made.
    ///   - store: The session's ``TranscriptStore``, if any.
    ///   - run: The run, as the stages were told of it.
    ///   - logger: Where the history notes store failures.
    func startStages(
        _ processors: [any DictationEventProcessor], keepingIn store: (any TranscriptStore)?, run: DictationRunInfo,
        logger: Logger
    ) {
        let handOver = ProcessorHandOver(processors: processors)
        state.withLock { $0.outlet.start(handOver.processors, keepingIn: store, run: run, logger: logger) }
    }

    /// Blocks until no final is held back for the history: every final delivered so far is in the
    /// stream, with the events that came after it. Called outside the lock, where the run orders
    /// events after the finals (a pause, a commit, the end of the audio).
    func waitUntilDelivered() {
        let history = state.withLock { $0.outlet.history }
        history?.waitUntilDelivered()
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
            let events = state.emitter.events(for: updates, utterance: utterance)
            let finals = events.compactMap { event -> Transcript? in
                if case .final(let transcript) = event { transcript } else { nil }
            }
            state.blocks.add(finals)
            for event in events { state.outlet.send(event) }
            return !finals.isEmpty
        }
    }

    /// Delivers an event that is not a decoder's update (errors, levels, states, recordings).
    func emit(_ event: DictationEvent) {
        state.withLock { $0.outlet.send(event) }
    }

    /// Where partials' stable words come from from now on (``PartialStabilizer/Stability``).
    func stabilizePartials(_ stability: PartialStabilizer.Stability) {
        state.withLock { $0.emitter.stabilizePartials(stability) }
    }

    /// Takes the words the whole-utterance search confirmed in an open utterance (see
    /// ``RedecodingPass``); its partial is shown again with them stable.
    func confirm(_ words: [Word], upTo cutoff: Double, heard: Double, utterance: Int) {
        state.withLock { state in
            if let partial = state.emitter.confirm(words, upTo: cutoff, heard: heard, utterance: utterance) {
                state.outlet.send(partial)
            }
        }
    }

    /// Whether the open block holds a final.
    var openBlockHasFinals: Bool { state.withLock { !$0.blocks.open.utterances.isEmpty } }

    /// The blocks committed so far, in order.
    var committedBlocks: [DictationBlock] { state.withLock { $0.blocks.committed } }

    /// Commits the open block and delivers ``DictationEvent/blockCommitted(_:)``.
    /// - Returns: The committed block.
    @discardableResult
    func commitBlock() -> DictationBlock {
        state.withLock { state in
            let block = state.blocks.commit()
            state.outlet.send(.blockCommitted(block))
            return block
        }
    }

    /// Throws the open block away, delivering ``DictationEvent/blockDiscarded(_:)`` when it held finals.
    func discardBlock() {
        state.withLock { state in
            let block = state.blocks.discard()
            if !block.utterances.isEmpty { state.outlet.send(.blockDiscarded(block)) }
        }
    }

    /// Finals delivered so far.
    var utteranceCount: Int { state.withLock { $0.emitter.utteranceCount } }

    /// Lets the stages end, waits until the history has kept every final and recorded the run's
    /// end, and ends the stream; later events go nowhere.
    func finish() {
        state.withLock { $0.outlet.finish() }
    }
}

/// Carries a run's freshly made stage processors into ``EventDelivery``'s lock.
///
/// `@unchecked Sendable` is sound because the processors are handed over once, by the audio thread
/// that just made them and keeps no reference, and are used only under the lock from then on.
private struct ProcessorHandOver: @unchecked Sendable {
    let processors: [any DictationEventProcessor]
}
