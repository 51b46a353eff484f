import DictationKit

/// What a WAV file says before its samples: their format and how many bytes of them there are.
///
/// Read front to back without seeking, so it works on standard input; every size in the file is
/// untrusted and only ever bounds how far to read, never how much to allocate.
struct WAVHeader {
    /// The layout of the samples.
    var format: AudioFormat
    /// The size of the data chunk, or `nil` when the header doesn't know it (RF64 or streaming
    /// writers): the samples then run to the end of the input.
    var dataByteCount: UInt64?
    /// Whether the data may end before ``dataByteCount`` without the file being damaged.
    ///
    /// Writers that can't seek back (sox or arecord writing to a pipe) put a placeholder near
    /// 2 or 4 GiB in the size field; running out of bytes before it is their normal end.
    var mayEndEarly: Bool

    /// Data sizes from here up are the placeholders of streaming writers: sox writes 0x7FFFF000,
    /// arecord 0x7FFFFFFF, ffmpeg 0xFFFFFFFF.
    static let placeholderDataSize: UInt32 = 0x7FFF_F000
    /// Real files have a handful of chunks; a stream of thousands before the audio is garbage.
    static let maximumChunksBeforeData = 1_000

    /// Reads the header up to the first byte of the samples.
    /// - Parameter input: The input, positioned at the start of the file.
    /// - Returns: The header; `input` is left at the first sample byte.
    /// - Throws: ``DictationError/invalidAudio(_:)`` saying what is wrong with the file.
    static func read(from input: FileByteInput) throws(DictationError) -> WAVHeader {
        let riff = try input.readBytes(12)
        if riff.isEmpty {
            throw WAVProblem.empty(input: input.name).error
        }
        let kind = riff.count >= 4 ? fourCC(riff, at: 0) : ""
        switch kind {
        case "RIFF", "RF64", "BW64":
            break
        case "RIFX":
            throw WAVProblem.bigEndian.error
        default:
            throw WAVProblem.notRIFF(input: input.name).error
        }
        guard riff.count == 12, fourCC(riff, at: 8) == "WAVE" else {
            throw WAVProblem.notWAVE.error
        }

        var format: AudioFormat?
        var ds64DataSize: UInt64?
        for _ in 0..<maximumChunksBeforeData {
            let chunk = try input.readBytes(8)
            guard chunk.count == 8 else {
                if format == nil { throw WAVProblem.noFormatChunk.error }
                throw WAVProblem.noDataChunk.error
            }
            guard chunk[0..<4].allSatisfy({ (0x20...0x7E).contains($0) }) else {
                throw WAVProblem.damagedChunkNames.error
            }
            let id = fourCC(chunk, at: 0)
            let size = chunk.uint32(at: 4)
            // RIFF chunks are padded to an even length; the pad byte is not counted in the size.
            let paddedSize = UInt64(size) + UInt64(size & 1)

            switch id {
            case "fmt ":
                let wanted = Int(min(size, UInt32(WAVFormatChunk.extensibleSize)))
                let body = try input.readBytes(wanted)
                if body.count < wanted {
                    throw WAVProblem.endsInsideFormatChunk.error
                }
                format = try WAVFormatChunk(bytes: body, declaredSize: size).format
                try input.skip(paddedSize - UInt64(body.count))
            case "ds64":
                let body = try input.readBytes(Int(min(size, 16)))
                if body.count == 16 { ds64DataSize = body.uint64(at: 8) }
                try input.skip(paddedSize - UInt64(body.count))
            case "data":
                guard let format else {
                    throw WAVProblem.dataBeforeFormat.error
                }
                return dataHeader(format: format, size: size, ds64DataSize: ds64DataSize)
            default:
                try input.skip(paddedSize)
            }
        }
        throw WAVProblem.tooManyChunks(limit: maximumChunksBeforeData).error
    }

    private static func dataHeader(format: AudioFormat, size: UInt32, ds64DataSize: UInt64?) -> WAVHeader {
        if size == UInt32.max, let ds64DataSize, ds64DataSize > 0 {
            // RF64: the real size lives in the ds64 chunk.
            return WAVHeader(format: format, dataByteCount: ds64DataSize, mayEndEarly: false)
        }
        if size == UInt32.max {
            return WAVHeader(format: format, dataByteCount: nil, mayEndEarly: true)
        }
        return WAVHeader(format: format, dataByteCount: UInt64(size), mayEndEarly: size >= placeholderDataSize)
    }

    /// The four bytes at `offset` as text; callers check they are printable where it matters.
    private static func fourCC(_ bytes: [UInt8], at offset: Int) -> String {
        String(decoding: bytes[offset..<offset + 4], as: Unicode.ASCII.self)
    }
}
