/// Writes WAV files byte by byte, so tests can make every odd and broken header on purpose.
struct WAVBuilder {
    var formatTag: UInt16 = 1
    var channels: UInt16 = 1
    var sampleRate: UInt32 = 16_000
    var bitsPerSample: UInt16 = 16
    /// Defaults to channels × bytes per sample.
    var blockAlign: UInt16?
    /// Makes a `WAVE_FORMAT_EXTENSIBLE` chunk with this sub-format (1 PCM, 3 float).
    var extensibleSubFormat: UInt16?
    /// Overrides the 16 (or 40) byte fmt body.
    var formatBody: [UInt8]?
    var includesFormatChunk = true
    var includesDataChunk = true
    var data: [UInt8] = []
    /// Chunks between `fmt ` and `data`.
    var chunksBeforeData: [(id: String, body: [UInt8])] = []
    /// Chunks before `fmt `.
    var chunksBeforeFormat: [(id: String, body: [UInt8])] = []
    var chunksAfterData: [(id: String, body: [UInt8])] = []
    var riffSize: UInt32?
    var dataSize: UInt32?
    var riffID = "RIFF"
    var waveID = "WAVE"

    /// The fmt body as written unless overridden.
    var standardFormatBody: [UInt8] {
        let align = blockAlign ?? channels * (bitsPerSample / 8)
        var body = le(extensibleSubFormat == nil ? formatTag : 0xFFFE) + le(channels) + le(sampleRate)
        body += le(sampleRate * UInt32(align)) + le(align) + le(bitsPerSample)
        if let extensibleSubFormat {
            body += le(UInt16(22)) + le(bitsPerSample) + le(UInt32(0))
            body += le(extensibleSubFormat) + [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71]
        }
        return body
    }

    var bytes: [UInt8] {
        var body = Array(waveID.utf8)
        for chunk in chunksBeforeFormat { body += Self.chunk(chunk.id, chunk.body) }
        if includesFormatChunk { body += Self.chunk("fmt ", formatBody ?? standardFormatBody) }
        for chunk in chunksBeforeData { body += Self.chunk(chunk.id, chunk.body) }
        if includesDataChunk { body += Self.chunk("data", data, size: dataSize) }
        for chunk in chunksAfterData { body += Self.chunk(chunk.id, chunk.body) }
        return Array(riffID.utf8) + le(riffSize ?? UInt32(body.count)) + body
    }

    /// A chunk with its pad byte; the data chunk's pad is left out when its size is overridden.
    static func chunk(_ id: String, _ body: [UInt8], size: UInt32? = nil) -> [UInt8] {
        var bytes = Array(id.utf8) + le(size ?? UInt32(body.count)) + body
        if body.count % 2 == 1 { bytes.append(0) }
        return bytes
    }
}

func le(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
func le(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * UInt32($0))) & 0xFF) } }
