import DictationKit

/// The audio of a stream, as its `start` message describes it: rate, channels, sample encoding and
/// the length of each binary frame.
public struct StreamAudioFormat: Sendable, Hashable {
    /// How samples are written in the binary frames.
    public enum Encoding: String, Sendable, Hashable, Codable, CaseIterable {
        /// 16-bit signed integers, little-endian.
        case s16le
        /// 32-bit IEEE floats, little-endian, in -1…1.
        case f32le

        /// Bytes per sample.
        public var bytesPerSample: Int { self == .s16le ? 2 : 4 }
    }

    /// The rates a stream may have, in Hz.
    public static let sampleRates = 8_000...48_000
    /// The channel counts a stream may have.
    public static let channelCounts = 1...2
    /// The frame lengths a stream may have, in milliseconds.
    public static let frameMilliseconds = [20, 40, 60]

    /// Samples per second per channel.
    public var sampleRate: Int
    /// Interleaved channels.
    public var channelCount: Int
    /// How samples are written.
    public var encoding: Encoding
    /// The length of each whole binary frame, in milliseconds: 20, 40 or 60.
    public var frameMilliseconds: Int

    /// Creates a format.
    /// - Parameters:
    ///   - sampleRate: Samples per second per channel, 16 000 by default.
    ///   - channelCount: Interleaved channels, 1 by default.
    ///   - encoding: How samples are written, 16-bit by default.
    ///   - frameMilliseconds: The length of a frame, 20 ms by default.
    public init(sampleRate: Int = 16_000, channelCount: Int = 1, encoding: Encoding = .s16le, frameMilliseconds: Int = 20) {
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.encoding = encoding
        self.frameMilliseconds = frameMilliseconds
    }

    /// Bytes of one sample frame (every channel's sample).
    public var bytesPerSampleFrame: Int { channelCount * encoding.bytesPerSample }

    /// Sample frames in one whole binary frame.
    public var samplesPerFrame: Int { sampleRate * frameMilliseconds / 1000 }

    /// Bytes of one whole binary frame.
    public var frameBytes: Int { samplesPerFrame * bytesPerSampleFrame }

    /// The most sample frames a segment may hold: one second.
    public var maxSegmentSamples: Int { sampleRate }

    /// The format as DictationKit's sources describe audio.
    public var audioFormat: AudioFormat {
        AudioFormat(sampleRate: sampleRate, channelCount: channelCount, encoding: encoding == .s16le ? .int16 : .float32)
    }

    /// Checks the format against what a stream may have.
    /// - Throws: `DictationError` with `DictationError/Code/protocolViolation` naming the field.
    public func validate() throws(DictationError) {
        guard Self.sampleRates.contains(sampleRate) else {
            throw StreamProblem.badField(
                "sampleRate",
                .init(.streamSampleRateOutOfRange, ["sampleRate": "\(sampleRate)"])
            ).error
        }
        guard Self.channelCounts.contains(channelCount) else {
            throw StreamProblem.badField(
                "channels", .init(.streamChannelsOutOfRange, ["channelCount": "\(channelCount)"])
            ).error
        }
        guard Self.frameMilliseconds.contains(frameMilliseconds) else {
            throw StreamProblem.badField(
                "frameMilliseconds",
                .init(.streamFrameDurationInvalid, ["frameMilliseconds": "\(frameMilliseconds)"])
            ).error
        }
        guard sampleRate * frameMilliseconds % 1000 == 0 else {
            throw StreamProblem.badField(
                "frameMilliseconds",
                .init(.streamFrameNotWholeSamples, ["frameMilliseconds": "\(frameMilliseconds)", "sampleRate": "\(sampleRate)"])
            ).error
        }
    }
}
