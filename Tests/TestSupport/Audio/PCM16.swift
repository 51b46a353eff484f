import Foundation

/// 16-bit PCM samples as the bytes of a raw file or a WAV data chunk: little-endian, interleaved.
package enum PCM16 {
    /// The samples of little-endian bytes; an odd last byte is left out.
    package static func samples<Bytes: Collection<UInt8>>(littleEndian bytes: Bytes) -> [Int16] {
        let bytes = Array(bytes)
        return stride(from: 0, to: bytes.count - 1, by: 2).map {
            Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
        }
    }

    /// The little-endian bytes of samples.
    package static func bytes(_ samples: [Int16]) -> [UInt8] {
        samples.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
    }

    /// Samples as the floats in -1...1 a 16-bit source delivers (value / 32768).
    package static func floats(_ samples: [Int16]) -> [Float] {
        samples.map { Float($0) / 32_768 }
    }

    /// Floats in -1...1 as 16-bit samples, clamped, scaled by 32767 (as the tests' WAV files were
    /// always written).
    package static func samples(_ floats: [Float]) -> [Int16] {
        floats.map { Int16(max(-1, min(1, $0)) * 32_767) }
    }
}
