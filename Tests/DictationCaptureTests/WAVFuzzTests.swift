import DictationKit
import DictationTesting
import Foundation
import Testing

@testable import DictationCapture

/// Thousands of deterministically damaged WAV files: each decodes or fails with invalidAudio,
/// never crashes, hangs or returns more audio than its bytes hold.
@Suite struct WAVFuzzTests {
    static func seeds() -> [[UInt8]] {
        let tone = (0..<300).map { Int16(8_000 * sin(Double($0) / 5)) }
        var plain = WAVBuilder()
        plain.data = TestFixtures.bytes(tone)
        var stereo24 = WAVBuilder(channels: 2, bitsPerSample: 24)
        stereo24.data = (0..<600).flatMap { [UInt8($0 & 0xFF), 0x12, UInt8(($0 >> 3) & 0xFF)] }
        var float = WAVBuilder(extensibleSubFormat: 3)
        float.bitsPerSample = 32
        float.data = (0..<200).flatMap { le(Float(sin(Double($0) / 7)).bitPattern) }
        var chunky = WAVBuilder(bitsPerSample: 8)
        chunky.chunksBeforeFormat = [("JUNK", [1, 2, 3])]
        chunky.chunksBeforeData = [("LIST", Array("INFOIART\u{3}\0\0\0me".utf8))]
        chunky.data = (0..<257).map { UInt8($0 & 0xFF) }
        chunky.chunksAfterData = [("id3 ", [1, 2, 3, 4, 5])]
        return [plain.bytes, stereo24.bytes, float.bytes, chunky.bytes]
    }

    /// Offsets of size fields in the seeds' headers, where damage matters most.
    static let sizeFieldOffsets = [4, 16, 40, 52, 64]
    static let interestingSizes: [UInt32] = [0, 1, 2, 3, 15, 16, 17, 39, 40, 0x7FFF_F000, 0x8000_0000, 0xFFFF_FFFE, 0xFFFF_FFFF]

    static func mutate(_ seed: [UInt8], with random: inout SplitMix64) -> [UInt8] {
        var bytes = seed
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            switch Int.random(in: 0..<6, using: &random) {
            case 0:  // flip bits in the header area
                let index = Int.random(in: 0..<min(bytes.count, 80), using: &random)
                bytes[index] ^= UInt8.random(in: 1...255, using: &random)
            case 1:  // flip bits anywhere
                let index = Int.random(in: 0..<bytes.count, using: &random)
                bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &random)
            case 2:  // truncate
                bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
            case 3:  // rewrite a size field with something a broken writer might put there
                let offset = sizeFieldOffsets.randomElement(using: &random) ?? 4
                let value = Bool.random(using: &random)
                    ? interestingSizes.randomElement(using: &random) ?? 0 : UInt32.random(in: 0...UInt32.max, using: &random)
                for (index, byte) in le(value).enumerated() where offset + index < bytes.count {
                    bytes[offset + index] = byte
                }
            case 4:  // rewrite a 16-bit format field: tag, channels, block align, bits
                let offset = [20, 22, 32, 34].randomElement(using: &random) ?? 20
                let value = UInt16.random(in: 0...UInt16.max, using: &random) % (Bool.random(using: &random) ? 10 : 65_535)
                for (index, byte) in le(value).enumerated() where offset + index < bytes.count {
                    bytes[offset + index] = byte
                }
            default:  // splice in garbage
                let index = Int.random(in: 0...bytes.count, using: &random)
                bytes.insert(contentsOf: (0..<Int.random(in: 1...9, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }, at: index)
            }
            if bytes.isEmpty { break }
        }
        return bytes
    }

    @Test(.timeLimit(.minutes(2)))
    func mutatedFilesDecodeOrFailCleanly() throws {
        var random = SplitMix64(seed: 0x5EED_D1C7)
        let seeds = Self.seeds()
        let directory = try TemporaryDirectory()
        var decoded = 0
        var rejected = 0
        for iteration in 0..<3_000 {
            let bytes = Self.mutate(seeds[iteration % seeds.count], with: &random)
            let path = try directory.write(bytes, to: "fuzz.wav")
            let maxFrames = Int.random(in: 1...2_000, using: &random)
            let reader: any AudioReader
            do {
                reader = try AudioFileSource(path: path).open()
            } catch {
                #expect(error.code == .invalidAudio, "case \(iteration): \(error)")
                rejected += 1
                continue
            }
            defer { reader.close() }
            let (frames, error) = TestFixtures.readAll(reader, maxFrames: maxFrames)
            if let error {
                #expect(error.code == .invalidAudio, "case \(iteration): \(error)")
                rejected += 1
            } else {
                decoded += 1
            }
            // The smallest header is 44 bytes: RIFF, fmt and data chunk headers and a 16-byte format.
            let audioBytes = frames.reduce(0) { $0 + $1.frameCount } * reader.format.bytesPerFrame
            #expect(audioBytes <= bytes.count - 44, "case \(iteration): \(audioBytes) audio bytes from a \(bytes.count)-byte file")
            #expect(
                frames.allSatisfy { $0.samples.count % reader.format.channelCount == 0 && $0.samples.allSatisfy { (-1...1).contains($0) } },
                "case \(iteration)")
        }
        // Both outcomes must be common, or the mutations are too timid or too destructive to test much.
        #expect(decoded > 300 && rejected > 300, "decoded \(decoded), rejected \(rejected)")
    }
}
