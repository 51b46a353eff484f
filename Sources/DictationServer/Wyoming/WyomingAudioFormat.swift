import DictationKit
import NIOCore

/// The PCM of a Wyoming audio stream, as `audio-start` and every `audio-chunk` give it: any rate,
/// samples of 1 (unsigned), 2, 3 or 4 bytes (signed, little-endian), interleaved channels.
struct WyomingAudioFormat: Equatable, Sendable {
    var rate: Int
    var width: Int
    var channels: Int

    /// What the server reads: the rates and channel counts of its file readers.
    static let rates = 1_000...384_000
    static let widths = 1...4
    static let channelCounts = 1...8

    /// The format an event's data gives.
    /// - Throws: `invalidAudio` when a field is missing or out of range.
    init(of event: WyomingEvent) throws(DictationError) {
        let rate = event.integer("rate")
        let width = event.integer("width")
        let channels = event.integer("channels")
        guard let rate, let width, let channels, Self.rates.contains(rate), Self.widths.contains(width),
            Self.channelCounts.contains(channels)
        else {
            throw DictationError(
                code: .invalidAudio,
                message: .init(
                    .wyomingAudioFormatInvalid,
                    [
                        "rate": "\(rate.map(String.init) ?? "none")", "width": "\(width.map(String.init) ?? "none")",
                        "channels": "\(channels.map(String.init) ?? "none")",
                    ]))
        }
        self.rate = rate
        self.width = width
        self.channels = channels
    }

    /// The session's source format: the samples are handed over as floats.
    var audioFormat: AudioFormat { AudioFormat(sampleRate: rate, channelCount: channels, encoding: .float32) }

    /// The interleaved samples of a chunk's payload, in -1…1.
    /// - Throws: `invalidAudio` when the payload is not whole frames.
    func samples(of payload: ByteBuffer) throws(DictationError) -> [Float] {
        let frameBytes = width * channels
        guard payload.readableBytes % frameBytes == 0 else {
            throw DictationError(
                code: .invalidAudio,
                message: .init(
                    .wyomingAudioNotWholeFrames,
                    ["bytes": "\(payload.readableBytes)", "frameBytes": "\(frameBytes)"]))
        }
        let width = self.width
        return payload.withUnsafeReadableBytes { bytes in
            (0..<bytes.count / width).map { index in
                let offset = index * width
                switch width {
                case 1: return (Float(bytes[offset]) - 128) / 128
                case 2:
                    return Float(Int16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int16.self))) / 32_768
                case 3:
                    // Into the top three bytes of an Int32, so the sign comes with them.
                    let value =
                        Int32(
                            bitPattern: UInt32(bytes[offset]) << 8 | UInt32(bytes[offset + 1]) << 16
                                | UInt32(bytes[offset + 2]) << 24)
                    return Float(value) / 2_147_483_648
                default:
                    return Float(Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)))
                        / 2_147_483_648
                }
            }
        }
    }
}
