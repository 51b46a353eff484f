import DictationStreamProtocol

/// Which audio a stream's session has: the next segment and sample it expects, and how far into
/// that segment its frames were taken as they came.
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
    /// The stream sample the session has audio up to: the end of the last whole segment, or
    /// beyond it the frames of the next one taken so far. A segment sent again after a resume
    /// repeats frames below it, which are skipped.
    private(set) var takenUpTo = 0

    func standing(of segment: StreamSegment) -> Standing {
        if segment.sequenceId < nextSequenceId { return .duplicate }
        guard segment.sequenceId == nextSequenceId, segment.startSampleIndex == nextSampleIndex else {
            return .outOfOrder(expected: nextSequenceId)
        }
        return .next
    }

    /// The part of a frame of the next segment the session doesn't have yet.
    /// - Parameters:
    ///   - start: The stream sample the frame starts at.
    ///   - frames: Its sample frames.
    /// - Returns: How many of its first frames to skip; `frames` when it has them all.
    func framesToSkip(start: Int, frames: Int) -> Int {
        min(max(takenUpTo - start, 0), frames)
    }

    /// The session has a frame's audio, up to `end`.
    mutating func took(upTo end: Int) {
        takenUpTo = max(takenUpTo, end)
    }

    /// The segment is whole: the next one is expected.
    mutating func record(_ segment: StreamSegment) {
        nextSequenceId = segment.sequenceId + 1
        nextSampleIndex = segment.endSampleIndex
        takenUpTo = max(takenUpTo, segment.endSampleIndex)
    }
}
