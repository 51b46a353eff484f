import DictationCapture
import DictationKit
#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer's entry point: the bytes go through `AudioDataSource`, the reader every audio file
/// and upload goes through, and are read to the end. A crash, a sanitizer report or a timeout is
/// a finding; a `DictationError` is the expected answer to bad bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAudioReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let reader = try? AudioDataSource(bytes: bytes).open() else { return 0 }
    defer { reader.close() }
    // Capped so a reader that never ends shows up as a slow input rather than running forever.
    for _ in 0..<10_000 {
        guard let frame = try? reader.read(maxFrames: 4_096) else { break }
        precondition(frame.samples.allSatisfy { (-1...1).contains($0) }, "a sample outside -1...1")
    }
    return 0
}
