import DictationKit

/// The `fmt ` chunk of a WAV file: which PCM layout the data chunk holds.
struct WAVFormatChunk {
    /// The smallest `fmt ` chunk: tag, channels, rate, byte rate, block align, bits.
    static let minimumSize = 16
    /// The size of a `WAVE_FORMAT_EXTENSIBLE` chunk, with its sub-format GUID.
    static let extensibleSize = 40

    private enum Tag {
        static let pcm: UInt16 = 0x0001
        static let adpcm: UInt16 = 0x0002
        static let float: UInt16 = 0x0003
        static let aLaw: UInt16 = 0x0006
        static let muLaw: UInt16 = 0x0007
        static let imaADPCM: UInt16 = 0x0011
        static let gsm: UInt16 = 0x0031
        static let mpeg: UInt16 = 0x0050
        static let mp3: UInt16 = 0x0055
        static let extensible: UInt16 = 0xFFFE
    }

    /// The tail of the `KSDATAFORMAT_SUBTYPE_*` GUIDs; the first two bytes carry the format tag.
    private static let subFormatGUIDTail: [UInt8] = [
        0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71,
    ]

    /// The layout the samples are in.
    let format: AudioFormat

    /// Parses the start of a `fmt ` chunk.
    /// - Parameters:
    ///   - bytes: The first bytes of the chunk body, at least ``minimumSize`` of them, or
    ///     ``extensibleSize`` for an extensible format.
    ///   - declaredSize: The chunk size from its header, which may exceed `bytes.count`.
    /// - Throws: ``DictationError/invalidAudio(_:)`` saying what is unsupported or inconsistent.
    init(bytes: [UInt8], declaredSize: UInt32) throws(DictationError) {
        guard bytes.count >= Self.minimumSize else {
            throw WAVProblem.formatChunkTooShort(declared: declaredSize, needed: Self.minimumSize).error
        }
        var tag = bytes.uint16(at: 0)
        let channels = Int(bytes.uint16(at: 2))
        let sampleRate = Int(bytes.uint32(at: 4))
        let blockAlign = Int(bytes.uint16(at: 12))
        let bitsPerSample = Int(bytes.uint16(at: 14))

        if tag == Tag.extensible {
            guard bytes.count >= Self.extensibleSize, bytes.uint16(at: 16) >= 22 else {
                throw WAVProblem.extensibleTooShort(declared: declaredSize, needed: Self.extensibleSize).error
            }
            guard Array(bytes[26..<40]) == Self.subFormatGUIDTail else {
                throw WAVProblem.unknownSubFormat.error
            }
            tag = bytes.uint16(at: 24)
        }

        let encoding = try Self.encoding(tag: tag, bitsPerSample: bitsPerSample)
        let format = AudioFormat(sampleRate: sampleRate, channelCount: channels, encoding: encoding)
        try format.validateReadable(origin: .wavHeader)
        guard blockAlign == format.bytesPerFrame else {
            throw WAVProblem.blockAlignMismatch(
                blockAlign: blockAlign, channels: channels, bitsPerSample: bitsPerSample,
                bytesPerFrame: format.bytesPerFrame
            ).error
        }
        self.format = format
    }

    private static func encoding(tag: UInt16, bitsPerSample: Int) throws(DictationError) -> AudioFormat.SampleEncoding {
        switch tag {
        case Tag.pcm:
            switch bitsPerSample {
            case 8: return .uint8
            case 16: return .int16
            case 24: return .int24
            case 32: return .int32
            default:
                throw WAVProblem.integerBits(bitsPerSample).error
            }
        case Tag.float:
            switch bitsPerSample {
            case 32: return .float32
            case 64:
                throw WAVProblem.float64.error
            default:
                throw WAVProblem.floatBits(bitsPerSample).error
            }
        case Tag.aLaw:
            throw WAVProblem.aLaw.error
        case Tag.muLaw:
            throw WAVProblem.muLaw.error
        case Tag.adpcm, Tag.imaADPCM:
            throw WAVProblem.adpcm.error
        case Tag.gsm, Tag.mpeg, Tag.mp3:
            throw WAVProblem.compressed.error
        default:
            throw WAVProblem.unknownTag(hex(tag)).error
        }
    }
}

/// `0x0006` style, for format tags in messages.
private func hex(_ value: UInt16) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

extension [UInt8] {
    /// The little-endian `UInt16` at `offset`; the caller has checked the length.
    func uint16(at offset: Int) -> UInt16 {
        UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
    }

    /// The little-endian `UInt32` at `offset`; the caller has checked the length.
    func uint32(at offset: Int) -> UInt32 {
        UInt32(self[offset]) | UInt32(self[offset + 1]) << 8 | UInt32(self[offset + 2]) << 16
            | UInt32(self[offset + 3]) << 24
    }

    /// The little-endian `UInt64` at `offset`; the caller has checked the length.
    func uint64(at offset: Int) -> UInt64 {
        UInt64(uint32(at: offset)) | UInt64(uint32(at: offset + 4)) << 32
    }
}
