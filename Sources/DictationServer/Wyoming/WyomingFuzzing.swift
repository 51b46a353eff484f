import NIOCore

/// The parser of untrusted Wyoming bytes, for the libFuzzer target in `Fuzz/`
/// (`WyomingEventFuzzer`); not part of the API.
@_spi(Fuzzing)
public enum WyomingFuzzing {
    /// Reads `bytes` as a Wyoming connection's, handed over in pieces of `pieceSize` bytes: events
    /// or a framing error, never a crash, a hang or an event holding more payload than came.
    /// - Parameters:
    ///   - bytes: Any bytes.
    ///   - pieceSize: How many bytes arrive at a time (at least 1).
    /// - Returns: Whether the bytes ended in a framing error.
    @discardableResult
    public static func parse(_ bytes: [UInt8], pieceSize: Int) -> Bool {
        var parser = WyomingEventParser(payloadLimit: 65_536)
        var buffer = ByteBuffer()
        var payload = 0
        for start in stride(from: 0, to: bytes.count, by: max(pieceSize, 1)) {
            buffer.writeBytes(bytes[start..<min(start + max(pieceSize, 1), bytes.count)])
            do {
                while let event = try parser.next(from: &buffer) { payload += event.payload?.readableBytes ?? 0 }
            } catch {
                return true
            }
            precondition(payload <= bytes.count, "events hold more payload than the bytes")
        }
        return false
    }
}
