/// Interleaved samples in arrival order, kept in the buffers they came in and taken from the front
/// in whole frames: the storage behind both ``PushAudioSource`` and live capture.
///
/// Buffers are never copied on the way in, and taken ones are removed in batches, so neither an
/// append nor a take shifts the array. A buffer may end in the middle of a frame; the next one
/// completes it.
struct InterleavedSampleQueue {
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

    private struct Buffer {
        var samples: [Float]
        var startSample: Int
        var time: ContinuousClock.Instant?
    }

    /// Interleaved channels, at least 1.
    let channelCount: Int
    /// Buffers in arrival order; those before `head` are taken, and `headOffset` samples of the one
    /// at `head` too.
    private var buffers: [Buffer] = []
    private var head = 0
    private var headOffset = 0
    private(set) var queuedSamples = 0
    /// Samples appended since the start, queued or not.
    private(set) var appendedSamples = 0

    init(channelCount: Int) {
        self.channelCount = max(channelCount, 1)
    }

    /// Whole frames queued.
    var queuedFrames: Int { queuedSamples / channelCount }

    /// Queues a buffer as it is.
    /// - Parameters:
    ///   - samples: Interleaved samples.
    ///   - time: When the buffer's first sample was captured, if that is known.
    mutating func append(_ samples: [Float], time: ContinuousClock.Instant? = nil) {
        guard !samples.isEmpty else { return }
        buffers.append(Buffer(samples: samples, startSample: appendedSamples, time: time))
        appendedSamples += samples.count
        queuedSamples += samples.count
    }

    /// Takes up to `maxFrames` whole frames from the front.
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
            let buffer = buffers[head].samples
            let piece = min(wanted - samples.count, buffer.count - headOffset)
            samples.append(contentsOf: buffer[headOffset..<headOffset + piece])
            advanceHead(bySamples: piece)
        }
        return Taken(
            samples: samples, startFrame: (first.startSample + offset) / channelCount,
            bufferTime: first.time, framesIntoBuffer: offset / channelCount)
    }

    /// Drops `frames` whole frames (at most all queued) from the front.
    mutating func discardOldest(frames: Int) {
        var left = min(frames, queuedFrames) * channelCount
        while left > 0 {
            let piece = min(left, buffers[head].samples.count - headOffset)
            left -= piece
            advanceHead(bySamples: piece)
        }
    }

    /// Empties the queue; the stream position goes on.
    mutating func removeAll() {
        buffers.removeAll(keepingCapacity: true)
        head = 0
        headOffset = 0
        queuedSamples = 0
    }

    private mutating func advanceHead(bySamples count: Int) {
        headOffset += count
        queuedSamples -= count
        guard headOffset >= buffers[head].samples.count else { return }
        head += 1
        headOffset = 0
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
