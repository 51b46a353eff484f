/// A block of dictation: the utterances between one commit (or the start) and the next.
///
/// People dictate in pieces: ``DictationSession/commit()`` finalizes the block and appends its
/// text to the session's transcript; ``DictationSession/cancel()`` discards the block that was not
/// committed yet. Pausing and resuming stay within a block.
public struct DictationBlock: Sendable, Hashable, Codable {
    /// The index of the block in its run, from 0.
    public var index: Int
    /// The finals of the block, in order.
    public var utterances: [Transcript]

    /// Creates a block.
    /// - Parameters:
    ///   - index: The index of the block in its run.
    ///   - utterances: Its finals, in order.
    public init(index: Int, utterances: [Transcript]) {
        self.index = index
        self.utterances = utterances
    }

    /// The text of the block: its finals' texts, separated by spaces, empty ones left out.
    public var text: String {
        utterances.map(\.text).filter { !$0.isEmpty }.joined(separator: " ")
    }
}
