/// Interleaved samples in arrival order, kept in the buffers they came in and taken from the front
/// in whole frames: the storage behind both ``PushAudioSource`` and live capture.
///
/// Buffers are never copied on the way in, and taken ones are removed in batches, so neither an
/// append nor a take shifts the array. A buffer may end in the middle of a frame; the next one
/// completes it.
///
/// Each buffer carries a `Label` its owner chooses (live capture marks speech and silence; the
/// push source needs none, `Void`). A buffer of whole frames may also be removed from the middle
/// (``removeBuffer(at:)``): its place in the stream stays empty, and a take never reaches across
/// such a gap, so every take's samples are contiguous in the stream.
struct InterleavedSampleQueue<Label> {
    /// What one take returns.
    struct Taken {
        /// Interleaved samples, whole frames only.
        var samples: [Float]
        /// Frames appended before the first of these: their place in the stream.
        var startFrame: Int
        /// The time stamp of the buffer the first frame came from, if it had one.
        var bufferTime: ContinuousClock.Instant?
        /// How many frames into that buffer the first frame lies.
        var framesIntoBuffer: Int
    }

    /// A queued buffer as its owner sees it when choosing what to remove.
    struct QueuedBuffer {
        /// Its first frame's place in the stream, whether or not that frame was taken yet.
        var startFrame: Int
        /// The place in the stream just after its last frame.
        var endFrame: Int
        /// Its frames not taken yet.
        var queuedFrames: Int
        /// What its owner said about it.
        var label: Label
    }

    private struct Buffer {
        /// Empty once removed by ``removeBuffer(at:)`` (appended buffers never are).
        var samples: [Float]
        var startSample: Int
        var time: ContinuousClock.Instant?
        var label: Label
    }

    /// Interleaved channels, at least 1.
    let channelCount: Int
    /// Buffers in arrival order; those before `head` are taken, and `headOffset` samples of the one
    /// at `head` too. The one at `head` is never a removed one.
    private var buffers: [Buffer] = []
    private var head = 0
    private var headOffset = 0
    /// Removed buffers still in `buffers` after `head`, compacted away in batches.
    private var removedBuffers = 0
    private(set) var queuedSamples = 0
    /// Samples appended since the start, queued or not.
    private(set) var appendedSamples = 0

    /// An empty queue.
    /// - Parameters:
    ///   - channelCount: Interleaved channels; less than 1 counts as 1.
    ///   - labelledAs: The type of the label each buffer carries.
    init(channelCount: Int, labelledAs: Label.Type) {
        self.channelCount = max(channelCount, 1)
    }

    /// Whole frames queued.
    var queuedFrames: Int { queuedSamples / channelCount }

    /// Queues a buffer as it is.
    /// - Parameters:
    ///   - samples: Interleaved samples.
    ///   - time: When the buffer's first sample was captured, if that is known.
    ///   - label: What the owner wants to know about the buffer later.
    mutating func append(_ samples: [Float], time: ContinuousClock.Instant? = nil, label: Label) {
        guard !samples.isEmpty else { return }
        buffers.append(Buffer(samples: samples, startSample: appendedSamples, time: time, label: label))
        appendedSamples += samples.count
        queuedSamples += samples.count
    }

    /// Takes up to `maxFrames` whole frames from the front, stopping early at a removed buffer's gap.
    /// - Returns: The frames, or `nil` when not one whole frame is queued.
    mutating func take(maxFrames: Int) -> Taken? {
        let frames = min(maxFrames, queuedFrames)
        guard frames > 0 else { return nil }
        let first = buffers[head]
        let offset = headOffset
        let wanted = frames * channelCount
        var samples: [Float] = []
        samples.reserveCapacity(wanted)
        while samples.count < wanted {
            let buffer = buffers[head]
            let piece = min(wanted - samples.count, buffer.samples.count - headOffset)
            samples.append(contentsOf: buffer.samples[headOffset..<headOffset + piece])
            advanceHead(bySamples: piece)
            // The frames after a gap belong to another place in the stream: the next take's.
            guard headOffset == 0, head < buffers.count,
                buffers[head].startSample == buffer.startSample + buffer.samples.count
            else { break }
        }
        return Taken(
            samples: samples, startFrame: (first.startSample + offset) / channelCount,
            bufferTime: first.time, framesIntoBuffer: offset / channelCount)
    }

