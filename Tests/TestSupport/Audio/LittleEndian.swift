// A value's little-endian bytes, as RIFF stores numbers: for WAV headers and chunks made by hand.

package func littleEndian(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
package func littleEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * UInt32($0))) & 0xFF) } }
package func littleEndian(_ value: UInt64) -> [UInt8] {
    littleEndian(UInt32(value & 0xFFFF_FFFF)) + littleEndian(UInt32(value >> 32))
}
