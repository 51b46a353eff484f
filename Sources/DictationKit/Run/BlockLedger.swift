/// Keeps the block a run is dictating into: the finals delivered since the last commit.
struct BlockLedger {
    private(set) var open = DictationBlock(index: 0, utterances: [])

    /// Adds finals that were delivered to the consumer.
    mutating func add(_ finals: [Transcript]) {
        open.utterances += finals
    }

    /// Closes the open block and opens the next.
    /// - Returns: The closed block.
    mutating func close() -> DictationBlock {
        let closed = open
        open = DictationBlock(index: closed.index + 1, utterances: [])
        return closed
    }
}
