@_spi(Fuzzing) import DictationServer

/// Reads arbitrary bytes as a Wyoming client's, whole and in pieces sized by the first byte:
/// events or a framing error, the same either way; anything else (a crash, a hang) is a bug.
@_cdecl("fuzzWyomingEvents")
func fuzzWyomingEvents(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = WyomingFuzzing.parse(Array(bytes.dropFirst()), pieceSize: bytes.count)
    let pieces = WyomingFuzzing.parse(Array(bytes.dropFirst()), pieceSize: Int(bytes[0]) + 1)
    if whole != pieces { fatalError("the bytes' split changed the outcome") }
    return 0
}
