/// The bounded queue behind ``PushAudioSource``: what apps have appended and the one reader has
/// not yet taken, with the flags that end or wake that reader.
///
/// A value type guarded by the source's `Mutex`; it never blocks and never allocates beyond what
/// the apps hand it.
struct PushAudioQueue {
    /// Interleaved channels, at least 1.
    let channelCount: Int
    /// The most sample frames held at once.
    let capacityFrames: Int

    /// Buffers in append order; `headOffset` samples of the first one are already taken.
    private var buffers: [[Float]] = []
    private var headOffset = 0
    private(set) var queuedSamples = 0
    private(set) var droppedFrames = 0

    /// The app called `finish()`: the reader ends once the queue is empty.
    var isFinished = false
    /// The session stopped: the reader returns `nil` at once.
    var isInterrupted = false
    /// The reader is (about to be) blocked on the source's semaphore and needs one signal.
    var readerIsWaiting = false
    /// The reader that may take audio; the source feeds one session at a time.
    var activeReader: UInt64?
    var nextReaderID: UInt64 = 1

    init(channelCount: Int, capacityFrames: Int) {
        self.channelCount = max(channelCount, 1)
        self.capacityFrames = max(capacityFrames, 1)
    }

    /// Frames for `count` samples, a trailing partial frame counting as one.
    func frames(inSamples count: Int) -> Int {
        (count + channelCount - 1) / channelCount
    }

    /// Queues `samples`, or counts them as dropped when they don't fit or come after the end.
    /// - Returns: Whether the samples were queued.
    mutating func append(_ samples: [Float]) -> Bool {
        guard !samples.isEmpty else { return true }
        if isFinished || queuedSamples + samples.count > capacityFrames * channelCount {
            droppedFrames += frames(inSamples: samples.count)
            return false
        }
        buffers.append(samples)
        queuedSamples += samples.count
        return true
    }

    /// Takes up to `maxFrames` whole frames from the front.
    /// - Returns: Interleaved samples, or `nil` when not one whole frame is queued.
    mutating func take(maxFrames: Int) -> [Float]? {
        let frames = min(maxFrames, queuedSamples / channelCount)
        guard frames > 0 else { return nil }
        let wanted = frames * channelCount
        var taken: [Float] = []
        taken.reserveCapacity(wanted)
        while taken.count < wanted, let head = buffers.first {
            let piece = min(wanted - taken.count, head.count - headOffset)
            taken.append(contentsOf: head[headOffset..<headOffset + piece])
            headOffset += piece
            if headOffset == head.count {
                buffers.removeFirst()
                headOffset = 0
            }
        }
        queuedSamples -= taken.count
        return taken
    }

    /// Ends a reader's session: audio it left unread is counted as dropped rather than fed to the
    /// next session, which would hear stale speech, and the next session starts unfinished.
    mutating func endSession() {
        droppedFrames += frames(inSamples: queuedSamples)
        buffers = []
        headOffset = 0
        queuedSamples = 0
        activeReader = nil
        isFinished = false
        isInterrupted = false
        readerIsWaiting = false
    }
}
