import DictationKit

/// Audio an app supplies itself, buffer by buffer, from any thread.
///
/// Use it when the audio comes from somewhere DictationKit can't open: a network stream, a
/// WebRTC track, a decoder of your own. Append interleaved buffers in ``format`` as they arrive,
/// then call ``finish()``; the session's reader waits (without spinning) for each buffer.
///
/// ```swift
/// let source = PushAudioSource(format: AudioFormat(sampleRate: 48_000, channelCount: 2, encoding: .float32))
/// // start a session with `source`, then, on any thread:
/// source.append(buffer)
/// source.finish()
/// ```
///
/// Audio is never dropped silently: when more than `capacitySeconds` are waiting, ``append(_:)-([Float])``
/// refuses the new buffer, returns `false` and adds it to ``droppedFrameCount``. A source feeds
/// one session at a time; audio appended before a session opens waits for it, and audio a
/// session leaves unread when it stops is counted as dropped rather than fed to the next one.
public final class PushAudioSource: AudioSource, Sendable {
    /// The layout of the appended buffers: rate and channel count (the sample type is the one
    /// passed to ``append(_:)-([Float])`` or ``append(_:)-([Int16])``).
    public let format: AudioFormat

    /// Wakes the reader that blocks for audio whenever an app or the session changes the queue.
    private let queue: WaitableState<PushAudioQueue>

    /// Creates a source that apps append to.
    /// - Parameters:
    ///   - format: The sample rate and channel count of the buffers that will be appended.
    ///   - capacitySeconds: How much audio may wait for the reader before new buffers are refused;
    ///     60 s by default. Values below one frame (or NaN) hold a single frame.
    public init(format: AudioFormat, capacitySeconds: Double = 60) {
        self.format = format
        let seconds = capacitySeconds.isNaN ? 0 : min(max(capacitySeconds, 0), 86_400)
        // Clamped before converting, so an absurd rate or capacity can't overflow `Int`.
        let frames = min(seconds * Double(max(format.sampleRate, 1)), Double(Int32.max))
        queue = WaitableState(PushAudioQueue(channelCount: format.channelCount, capacityFrames: Int(frames)))
    }

    /// How many sample frames were refused because the queue was full or the audio had finished,
    /// or were left unread when a session stopped.
    public var droppedFrameCount: Int { queue.read { $0.droppedFrames } }

    /// How many more sample frames ``append(_:)-([Float])`` would take now: the capacity less
    /// what waits for the reader. An app that must not lose audio (a server that has promised a
    /// client its segment) waits until its buffer fits rather than having it refused.
    public var freeFrameCount: Int {
        queue.read { $0.freeFrames }
    }

    /// Appends interleaved float samples.
    /// - Parameter samples: Samples in -1...1, interleaved in ``format``'s channel count. Values
    ///   outside are clamped and NaN becomes silence.
    /// - Returns: `true` when queued; `false` when refused (queue full, or after ``finish()``) and
    ///   counted in ``droppedFrameCount``.
    @discardableResult
    public func append(_ samples: [Float]) -> Bool {
        enqueue(samples.map { $0.isNaN ? 0 : min(max($0, -1), 1) })
    }

    /// Appends interleaved 16-bit samples.
    /// - Parameter samples: Signed 16-bit samples, interleaved in ``format``'s channel count.
    /// - Returns: `true` when queued; `false` when refused (queue full, or after ``finish()``) and
    ///   counted in ``droppedFrameCount``.
    @discardableResult
    public func append(_ samples: [Int16]) -> Bool {
        enqueue(samples.map { Float($0) / 32_768 })
    }

    /// Appends interleaved float samples once they fit, waiting (suspended, no thread blocked)
    /// while the session is behind: for an app that must not lose audio, such as a server that
    /// has promised a client its segment.
    /// - Parameter samples: Samples in -1...1, interleaved in ``format``'s channel count.
    /// - Returns: `true` when queued; `false` when the audio finished first (counted in
    ///   ``droppedFrameCount``), or when the buffer is larger than the whole capacity.
    /// - Throws: `CancellationError` when the task is cancelled while it waits; nothing is queued
    ///   or counted then.
    @discardableResult
    public func appendWhenRoom(_ samples: [Float]) async throws(CancellationError) -> Bool {
        try await waitForRoom(frames: samples.count / max(format.channelCount, 1))
        return append(samples)
    }

