/// The blocks of a run: the one being dictated into (the finals delivered since the last commit)
/// and those committed. The one owner of a run's block state; ``EventDelivery`` keeps it, and
/// DictationTesting's fake bridge keeps its blocks the same way.
package struct BlockLedger: Sendable {
    package private(set) var open = DictationBlock(index: 0, utterances: [])
    package private(set) var committed: [DictationBlock] = []

    package init() {}

    /// Adds finals that were delivered to the consumer.
    package mutating func add(_ finals: [Transcript]) {
        open.utterances += finals
    }

    /// Commits the open block and opens the next.
    /// - Returns: The committed block.
    package mutating func commit() -> DictationBlock {
        let block = open
        committed.append(block)
        open = DictationBlock(index: block.index + 1, utterances: [])
        return block
    }

    /// Throws the open block away and opens the next.
    /// - Returns: The discarded block.
    package mutating func discard() -> DictationBlock {
        let block = open
        open = DictationBlock(index: block.index + 1, utterances: [])
        return block
    }
}
