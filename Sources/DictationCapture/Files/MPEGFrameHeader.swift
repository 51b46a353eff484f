/// An MPEG audio frame header (layer I, II or III), just enough to find where the frame ends.
struct MPEGFrameHeader {
    /// The frame's length in bytes, header included.
    let length: Int

    /// Reads the header at `offset`; `nil` unless the four bytes are a valid one.
    init?(_ bytes: [UInt8], at offset: Int) {
        guard offset >= 0, bytes.count >= offset + 4, bytes[offset] == 0xFF, bytes[offset + 1] & 0xE0 == 0xE0 else {
            return nil
        }
        let version = (bytes[offset + 1] >> 3) & 3  // 0: MPEG 2.5, 2: MPEG 2, 3: MPEG 1
        let layer = (bytes[offset + 1] >> 1) & 3  // 1: III, 2: II, 3: I
        let bitrateIndex = Int(bytes[offset + 2] >> 4)
        let rateIndex = Int((bytes[offset + 2] >> 2) & 3)
        let padding = Int((bytes[offset + 2] >> 1) & 1)
        guard version != 1, layer != 0, bitrateIndex != 0, bitrateIndex != 15, rateIndex != 3 else { return nil }
        let isVersion1 = version == 3
        let kilobits: [Int] =
            switch (isVersion1, layer) {
            case (true, 3): [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448]
            case (true, 2): [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384]
            case (true, _): [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
            case (false, 3): [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256]
            case (false, _): [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
            }
        let baseRates = [44_100, 48_000, 32_000]
        let rate = baseRates[rateIndex] / (version == 3 ? 1 : version == 2 ? 2 : 4)
        let bitrate = kilobits[bitrateIndex] * 1_000
        switch layer {
        case 3: length = (12 * bitrate / rate + padding) * 4
        case 1 where !isVersion1: length = 72 * bitrate / rate + padding
        default: length = 144 * bitrate / rate + padding
        }
        guard length > 4 else { return nil }
    }
}
