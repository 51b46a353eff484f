import DictationStreamProtocol

/// Which audio a stream's session has: the next segment and sample it expects.
struct SegmentLedger: Sendable {
    /// What a `segment` message is to the session.
    enum Standing: Equatable {
        /// The next segment: its audio is new.
        case next
        /// A segment the session already has (sent again after a resume): acknowledge, ignore.
        case duplicate
        /// A segment that skips ahead or doesn't start where the last one ended.
        case outOfOrder(expected: Int)
    }

    private(set) var nextSequenceId = 0
    private(set) var nextSampleIndex = 0

    func standing(of segment: StreamSegment) -> Standing {
        if segment.sequenceId < nextSequenceId { return .duplicate }
        guard segment.sequenceId == nextSequenceId, segment.startSampleIndex == nextSampleIndex else {
            return .outOfOrder(expected: nextSequenceId)
        }
        return .next
    }

    mutating func record(_ segment: StreamSegment) {
        nextSequenceId = segment.sequenceId + 1
        nextSampleIndex = segment.endSampleIndex
    }
}
