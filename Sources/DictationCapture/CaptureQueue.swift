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

    /// Captured periods with their capture times, in order.
    private var periods = InterleavedSampleQueue(channelCount: 1)
    var queuedFrames: Int { periods.queuedFrames }

    /// Frames the device delivered, queued or not: the stream position of the next period.
    var capturedFrames: Int { periods.appendedSamples / channelCount }
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
        periods = InterleavedSampleQueue(channelCount: channelCount)
    }

    /// Queues a captured period, dropping the oldest audio beyond the capacity.
    /// - Returns: `false` when the session is stopping and the audio was discarded: it was
    ///   captured after `stop()`, so it doesn't belong to the session.
    mutating func append(_ samples: [Float], captureTime: ContinuousClock.Instant) -> Bool {
        guard !isStopping else { return false }
        guard samples.count >= channelCount else { return true }
        // A device delivers whole frames; a stray partial one would shift every later channel.
        let whole = samples.count - samples.count % channelCount
        periods.append(whole == samples.count ? samples : Array(samples.prefix(whole)), time: captureTime)
        if queuedFrames > capacityFrames {
            let excess = queuedFrames - capacityFrames
            periods.discardOldest(frames: excess)
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
        if let taken = periods.take(maxFrames: maxFrames) { return .frame(frame(from: taken)) }
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

    private func frame(from taken: InterleavedSampleQueue<Void>.Taken) -> AudioFrame {
        let lead = Double(taken.framesIntoBuffer) / Double(sampleRate)
        return AudioFrame(
            samples: taken.samples, sampleRate: sampleRate, channelCount: channelCount,
            startTime: Double(taken.startFrame) / Double(sampleRate),
            captureTime: taken.bufferTime.map { $0 + .seconds(lead) })
    }
}