    /// Drops `frames` whole frames (at most all queued) from the front.
    /// - Parameter dropped: Told the label and sample count of each piece dropped, oldest first.
    mutating func discardOldest(frames: Int, _ dropped: (Label, Int) -> Void = { _, _ in }) {
        var left = min(frames, queuedFrames) * channelCount
        while left > 0 {
            let piece = min(left, buffers[head].samples.count - headOffset)
            dropped(buffers[head].label, piece)
            left -= piece
            advanceHead(bySamples: piece)
        }
    }

    /// Empties the queue; the stream position goes on.
    mutating func removeAll() {
        buffers.removeAll(keepingCapacity: true)
        head = 0
        headOffset = 0
        removedBuffers = 0
        queuedSamples = 0
    }

    // MARK: - Looking into the queue

    /// The positions of the queued buffers, oldest first; removed ones among them answer `nil`
    /// to ``buffer(at:)``. Positions hold only until the next change other than ``setLabel(_:at:)``.
    var bufferPositions: Range<Int> { head..<buffers.count }

    /// The position of the first queued buffer that starts at or after `frame` in the stream.
    func firstPosition(startingAtOrAfter frame: Int) -> Int {
        let sample = frame * channelCount
        var low = head
        var high = buffers.count
        // Buffers are in stream order, removed ones included, so a binary search finds it.
        while low < high {
            let middle = (low + high) / 2
            if buffers[middle].startSample < sample { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The buffer at `position`, or `nil` when it was removed.
    func buffer(at position: Int) -> QueuedBuffer? {
        let buffer = buffers[position]
        guard !buffer.samples.isEmpty else { return nil }
        let taken = position == head ? headOffset : 0
        return QueuedBuffer(
            startFrame: buffer.startSample / channelCount,
            endFrame: (buffer.startSample + buffer.samples.count) / channelCount,
            queuedFrames: (buffer.samples.count - taken) / channelCount, label: buffer.label)
    }

    /// Changes the label of the buffer at `position`.
    mutating func setLabel(_ label: Label, at position: Int) {
        buffers[position].label = label
    }

    /// Removes what is left of the buffer at `position`, wherever it is in the queue: the head's
    /// untaken rest, or a whole later buffer. Only for queues of whole-frame buffers, since a
    /// frame split across the gap could never be put together.
    /// - Returns: The frames removed (0 for a buffer already removed).
    @discardableResult
    mutating func removeBuffer(at position: Int) -> Int {
        let remaining = buffers[position].samples.count - (position == head ? headOffset : 0)
        guard !buffers[position].samples.isEmpty, remaining > 0 else { return 0 }
        if position == head {
            advanceHead(bySamples: remaining)
            return remaining / channelCount
        }
        // Emptied in place rather than shifting the array; compacted once they are many.
        buffers[position].samples = []
        queuedSamples -= remaining
        removedBuffers += 1
        if removedBuffers >= 64, removedBuffers * 2 >= buffers.count - head {
            buffers.removeSubrange(0..<head)
            buffers.removeAll { $0.samples.isEmpty }
            head = 0
            removedBuffers = 0
        }
        return remaining / channelCount
    }

    private mutating func advanceHead(bySamples count: Int) {
        headOffset += count
        queuedSamples -= count
        guard headOffset >= buffers[head].samples.count else { return }
        head += 1
        headOffset = 0
        // The head is never a removed buffer: step over them.
        while head < buffers.count, buffers[head].samples.isEmpty {
            head += 1
            removedBuffers -= 1
        }
        // Compact now and then rather than shifting the array on every take.
        if head == buffers.count {
            buffers.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64, head * 2 >= buffers.count {
            buffers.removeFirst(head)
            head = 0
        }
    }
}

extension InterleavedSampleQueue where Label == Void {
    /// A queue whose buffers need no label.
    init(channelCount: Int) {
        self.init(channelCount: channelCount, labelledAs: Void.self)
    }

    /// Queues a buffer as it is.
    /// - Parameters:
    ///   - samples: Interleaved samples.
    ///   - time: When the buffer's first sample was captured, if that is known.
    mutating func append(_ samples: [Float], time: ContinuousClock.Instant? = nil) {
        append(samples, time: time, label: ())
    }
}
