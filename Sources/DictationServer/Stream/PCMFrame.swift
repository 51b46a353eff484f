import DictationStreamProtocol
import NIOCore

/// Turns a binary frame's bytes into samples in -1…1.
enum PCMFrame {
    static func samples(of buffer: ByteBuffer, encoding: StreamAudioFormat.Encoding) -> [Float] {
        buffer.withUnsafeReadableBytes { bytes in
            switch encoding {
            case .s16le:
                (0..<bytes.count / 2).map { index in
                    Float(Int16(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 2, as: Int16.self))) / 32_768
                }
            case .f32le:
                (0..<bytes.count / 4).map { index in
                    let value = Float(
                        bitPattern: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)))
                    return value.isNaN ? 0 : min(max(value, -1), 1)
                }
            }
        }
    }
}
