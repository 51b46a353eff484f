/// The bounded queue behind ``PushAudioSource``: what apps have appended and the one reader has
/// not yet taken, with the flags that end that reader's audio.
///
/// A value type guarded by the source's lock; it never blocks and never allocates beyond what
/// the apps hand it.
struct PushAudioQueue {
    /// Interleaved channels, at least 1.
    let channelCount: Int
    /// The most sample frames held at once.
    let capacityFrames: Int

    private var samples: InterleavedSampleQueue<Void>
    private(set) var droppedFrames = 0

    /// The app called `finish()`: the reader ends once the queue is empty.
    var isFinished = false
    /// The session stopped: the reader returns `nil` at once.
    var isInterrupted = false
    /// The reader that may take audio; the source feeds one session at a time.
    var activeReader: UInt64?
    var nextReaderID: UInt64 = 1

    init(channelCount: Int, capacityFrames: Int) {
        self.channelCount = max(channelCount, 1)
        self.capacityFrames = max(capacityFrames, 1)
        samples = InterleavedSampleQueue(channelCount: channelCount)
    }

    /// Frames for `count` samples, a trailing partial frame counting as one.
    func frames(inSamples count: Int) -> Int {
        (count + channelCount - 1) / channelCount
    }

    /// Frames that may still be appended.
    var freeFrames: Int {
        max(capacityFrames - frames(inSamples: samples.queuedSamples), 0)
    }

    /// Queues `samples`, or counts them as dropped when they don't fit or come after the end.
    /// - Returns: Whether the samples were queued.
    mutating func append(_ buffer: [Float]) -> Bool {
        guard !buffer.isEmpty else { return true }
        if isFinished || samples.queuedSamples + buffer.count > capacityFrames * channelCount {
            droppedFrames += frames(inSamples: buffer.count)
            return false
        }
        samples.append(buffer)
        return true
    }

    /// Takes up to `maxFrames` whole frames from the front.
    /// - Returns: Interleaved samples, or `nil` when not one whole frame is queued.
    mutating func take(maxFrames: Int) -> [Float]? {
        samples.take(maxFrames: maxFrames)?.samples
    }

    /// Ends a reader's session: audio it left unread is counted as dropped rather than fed to the
    /// next session, which would hear stale speech, and the next session starts unfinished.
    mutating func endSession() {
        droppedFrames += frames(inSamples: samples.queuedSamples)
        samples.removeAll()
        activeReader = nil
        isFinished = false
        isInterrupted = false
    }
}
