/// Everything an app needs to dictate in blocks, beside the four calls of ``DictationBridge``:
/// pause and resume, commit and cancel, ending the audio, and the session's state and blocks.
///
/// ``DictationSession`` is the implementation DictationKit ships; code that holds
/// `any BlockDictationBridge` can be tested with `DictationTesting`'s `FakeDictationBridge`.
public protocol BlockDictationBridge: DictationBridge {
    /// Pauses dictation: what was heard is decoded and delivered; what is said while paused is not.
    func pause() async

    /// Resumes a paused run; what is said next joins the same block.
    func resume() async

    /// Commits the open block: its last utterance is decoded and delivered, then a
    /// ``DictationEvent/blockCommitted(_:)`` event carries it.
    /// - Returns: The committed block, or `nil` when no run is going.
    @discardableResult
    func commit() async -> DictationBlock?

    /// Ends the run at once; the block that was not committed is discarded.
    func cancel() async

    /// Ends the audio and releases the source at once; the last final still arrives on the stream.
    func endAudio() async

    /// What the session is doing now.
    var state: DictationState { get }

    /// The blocks the current (or last) run committed, in order.
    var committedBlocks: [DictationBlock] { get }
}

extension DictationSession: BlockDictationBridge {}
