/// Writes WAV files byte by byte: plain 16-bit PCM (``pcm16(_:sampleRate:channels:)``), and every
/// odd and broken header on purpose.
package struct WAVBuilder {
    package var formatTag: UInt16
    package var channels: UInt16
    package var sampleRate: UInt32
    package var bitsPerSample: UInt16
    /// Defaults to channels × bytes per sample.
    package var blockAlign: UInt16?
    /// Makes a `WAVE_FORMAT_EXTENSIBLE` chunk with this sub-format (1 PCM, 3 float).
    package var extensibleSubFormat: UInt16?
    /// Overrides the 16 (or 40) byte fmt body.
    package var formatBody: [UInt8]?
    package var includesFormatChunk: Bool
    package var includesDataChunk: Bool
    package var data: [UInt8]
    /// Chunks between `fmt ` and `data`.
    package var chunksBeforeData: [(id: String, body: [UInt8])]
    /// Chunks before `fmt `.
    package var chunksBeforeFormat: [(id: String, body: [UInt8])]
    package var chunksAfterData: [(id: String, body: [UInt8])]
    package var riffSize: UInt32?
    package var dataSize: UInt32?
    package var riffID: String
    package var waveID: String

    package init(
        formatTag: UInt16 = 1, channels: UInt16 = 1, sampleRate: UInt32 = 16_000, bitsPerSample: UInt16 = 16,
        blockAlign: UInt16? = nil, extensibleSubFormat: UInt16? = nil, formatBody: [UInt8]? = nil,
        includesFormatChunk: Bool = true, includesDataChunk: Bool = true, data: [UInt8] = [],
        chunksBeforeData: [(id: String, body: [UInt8])] = [], chunksBeforeFormat: [(id: String, body: [UInt8])] = [],
        chunksAfterData: [(id: String, body: [UInt8])] = [], riffSize: UInt32? = nil, dataSize: UInt32? = nil,
        riffID: String = "RIFF", waveID: String = "WAVE"
    ) {
        self.formatTag = formatTag
        self.channels = channels
        self.sampleRate = sampleRate
        self.bitsPerSample = bitsPerSample
        self.blockAlign = blockAlign
        self.extensibleSubFormat = extensibleSubFormat
        self.formatBody = formatBody
        self.includesFormatChunk = includesFormatChunk
        self.includesDataChunk = includesDataChunk
        self.data = data
        self.chunksBeforeData = chunksBeforeData
        self.chunksBeforeFormat = chunksBeforeFormat
        self.chunksAfterData = chunksAfterData
        self.riffSize = riffSize
        self.dataSize = dataSize
        self.riffID = riffID
        self.waveID = waveID
    }

    /// A plain WAV file of 16-bit samples: the canonical 44-byte header, then the samples.
    package static func pcm16(_ samples: [Int16], sampleRate: Int = 16_000, channels: Int = 1) -> [UInt8] {
        var builder = WAVBuilder()
        builder.sampleRate = UInt32(sampleRate)
        builder.channels = UInt16(channels)
        builder.data = PCM16.bytes(samples)
        return builder.bytes
    }

    /// The fmt body as written unless overridden.
    package var standardFormatBody: [UInt8] {
        let align = blockAlign ?? channels * (bitsPerSample / 8)
        var body =
            littleEndian(extensibleSubFormat == nil ? formatTag : 0xFFFE) + littleEndian(channels) + littleEndian(sampleRate)
        body += littleEndian(sampleRate * UInt32(align)) + littleEndian(align) + littleEndian(bitsPerSample)
        if let extensibleSubFormat {
            body += littleEndian(UInt16(22)) + littleEndian(bitsPerSample) + littleEndian(UInt32(0))
            body +=
                littleEndian(extensibleSubFormat) + [
                    0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71,
                ]
        }
        return body
    }

    package var bytes: [UInt8] {
        var body = Array(waveID.utf8)
        for chunk in chunksBeforeFormat { body += Self.chunk(chunk.id, chunk.body) }
        if includesFormatChunk { body += Self.chunk("fmt ", formatBody ?? standardFormatBody) }
        for chunk in chunksBeforeData { body += Self.chunk(chunk.id, chunk.body) }
        if includesDataChunk { body += Self.chunk("data", data, size: dataSize) }
        for chunk in chunksAfterData { body += Self.chunk(chunk.id, chunk.body) }
        return Array(riffID.utf8) + littleEndian(riffSize ?? UInt32(body.count)) + body
    }

    /// A chunk with its pad byte; the data chunk's pad is left out when its size is overridden.
    package static func chunk(_ id: String, _ body: [UInt8], size: UInt32? = nil) -> [UInt8] {
        var bytes = Array(id.utf8) + littleEndian(size ?? UInt32(body.count)) + body
        if body.count % 2 == 1 { bytes.append(0) }
        return bytes
    }
}
