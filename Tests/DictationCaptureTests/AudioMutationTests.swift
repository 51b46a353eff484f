import DictationKit
import DictationTestSupport
import DictationTesting
import Foundation
import Testing

@testable import DictationCapture

/// Ten thousand and more deterministically damaged audio files of every format the reader knows,
/// through the in-memory source: each yields audio or fails with `invalidAudio`, never crashes or
/// hangs. The seeds are the fuzzer's corpus (`Fuzz/corpus`): 0.3 s of goforward as WAV (PCM16,
/// float, 24-bit extensible, µ-law, A-law), FLAC, Ogg Vorbis, Opus, MP3, AIFF and AU.
@Suite(.timeLimit(.minutes(25))) struct AudioMutationTests {
    static let corpus = RepositoryFiles.url("Fuzz/corpus")

    static func seeds() throws -> [(name: String, bytes: [UInt8])] {
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
        return try names.map { ($0, Array(try Data(contentsOf: corpus.appendingPathComponent($0)))) }
    }

    /// Sizes a broken or hostile writer puts in a header field.
    static let absurdSizes: [UInt32] = [
        0, 1, 2, 3, 7, 8, 15, 16, 17, 0x7F00_0000, 0x7FFF_F000, 0x8000_0000, 0xFFFF_FFFE, 0xFFFF_FFFF,
    ]

    /// One mutation, picked at random: what damage in storage or transit, and a fuzzer, do.
    static func mutate(_ seed: [UInt8], others: [[UInt8]], with random: inout SplitMix64) -> (kind: String, bytes: [UInt8]) {
        var bytes = seed
        let kind = Int.random(in: 0..<8, using: &random)
        switch kind {
        case 0:  // flip bits, mostly in the header
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let limit = Bool.random(using: &random) ? min(bytes.count, 128) : bytes.count
                bytes[Int.random(in: 0..<limit, using: &random)] ^= 1 << UInt8.random(in: 0..<8, using: &random)
            }
            return ("bit flips", bytes)
        case 1:  // overwrite bytes anywhere
            for _ in 0..<Int.random(in: 1...16, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            return ("byte overwrites", bytes)
        case 2:  // cut off
            return ("truncation", Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random))))
        case 3:  // an absurd 32-bit size in the header, either byte order
            let offset = Int.random(in: 0..<min(bytes.count - 4, 96), using: &random)
            let value =
                Bool.random(using: &random)
                ? absurdSizes.randomElement(using: &random)! : UInt32.random(in: 0...UInt32.max, using: &random)
            let field = Bool.random(using: &random) ? littleEndian(value) : littleEndian(value.byteSwapped)
            bytes.replaceSubrange(offset..<offset + 4, with: field)
            return ("absurd size", bytes)
        case 4:  // a 16-bit header field (channels, bits, format tag) set to anything
            let offset = Int.random(in: 0..<min(bytes.count - 2, 64), using: &random)
            let value = UInt16.random(in: 0...UInt16.max, using: &random) % (Bool.random(using: &random) ? 12 : 65_535)
            bytes.replaceSubrange(offset..<offset + 2, with: [UInt8(value & 0xFF), UInt8(value >> 8)])
            return ("header field", bytes)
        case 5:  // the wrong format: one file's head on another's body
            let other = others.randomElement(using: &random)!
            let cut = Int.random(in: 4...min(200, other.count), using: &random)
            let rest = Int.random(in: 0..<bytes.count, using: &random)
            return ("wrong format", Array(other.prefix(cut)) + Array(bytes[rest...]))
        case 6:  // garbage spliced in, or a piece repeated
            let index = Int.random(in: 0...bytes.count, using: &random)
            if Bool.random(using: &random) {
                let garbage = (0..<Int.random(in: 1...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                bytes.insert(contentsOf: garbage, at: index)
            } else {
                let start = Int.random(in: 0..<bytes.count, using: &random)
                bytes.insert(contentsOf: bytes[start..<min(bytes.count, start + 512)], at: index)
            }
            return ("splice", bytes)
        default:  // random bytes, behind a real magic number half the time
            let noise = (0..<Int.random(in: 0...2_048, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            return ("random bytes", Bool.random(using: &random) ? Array(seed.prefix(4)) + noise : noise)
        }
    }

    /// The most samples any input may yield: far more than any seed or mutation holds, far fewer
    /// than a reader that never ends would hand out.
    static let sampleCap = 20_000_000

    @Test(.timeLimit(.minutes(25)))
    func mutatedFilesOfEveryFormatDecodeOrFailWithInvalidAudio() throws {
        let seed: UInt64 = 0xA0D1_0F11_E5
        var random = SplitMix64(seed: seed)
        let seeds = try Self.seeds()
        try #require(seeds.count >= 11, "the seed corpus \(Self.corpus.path) is missing files")
        let count = 11_000
        var decoded = 0
        var rejected: [String: Int] = [:]
        var kinds: [String: Int] = [:]
        for iteration in 0..<count {
            let (name, original) = seeds[iteration % seeds.count]
            let (kind, bytes) = Self.mutate(original, others: seeds.map(\.bytes), with: &random)
            kinds[kind, default: 0] += 1
            let context = "input \(iteration) (\(kind) of \(name), seed \(seed))"
            let reader: any AudioReader
            do {
                reader = try AudioDataSource(bytes: bytes).open()
            } catch {
                #expect(error.code == .invalidAudio, "\(context): \(error)")
                rejected[name, default: 0] += 1
                continue
            }
            defer { reader.close() }
            var samples = 0
            var ended = false
            while samples < Self.sampleCap {
                do {
                    guard let frame = try reader.read(maxFrames: Int.random(in: 1...4_096, using: &random)) else {
                        ended = true
                        break
                    }
                    samples += frame.samples.count
                    #expect(frame.samples.count == frame.frameCount * reader.format.channelCount, "\(context)")
                    #expect(frame.samples.allSatisfy { (-1...1).contains($0) }, "\(context)")
                } catch {
                    #expect(error.code == .invalidAudio, "\(context): \(error)")
                    ended = true
                    break
                }
            }
            #expect(ended, "\(context): the reader handed out \(samples) samples and never ended")
            decoded += 1
        }
        print(
            "AudioMutationTests: \(count) mutated inputs from seed \(seed): \(decoded) opened, rejected per seed \(rejected.sorted { $0.key < $1.key }), mutations \(kinds.sorted { $0.key < $1.key })"
        )
        // Both outcomes must be common, or the mutations are too timid or too destructive to test much.
        #expect(decoded > 1_000 && rejected.values.reduce(0, +) > 1_000, "opened \(decoded), rejected \(rejected)")
    }
}
