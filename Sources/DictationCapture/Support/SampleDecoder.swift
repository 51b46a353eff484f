import DictationKit

/// Turns little-endian PCM bytes into the `Float` samples every later stage works on.
enum SampleDecoder {
    /// Decodes whole samples from `bytes`.
    /// - Parameters:
    ///   - bytes: Packed samples; a trailing partial sample is ignored.
    ///   - encoding: How each sample is stored.
    /// - Returns: Samples in -1...1, in the order they are stored. Float input that is out of range
    ///   is clamped and NaN becomes silence, so a damaged file can't poison the filters after it.
    static func decode(_ bytes: UnsafeRawBufferPointer, encoding: AudioFormat.SampleEncoding) -> [Float] {
        let count = bytes.count / encoding.bytesPerSample
        return [Float](unsafeUninitializedCapacity: count) { samples, initialized in
            switch encoding {
            case .uint8:
                for index in 0..<count {
                    samples[index] = (Float(bytes[index]) - 128) / 128
                }
            case .int16:
                for index in 0..<count {
                    let value = Int16(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 2, as: Int16.self))
                    samples[index] = Float(value) / 32_768
                }
            case .int24:
                for index in 0..<count {
                    let offset = index * 3
                    let unsigned = UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
                    // Shift the sign bit of the 24-bit value into bit 31, then back with sign extension.
                    let value = Int32(bitPattern: unsigned << 8) >> 8
                    samples[index] = Float(value) / 8_388_608
                }
            case .int32:
                for index in 0..<count {
                    let value = Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 4, as: Int32.self))
                    samples[index] = Float(Double(value) / 2_147_483_648)
                }
            case .float32:
                for index in 0..<count {
                    let bits = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
                    let value = Float(bitPattern: bits)
                    samples[index] = value.isNaN ? 0 : min(max(value, -1), 1)
                }
            }
            initialized = count
        }
    }
}
