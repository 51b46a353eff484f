/// What a session is doing; each change is delivered as ``DictationEvent/stateChanged(_:)``.
///
/// A run goes `listening` ⇄ `paused`, passes through `processing` while a block is committed or
/// the run is stopped, and ends `idle` (or `error` when a fatal error ended it):
///
/// ```
/// idle ─start─▶ listening ◀─resume/pause─▶ paused
///                   │  ▲                     │
///            commit │  └──── processing ◀────┘ commit
///            stop   └───────▶ processing ──stop──▶ idle
/// ```
public enum DictationState: String, Sendable, Hashable, Codable, CaseIterable {
    /// No run is going (before start, after stop or cancel).
    case idle
    /// Audio is being read and recognized.
    case listening
    /// A soft stop: nothing read before the pause is lost, audio heard while paused is not recognized.
    case paused
    /// The block's last utterance is being decoded to its end (commit or stop).
    case processing
    /// The run ended with a fatal error.
    case error
}
