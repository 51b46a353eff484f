/// The layout of PCM audio: rate, channels and sample encoding.
public struct AudioFormat: Sendable, Hashable, CustomStringConvertible {
    /// How one sample is stored.
    public enum SampleEncoding: String, Sendable, Hashable, CaseIterable {
        /// Unsigned 8-bit integer, offset binary (as in 8-bit WAV).
        case uint8
        /// Signed 16-bit little-endian integer.
        case int16
        /// Signed 24-bit little-endian integer, packed in 3 bytes.
        case int24
        /// Signed 32-bit little-endian integer.
        case int32
        /// 32-bit little-endian IEEE float, nominally in -1...1.
        case float32

        /// Bytes one sample takes.
        public var bytesPerSample: Int {
            switch self {
            case .uint8: 1
            case .int16: 2
            case .int24: 3
            case .int32, .float32: 4
            }
        }
    }

    /// Samples per second per channel.
    public var sampleRate: Int
    /// Interleaved channels.
    public var channelCount: Int
    /// How each sample is stored.
    public var encoding: SampleEncoding

    /// Creates a format.
    /// - Parameters:
    ///   - sampleRate: Samples per second per channel.
    ///   - channelCount: Interleaved channels.
    ///   - encoding: How each sample is stored.
    public init(sampleRate: Int, channelCount: Int, encoding: SampleEncoding) {
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.encoding = encoding
    }

    /// What recognizers take: 16 kHz, mono, 16-bit.
    public static let recognizer = AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .int16)

    /// Bytes one frame (one sample of every channel) takes.
    public var bytesPerFrame: Int { encoding.bytesPerSample * channelCount }

    /// E.g. `"16000 Hz, 1 ch, int16"`.
    public var description: String { "\(sampleRate) Hz, \(channelCount) ch, \(encoding.rawValue)" }
}
