import CWhisper
import DictationKit
import Foundation
import Synchronization

/// The working memory of one model's decodings (whisper.cpp's states), lent to a decoding for
/// the length of its search rather than held by each decoder for its session.
///
/// A state of tiny.en with a beam of five is some 60 MB, and a server's sessions spend most of
/// their time waiting for speech: with a state each, eight Wyoming clients held eight (757 MB
/// against wyoming-faster-whisper's 321 MB, docs/benchmarks.md). Searches run only while they
/// hold cores or use idle ones (``WhisperThreadShare``), so a state is taken once they do, and a
/// few exist at once however many sessions wait.
///
/// A decoding that may retry at a higher temperature gets a new state and its state is freed
/// after: whisper.cpp seeds its sampler once per state, and a file's transcript must depend on
/// its audio alone. Others reuse the states kept, up to ``keptIdle``.
final class WhisperStatePool: @unchecked Sendable {
    // @unchecked: the context is the model's, read-only; the idle states are behind the lock
    // and each is used by one decoding at a time.
    private let context: OpaquePointer
    private let idle = Mutex<[IdleState]>([])
    /// Idle states kept for the next decodings: as many as decodings can hold cores at once.
    let keptIdle: Int

    init(context: OpaquePointer, keptIdle: Int = max(ProcessInfo.processInfo.activeProcessorCount, 1)) {
        self.context = context
        self.keptIdle = keptIdle
    }

    /// Frees the idle states; the model does before it frees its context.
    func drain() {
        let states = idle.withLock { states in
            defer { states.removeAll() }
            return states
        }
        for idle in states { whisper_free_state(idle.state) }
    }

    /// A state for one decoding: a kept one, or a new one.
    /// - Parameter fresh: Whether the decoding needs a state no decoding used before.
    /// - Throws: ``DictationError`` when whisper.cpp can't make one (memory).
    func take(fresh: Bool) throws(DictationError) -> OpaquePointer {
        if !fresh, let kept = idle.withLock({ $0.popLast() }) { return kept.state }
        guard let made = whisper_init_state(context) else { throw WhisperProblem.stateFailed.error }
        return made
    }

    /// Gives a state back after its decoding: kept for the next one, or freed.
    /// - Parameters:
    ///   - state: The state ``take(fresh:)`` gave.
    ///   - reusable: Whether another decoding may use it (not after one that may have sampled).
    func giveBack(_ state: OpaquePointer, reusable: Bool) {
        if reusable {
            let kept = idle.withLock { states -> Bool in
                guard states.count < keptIdle else { return false }
                states.append(IdleState(state: state))
                return true
            }
            if kept { return }
        }
        whisper_free_state(state)
        // The state's buffers go back to the system rather than staying in the heap between
        // decodings (a long file otherwise peaked 50 MB higher).
        malloc_trim(0)
    }

    /// A state no decoding uses, to move into and out of the lock.
    private struct IdleState: @unchecked Sendable {
        // @unchecked: only one decoding at a time takes it out of the pool.
        let state: OpaquePointer
    }

    /// States kept idle now.
    var idleCount: Int { idle.withLock { $0.count } }
}
