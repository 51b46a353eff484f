import DictationKit
import DictationTestSupport
import Foundation
import Testing

@testable import DictationCapture

/// Every supported WAV encoding, made by sox from real speech, decodes to the same audio.
@Suite(.timeLimit(.minutes(25))) struct WAVDecodingTests {
    struct Variant: CustomTestStringConvertible, Sendable {
        var name: String
        var soxOutput: [String]
        var encoding: AudioFormat.SampleEncoding
        /// Rounding to fewer bits than the original's 16 loses at most half a step.
        var tolerance: Float
        var testDescription: String { name }
    }

    static let variants = [
        Variant(name: "8-bit unsigned", soxOutput: ["-b", "8", "-e", "unsigned"], encoding: .uint8, tolerance: 1.0 / 256 + 1e-6),
        Variant(name: "16-bit", soxOutput: ["-b", "16", "-e", "signed"], encoding: .int16, tolerance: 0),
        Variant(name: "24-bit extensible", soxOutput: ["-b", "24", "-e", "signed"], encoding: .int24, tolerance: 0),
        Variant(name: "24-bit plain", soxOutput: ["-t", "wavpcm", "-b", "24", "-e", "signed"], encoding: .int24, tolerance: 0),
        Variant(name: "32-bit extensible", soxOutput: ["-b", "32", "-e", "signed"], encoding: .int32, tolerance: 0),
        Variant(name: "32-bit float", soxOutput: ["-b", "32", "-e", "floating-point"], encoding: .float32, tolerance: 0),
        Variant(name: "64-bit float", soxOutput: ["-b", "64", "-e", "floating-point"], encoding: .float32, tolerance: 0),
        // Companded 8-bit: an error of at most a few per cent near full scale.
        Variant(name: "A-law", soxOutput: ["-e", "a-law"], encoding: .float32, tolerance: 0.04),
        Variant(name: "µ-law", soxOutput: ["-e", "mu-law"], encoding: .float32, tolerance: 0.04),
    ]

    @Test(arguments: variants)
    func encodingDecodesToTheOriginalSpeech(_ variant: Variant) throws {
        let original = try PocketSphinxTestData.goForward()
        let directory = try TemporaryDirectory()
        let path = directory.path("goforward.wav")
        try TestFixtures.sox(try TestFixtures.goforwardSoxInput() + variant.soxOutput + [path])

        let reader = try AudioFileSource(path: path).open()
        defer { reader.close() }
        #expect(reader.format == AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: variant.encoding))
        let duration = Double(original.count) / 16_000
        #expect(abs((reader.expectedDuration ?? 0) - duration) < 1e-9)

        let (frames, error) = TestFixtures.readAll(reader)
        #expect(error == nil)
        let samples = TestFixtures.samples(frames)
        #expect(samples.count == original.count)
        #expect(TestFixtures.maximumDifference(samples, PCM16.floats(original)) <= variant.tolerance)
        #expect(samples.allSatisfy { (-1...1).contains($0) })
        // Frames are back to back in stream time.
        var next = 0.0
        for frame in frames {
            #expect(abs(frame.startTime - next) < 1e-9)
            #expect(frame.sampleRate == 16_000 && frame.channelCount == 1)
            next += frame.duration
        }
    }

    @Test(arguments: [8_000, 22_050, 44_100, 48_000])
    func sampleRateIsKeptAndSamplesMatchSox(_ rate: Int) throws {
        let directory = try TemporaryDirectory()
        let wav = directory.path("resampled.wav")
        let reference = directory.path("reference.f32")
        try TestFixtures.sox(try TestFixtures.goforwardSoxInput() + ["-b", "16", "-e", "signed", wav, "rate", "\(rate)"])
        try TestFixtures.sox([wav, "-t", "raw", "-e", "floating-point", "-b", "32", "-L", reference])
        let expected = try Data(contentsOf: URL(fileURLWithPath: reference)).withUnsafeBytes { bytes in
            (0..<bytes.count / 4).map {
                Float(bitPattern: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self)))
            }
        }

        let (frames, error) = TestFixtures.readAll(AudioFileSource(path: wav))
        #expect(error == nil)
        #expect(frames.allSatisfy { $0.sampleRate == rate && $0.channelCount == 1 })
        let samples = TestFixtures.samples(frames)
        #expect(samples.count == expected.count)
        #expect(TestFixtures.maximumDifference(samples, expected) <= 1e-6)
        #expect(abs(Double(samples.count) / Double(rate) - 2.786) < 0.01)
    }

    @Test func stereoFromSoxKeepsChannelsInterleaved() throws {
        let original = try PocketSphinxTestData.goForward()
        let directory = try TemporaryDirectory()
        let path = directory.path("stereo.wav")
        // Left is the speech, right the speech at half volume and inverted.
        try TestFixtures.sox(try TestFixtures.goforwardSoxInput() + ["-b", "16", "-e", "signed", path, "remix", "1", "1v-0.5"])

        let (frames, error) = TestFixtures.readAll(AudioFileSource(path: path))
        #expect(error == nil)
        #expect(frames.allSatisfy { $0.channelCount == 2 })
        let samples = TestFixtures.samples(frames)
        #expect(samples.count == original.count * 2)
        let left = stride(from: 0, to: samples.count, by: 2).map { samples[$0] }
        let right = stride(from: 1, to: samples.count, by: 2).map { samples[$0] }
        let speech = PCM16.floats(original)
        #expect(TestFixtures.maximumDifference(left, speech) == 0)
        #expect(TestFixtures.maximumDifference(right, speech.map { -$0 / 2 }) <= 1.0 / 32_768 + 1e-6)
    }

    @Test func sixChannelsFromSoxAreDelivered() throws {
        let original = try TestFixtures.goforward(seconds: 0.5)
        let directory = try TemporaryDirectory()
        let path = directory.path("six.wav")
        try TestFixtures.sox(
            try TestFixtures.goforwardSoxInput() + ["-b", "16", "-e", "signed", path, "trim", "0", "0.5", "channels", "6"])
        let (frames, error) = TestFixtures.readAll(AudioFileSource(path: path))
        #expect(error == nil)
        let samples = TestFixtures.samples(frames)
        #expect(frames.allSatisfy { $0.channelCount == 6 })
        #expect(samples.count == original.count * 6)
        let fifth = stride(from: 4, to: samples.count, by: 6).map { samples[$0] }
        #expect(TestFixtures.maximumDifference(fifth, PCM16.floats(original)) == 0)
    }

    struct HandMade: CustomTestStringConvertible, Sendable {
        var name: String
        var tag: UInt16
        var bits: UInt16
        var extensible: Bool
        var data: [UInt8]
        var expected: [Float]
        var testDescription: String { name }
    }

    static let handMade = [
        HandMade(
            name: "uint8 extremes", tag: 1, bits: 8, extensible: false, data: [0, 128, 255], expected: [-1, 0, 127.0 / 128]),
        HandMade(
            name: "int16 extremes", tag: 1, bits: 16, extensible: false, data: [0x00, 0x80, 0xFF, 0x7F, 0xFF, 0xFF],
            expected: [-1, 32_767.0 / 32_768, -1.0 / 32_768]),
        HandMade(
            name: "int16 extensible", tag: 1, bits: 16, extensible: true, data: [0x00, 0x40, 0x00, 0xC0],
            expected: [0.5, -0.5]),
        HandMade(
            name: "int24 extremes", tag: 1, bits: 24, extensible: false,
            data: [0x00, 0x00, 0x80, 0xFF, 0xFF, 0x7F, 0x01, 0x00, 0x00],
            expected: [-1, 8_388_607.0 / 8_388_608, 1.0 / 8_388_608]),
        HandMade(
            name: "int32 extremes", tag: 1, bits: 32, extensible: false, data: [0, 0, 0, 0x80, 0, 0, 0, 0x40],
            expected: [-1, 0.5]),
        HandMade(
            name: "float32 clamped, NaN silenced", tag: 3, bits: 32, extensible: false,
            data: littleEndian(Float(0.25).bitPattern) + littleEndian(Float(2).bitPattern) + littleEndian(Float(-3).bitPattern)
                + littleEndian(Float.nan.bitPattern),
            expected: [0.25, 1, -1, 0]),
        HandMade(
            name: "float32 extensible", tag: 3, bits: 32, extensible: true,
            data: littleEndian(Float(-0.125).bitPattern) + littleEndian(Float(0.75).bitPattern), expected: [-0.125, 0.75]),
    ]

    @Test(arguments: handMade)
    func handMadeSamplesDecodeExactly(_ file: HandMade) throws {
        var builder = WAVBuilder(formatTag: file.tag, bitsPerSample: file.bits)
        builder.extensibleSubFormat = file.extensible ? file.tag : nil
        builder.data = file.data
        let directory = try TemporaryDirectory()
        let path = try directory.write(builder.bytes, to: "hand.wav")
        let (frames, error) = TestFixtures.readAll(AudioFileSource(path: path))
        #expect(error == nil)
        #expect(TestFixtures.samples(frames) == file.expected)
    }
}