    /// Appends interleaved 16-bit samples once they fit; see ``appendWhenRoom(_:)-([Float])``.
    /// - Parameter samples: Signed 16-bit samples, interleaved in ``format``'s channel count.
    /// - Returns: `true` when queued; `false` when the audio finished first, or when the buffer
    ///   is larger than the whole capacity.
    /// - Throws: `CancellationError` when the task is cancelled while it waits.
    @discardableResult
    public func appendWhenRoom(_ samples: [Int16]) async throws(CancellationError) -> Bool {
        try await waitForRoom(frames: samples.count / max(format.channelCount, 1))
        return append(samples)
    }

    /// Waits (suspended) until `frames` sample frames fit, the audio has finished, or `frames` is
    /// more than the whole capacity: an app that appends under a lock of its own waits here,
    /// then checks ``freeFrameCount`` again under its lock.
    /// - Parameter frames: The frames to make room for.
    /// - Throws: `CancellationError` when the task is cancelled while it waits.
    public func waitForRoom(frames: Int) async throws(CancellationError) {
        try await queue.waiting { $0.isFinished || $0.freeFrames >= frames || frames > $0.capacityFrames }
    }

    /// Waits (suspended) until the session's reader has taken everything appended, or `timeout`
    /// has passed: vosk-server replies to a message with what it held, so its endpoint waits for
    /// the session to take the message before it replies.
    /// - Parameter timeout: The longest wait.
    /// - Returns: Whether everything appended was taken.
    /// - Throws: `CancellationError` when the task is cancelled while it waits.
    @discardableResult
    public func waitUntilTaken(timeout: Duration) async throws(CancellationError) -> Bool {
        try await queue.waiting(until: { $0.freeFrames == $0.capacityFrames || $0.isFinished }, timeout: timeout)
    }

    /// Marks the end of the audio: the reader delivers what is queued, then ends the session's audio.
    ///
    /// Buffers appended after this, until that session closes its reader, are refused.
    public func finish() {
        queue.withLock { $0.isFinished = true }
    }

    /// Opens the source for one session.
    /// - Returns: A reader that blocks until audio is appended, ``finish()`` is called or the
    ///   session stops.
    /// - Throws: `DictationError.Code.invalidAudio` when ``format`` has an impossible rate or
    ///   channel count; `DictationError.Code.deviceBusy` when another session is reading.
    public func open() throws(DictationError) -> any AudioReader {
        try format.validateReadable(origin: .pushedFormat)
        let id = try queue.withLock { (queue) throws(DictationError) -> UInt64 in
            guard queue.activeReader == nil else {
                throw AudioInputProblem.pushSourceBusy.error
            }
            let id = queue.nextReaderID
            queue.nextReaderID += 1
            queue.activeReader = id
            return id
        }
        return PushAudioReader(source: self, id: id)
    }

    // MARK: - For the reader

    /// What a reader gets from the queue.
    enum Take {
        case samples([Float])
        case end
    }

    /// Takes audio for reader `id`, blocking until there is some or its audio has ended.
    func take(maxFrames: Int, reader id: UInt64) -> Take {
        queue.waitAndTake { queue -> Take? in
            guard queue.activeReader == id else { return .end }
            // Audio appended before the session stopped is still delivered: nothing captured is lost.
            if let samples = queue.take(maxFrames: maxFrames) { return .samples(samples) }
            if queue.isFinished || queue.isInterrupted { return .end }
            return nil
        }
    }

    /// Makes reader `id` return `nil` once the queued audio is read, waking it if it waits.
    func interrupt(reader id: UInt64) {
        queue.withLock { queue in
            guard queue.activeReader == id else { return }
            queue.isInterrupted = true
        }
    }

    /// Frees the source for the next session.
    func close(reader id: UInt64) {
        queue.withLock { queue in
            guard queue.activeReader == id else { return }
            queue.endSession()
        }
    }

    private func enqueue(_ samples: [Float]) -> Bool {
        queue.withLock { $0.append(samples) }
    }
}
