import DictationKit

/// Cuts a stream of buffers of any size into frames of one fixed length, for stages that judge
/// audio frame by frame (``EnergyVoiceActivityDetector``).
///
/// Sources deliver whatever their device or file gives (a 1024-sample ALSA period, 100 ms from a
/// file, an app's arbitrary buffers); the framer hands each complete frame to a closure as soon
/// as it has one and keeps the rest for the next call. It allocates its one frame of storage when
/// it is created and nothing after: frames that lie whole inside an appended buffer are passed
/// straight from it, only a frame that straddles two buffers is put together in the framer's own
/// storage.
///
/// ```swift
/// var framer = AudioFramer(sampleRate: 16_000, frameDuration: .milliseconds20)
/// framer.append(frame.samples) { frame in   // 320 samples each
///     let decision = detector.process(frame: frame)
/// }
/// ```
public struct AudioFramer: Sendable {
    /// Samples in one frame.
    public let frameLength: Int

    /// Samples held back from the last call, fewer than ``frameLength``: the start of the next frame.
    public var bufferedSampleCount: Int { pendingCount }

    private var pending: [Float]
    private var pendingCount = 0

    /// Creates a framer for frames of a duration.
    /// - Parameters:
    ///   - sampleRate: The rate of the audio in Hz.
    ///   - frameDuration: The length of each frame; 20 ms at 16 kHz is 320 samples.
    public init(sampleRate: Int, frameDuration: EnergyVoiceActivityDetector.FrameDuration) {
        self.init(frameLength: frameDuration.samples(atSampleRate: sampleRate))
    }

    /// Creates a framer for frames of a number of samples.
    /// - Parameter frameLength: Samples in one frame; at least 1 (smaller values are raised to 1).
    public init(frameLength: Int) {
        self.frameLength = max(1, frameLength)
        pending = [Float](repeating: 0, count: self.frameLength)
    }

    /// Adds samples to the stream and hands over every frame they complete, in order.
    ///
    /// The frame passed to `body` is valid only during the call: copy what must outlive it.
    /// `body` must not use the framer itself.
    /// - Parameters:
    ///   - samples: The next samples of the stream, any number of them (0 is fine).
    ///   - body: Called once per complete frame, with exactly ``frameLength`` samples.
    /// - Throws: What `body` throws, at once; the framer is then left empty and the rest of
    ///   `samples` is dropped.
    public mutating func append<Failure: Error>(
        _ samples: UnsafeBufferPointer<Float>,
        _ body: (UnsafeBufferPointer<Float>) throws(Failure) -> Void
    ) throws(Failure) {
        var start = 0
        if pendingCount > 0 {
            // Complete the frame begun by the last call.
            let taken = min(frameLength - pendingCount, samples.count)
            store(UnsafeBufferPointer(rebasing: samples[0..<taken]))
            start = taken
            guard pendingCount == frameLength else { return }
            pendingCount = 0
            try pending.withUnsafeBufferPointer { (frame) throws(Failure) in try body(frame) }
        }
        // Whole frames straight from the caller's buffer: no copy.
        while samples.count - start >= frameLength {
            try body(UnsafeBufferPointer(rebasing: samples[start..<(start + frameLength)]))
            start += frameLength
        }
        store(UnsafeBufferPointer(rebasing: samples[start...]))
    }

    /// Adds samples to the stream and hands over every frame they complete, in order.
    /// - Parameters:
    ///   - samples: The next samples of the stream.
    ///   - body: Called once per complete frame, with exactly ``frameLength`` samples.
    /// - Throws: What `body` throws, at once; the framer is then left empty.
    public mutating func append<Failure: Error>(
        _ samples: [Float],
        _ body: (UnsafeBufferPointer<Float>) throws(Failure) -> Void
    ) throws(Failure) {
        try samples.withUnsafeBufferPointer { (buffer) throws(Failure) in try append(buffer, body) }
    }

    /// Ends the stream: hands over the held samples, if any, as a last, shorter frame, and empties
    /// the framer.
    /// - Parameter body: Called once with the ``bufferedSampleCount`` held samples (fewer than
    ///   ``frameLength``), or not at all when none are held.
    /// - Throws: What `body` throws.
    public mutating func flush<Failure: Error>(
        _ body: (UnsafeBufferPointer<Float>) throws(Failure) -> Void
    ) throws(Failure) {
        guard pendingCount > 0 else { return }
        let count = pendingCount
        pendingCount = 0
        try pending.withUnsafeBufferPointer { (frame) throws(Failure) in
            try body(UnsafeBufferPointer(rebasing: frame[0..<count]))
        }
    }

    /// Drops the held samples, e.g. to start an unrelated stream.
    public mutating func reset() {
        pendingCount = 0
    }

    /// Appends samples to the held ones; the caller makes sure they fit.
    private mutating func store(_ samples: UnsafeBufferPointer<Float>) {
        guard !samples.isEmpty else { return }
        let offset = pendingCount
        pending.withUnsafeMutableBufferPointer { storage in
            _ = UnsafeMutableBufferPointer(rebasing: storage[offset..<(offset + samples.count)])
                .update(fromContentsOf: samples)
        }
        pendingCount += samples.count
    }
}
