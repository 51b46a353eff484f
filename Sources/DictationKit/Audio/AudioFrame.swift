/// A buffer of audio on its way through the session.
///
/// Samples are `Float` in -1...1, interleaved when there is more than one channel, whatever the
/// encoding of the source: every stage after the source works on one representation.
public struct AudioFrame: Sendable {
    /// Interleaved samples in -1...1.
    public var samples: [Float]
    /// Samples per second per channel.
    public var sampleRate: Int
    /// Interleaved channels.
    public var channelCount: Int
    /// Where the first sample lies, in seconds from the start of the stream.
    public var startTime: Double
    /// When the first sample was captured, for live sources; `nil` for files. The session uses it
    /// to tell how far behind the microphone it is (it skips partials when too far) and to time
    /// events from capture (``DictationMetrics/eventLatency``).
    public var captureTime: ContinuousClock.Instant?
    /// The voice activity verdicts on analysis frames that were completed by this buffer, from a
    /// processor that detects voice activity (``AudioProcessor/detectsVoiceActivity``); empty otherwise.
    ///
    /// A verdict may cover samples of an earlier buffer: a frame is judged once all of it arrived.
    public var voiceActivity: [VoiceActivityFrame] = []

    /// Creates a frame.
    /// - Parameters:
    ///   - samples: Interleaved samples in -1...1.
    ///   - sampleRate: Samples per second per channel.
    ///   - channelCount: Interleaved channels.
    ///   - startTime: Stream time of the first sample, in seconds.
    ///   - captureTime: When the first sample was captured, for live sources.
    public init(
        samples: [Float], sampleRate: Int, channelCount: Int, startTime: Double,
        captureTime: ContinuousClock.Instant? = nil
    ) {
        self.samples = samples
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.startTime = startTime
        self.captureTime = captureTime
    }

    /// Sample frames (one sample per channel) in the buffer.
    public var frameCount: Int { channelCount > 0 ? samples.count / channelCount : 0 }

    /// The duration of the buffer in seconds.
    public var duration: Double { sampleRate > 0 ? Double(frameCount) / Double(sampleRate) : 0 }

    /// The frame without the samples at or after a stream time.
    /// - Parameter time: Seconds from the start of the stream.
    /// - Returns: The frame, cut short when it reaches past `time`.
    func truncated(at time: Double) -> AudioFrame {
        let keep = max(0, min(frameCount, Int(((time - startTime) * Double(sampleRate)).rounded(.up))))
        guard keep < frameCount else { return self }
        var frame = self
        frame.samples = Array(samples.prefix(keep * channelCount))
        return frame
    }
}
