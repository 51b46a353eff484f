import DictationKit

/// The bounded queue between a capture thread and its session's reader: captured periods with
/// their timestamps, and the flags that end or wake the reader.
///
/// A live device can't be asked to wait, so when the reader falls behind by more than the
/// capacity, the oldest audio goes (the newest is what the speaker is saying now). Every dropped
/// frame is counted and reported as a warning; nothing is dropped silently.
///
/// A value type guarded by ``CaptureChannel``'s `Mutex`; it never blocks.
struct CaptureQueue {
    /// One period as the device delivered it.
    struct Chunk {
        /// Interleaved samples in -1...1.
        var samples: [Float]
        /// Frames captured before this chunk's first frame: its place in the stream.
        var startFrame: Int
        /// When the chunk's first frame was captured.
        var captureTime: ContinuousClock.Instant
    }

    /// What a reader gets from one look at the queue.
    enum Take {
        case frame(AudioFrame)
        case failure(DictationError)
        case end
        case wait
    }

    private(set) var sampleRate = 16_000
    private(set) var channelCount = 1
    private(set) var capacityFrames = 1

    /// Chunks in capture order; those before `head` are taken, and `headOffset` frames of the one
    /// at `head` too. Taken chunks are removed in batches, so a take costs no shifting.
    private var chunks: [Chunk] = []
    private var head = 0
    private var headOffset = 0
    private(set) var queuedFrames = 0

    /// Frames the device delivered, queued or not: the stream position of the next period.
    private(set) var capturedFrames = 0
    /// Frames dropped because the queue was full, since the start.
    private(set) var droppedFrames = 0
    /// Device overruns that were recovered from, since the start.
    private(set) var overruns = 0
    private var unreportedDroppedFrames = 0
    private var unreportedOverruns = 0

    /// The session stopped: nothing more is queued, and the reader ends once the queue is empty.
    private(set) var isStopping = false
    /// The error that ended capture, until the reader has been given it.
    private var failure: DictationError?
    private var failureDelivered = false
    /// The capture thread has finished and released its device.
    private(set) var captureEnded = false
    /// The reader is (about to be) blocked on the channel's semaphore and needs one signal.
    var readerIsWaiting = false

    /// Sets the layout and bound once the device is open.
    /// - Parameters:
    ///   - format: The negotiated layout.
    ///   - capacityFrames: The most frames held at once.
    mutating func configure(format: AudioFormat, capacityFrames: Int) {
        sampleRate = max(format.sampleRate, 1)
        channelCount = max(format.channelCount, 1)
        self.capacityFrames = max(capacityFrames, 1)
    }

    /// Queues a captured period, dropping the oldest audio beyond the capacity.
    /// - Returns: `false` when the session is stopping and the audio was discarded: it was
    ///   captured after `stop()`, so it doesn't belong to the session.
    mutating func append(_ samples: [Float], captureTime: ContinuousClock.Instant) -> Bool {
        guard !isStopping else { return false }
        let frames = samples.count / channelCount
        guard frames > 0 else { return true }
        chunks.append(Chunk(samples: samples, startFrame: capturedFrames, captureTime: captureTime))
        capturedFrames += frames
        queuedFrames += frames
        if queuedFrames > capacityFrames {
            let excess = queuedFrames - capacityFrames
            discardOldest(excess)
            droppedFrames += excess
            unreportedDroppedFrames += excess
        }
        return true
    }

    /// Counts a device overrun that capture recovered from.
    mutating func noteOverrun() {
        overruns += 1
        unreportedOverruns += 1
    }

    /// Records the error that ended capture, unless the session is stopping (a stop can make a
    /// device fail, and that is no news to anyone).
    mutating func fail(_ error: DictationError) {
        guard !isStopping, failure == nil else { return }
        failure = error
    }

    /// Marks the session as stopping: later audio is discarded, the queue is still delivered.
    mutating func stop() {
        isStopping = true
    }

    /// Marks the capture thread as finished.
    mutating func endCapture() {
        captureEnded = true
    }

    /// Takes up to `maxFrames` frames, the failure once the audio before it is delivered, the end,
    /// or tells the reader to wait.
    mutating func take(maxFrames: Int) -> Take {
        if queuedFrames > 0 { return .frame(takeFrames(min(maxFrames, queuedFrames))) }
        if let failure, !failureDelivered {
            failureDelivered = true
            return .failure(failure)
        }
        if isStopping || captureEnded { return .end }
        readerIsWaiting = true
        return .wait
    }

    /// The drops and overruns not yet reported, reset to zero.
    mutating func takeUnreported() -> (overruns: Int, droppedFrames: Int) {
        defer {
            unreportedOverruns = 0
            unreportedDroppedFrames = 0
        }
        return (unreportedOverruns, unreportedDroppedFrames)
    }

    private mutating func takeFrames(_ frames: Int) -> AudioFrame {
        let first = chunks[head]
        let offset = headOffset
        var samples: [Float] = []
        samples.reserveCapacity(frames * channelCount)
        var left = frames
        while left > 0 {
            let chunk = chunks[head]
            let available = chunk.samples.count / channelCount - headOffset
            let piece = min(left, available)
            let start = headOffset * channelCount
            samples.append(contentsOf: chunk.samples[start..<start + piece * channelCount])
            left -= piece
            advanceHead(by: piece)
        }
        queuedFrames -= frames
        let lead = Double(offset) / Double(sampleRate)
        return AudioFrame(
            samples: samples, sampleRate: sampleRate, channelCount: channelCount,
            startTime: Double(first.startFrame + offset) / Double(sampleRate),
            captureTime: first.captureTime + .seconds(lead))
    }

    private mutating func discardOldest(_ frames: Int) {
        var left = frames
        while left > 0 {
            let available = chunks[head].samples.count / channelCount - headOffset
            let piece = min(left, available)
            left -= piece
            advanceHead(by: piece)
        }
        queuedFrames -= frames
    }

    /// Moves past `frames` frames of the head chunk, which holds at least that many.
    private mutating func advanceHead(by frames: Int) {
        headOffset += frames
        guard headOffset * channelCount >= chunks[head].samples.count else { return }
        head += 1
        headOffset = 0
        // Compact now and then rather than shifting the array on every take.
        if head == chunks.count {
            chunks.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64, head * 2 >= chunks.count {
            chunks.removeFirst(head)
            head = 0
        }
    }
}
