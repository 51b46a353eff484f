import DictationKit
import DictationTestSupport
import Foundation
import Testing

@testable import DictationCapture

/// Headers that lie, files that stop early, streams of unknown length and chunks to skip.
@Suite(.timeLimit(.minutes(25))) struct WAVStreamingTests {
    /// A 16-bit mono WAV of the first half second of goforward.
    static func speechWAV(_ change: (inout WAVBuilder) -> Void = { _ in }) throws -> (bytes: [UInt8], speech: [Int16]) {
        let speech = try TestFixtures.goforward(seconds: 0.5)
        var builder = WAVBuilder()
        builder.data = PCM16.bytes(speech)
        change(&builder)
        return (builder.bytes, speech)
    }

    static func read(_ bytes: [UInt8], maxFrames: Int = 1_600) throws -> (
        reader: (any AudioReader)?, frames: [AudioFrame], error: DictationError?
    ) {
        let directory = try TemporaryDirectory()
        let path = try directory.write(bytes, to: "stream.wav")
        let reader = try AudioFileSource(path: path).open()
        defer { reader.close() }
        let (frames, error) = TestFixtures.readAll(reader, maxFrames: maxFrames)
        return (reader, frames, error)
    }

    @Test func truncatedFileDeliversEveryWholeFrameThenFails() throws {
        let (bytes, speech) = try Self.speechWAV()
        // Cut in the middle of a sample: the half sample is dropped, the rest delivered.
        let kept = 44 + 2 * 3_001 + 1
        let (reader, frames, error) = try Self.read(Array(bytes.prefix(kept)))
        #expect(reader?.expectedDuration == 3_001.0 / 16_000, "the length of what is there")
        #expect(TestFixtures.samples(frames) == PCM16.floats(Array(speech.prefix(3_001))))
        let missing = speech.count * 2 - (kept - 44)
        #expect(error?.code == .invalidAudio)
        #expect(error?.message.contains("ends \(missing) bytes before its header says it should") == true)
    }

    @Test func truncationIsReportedOnceAndThenTheReaderEnds() throws {
        let (bytes, _) = try Self.speechWAV()
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array(bytes.prefix(44 + 3_200)), to: "cut.wav")
        let reader = try AudioFileSource(path: path).open()
        defer { reader.close() }
        // Exactly one full read's worth is there: the frames come first, the error on the next read.
        #expect(try reader.read(maxFrames: 1_600)?.frameCount == 1_600)
        #expect(throws: DictationError.self) { try reader.read(maxFrames: 1_600) }
        #expect(try reader.read(maxFrames: 1_600) == nil)
    }

    @Test func riffSizeLargerThanTheFileIsIgnored() throws {
        let (bytes, speech) = try Self.speechWAV { $0.riffSize = 0x4000_0000 }
        let (reader, frames, error) = try Self.read(bytes)
        #expect(error == nil)
        #expect(TestFixtures.samples(frames) == PCM16.floats(speech))
        #expect(reader?.expectedDuration == 0.5)
    }

    @Test func dataSizeLargerThanTheFileDeliversAllThenSaysSo() throws {
        // 1 GiB claimed, 16 kB there: nothing may be allocated for the claim. (From 0x7F000000 up
        // a size is a streaming writer's placeholder, below.)
        let (bytes, speech) = try Self.speechWAV { $0.dataSize = 0x4000_0000 }
        let (reader, frames, error) = try Self.read(bytes, maxFrames: .max)
        #expect(TestFixtures.samples(frames) == PCM16.floats(speech))
        #expect(reader?.expectedDuration == 0.5, "the length of what is there")
        #expect(error?.code == .invalidAudio)
        #expect(error?.message.contains("ends \(0x4000_0000 - speech.count * 2) bytes before") == true)
    }

    @Test(arguments: [UInt32.max, 0x7FFF_F000, 0x7FFF_FFFF])
    func streamingPlaceholderSizeReadsToTheEnd(_ size: UInt32) throws {
        let (bytes, speech) = try Self.speechWAV {
            $0.dataSize = size
            $0.riffSize = size
        }
        let (reader, frames, error) = try Self.read(bytes)
        #expect(error == nil)
        #expect(TestFixtures.samples(frames) == PCM16.floats(speech))
        #expect(reader?.expectedDuration == 0.5, "the length of what is there")
    }

    @Test func soxWritingToAPipeIsReadToTheEnd() throws {
        // sox can't seek back on a pipe and leaves its placeholder size in the header.
        let speech = try PocketSphinxTestData.goForward()
        let directory = try TemporaryDirectory()
        let path = directory.path("piped.wav")
        let script =
            "cat \(try PocketSphinxTestData.path("goforward.raw")) | sox -t raw -r 16000 -c 1 -e signed -b 16 -L - -t wav - > \(path)"
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", script]
        try shell.run()
        shell.waitUntilExit()
        try #require(shell.terminationStatus == 0, "sox failed; install the Debian package sox")
        let (frames, error) = TestFixtures.readAll(AudioFileSource(path: path))
        #expect(error == nil)
        #expect(TestFixtures.samples(frames) == PCM16.floats(speech))
    }

    @Test func oddSizedUnknownChunksAreSkippedWithTheirPadByte() throws {
        let (bytes, speech) = try Self.speechWAV {
            $0.chunksBeforeFormat = [("JUNK", [1, 2, 3])]
            $0.chunksBeforeData = [("LIST", Array("INFOISFT\u{5}\0\0\0sox!".utf8)), ("odd ", [9])]
            $0.chunksAfterData = [("LIST", Array(repeating: 0x41, count: 101))]
        }
        let (reader, frames, error) = try Self.read(bytes)
        #expect(error == nil)
        #expect(TestFixtures.samples(frames) == PCM16.floats(speech), "chunks after the data are not audio")
        #expect(reader?.expectedDuration == 0.5)
    }

    @Test func oddSizedDataChunkDropsTheHalfFrame() throws {
        var builder = WAVBuilder(bitsPerSample: 16)
        builder.data = [0x00, 0x40, 0x00, 0xC0, 0x7F]
        builder.chunksAfterData = [("LIST", [1, 2, 3, 4])]
        let (_, frames, error) = try Self.read(builder.bytes)
        #expect(error == nil)
        #expect(TestFixtures.samples(frames) == [0.5, -0.5])
    }

    @Test func longFormatChunkIsSkippedPastItsExtraBytes() throws {
        let (bytes, speech) = try Self.speechWAV {
            $0.formatBody = $0.standardFormatBody + littleEndian(UInt16(6)) + [1, 2, 3, 4, 5, 6, 7]
        }
        let (_, frames, error) = try Self.read(bytes)
        #expect(error == nil)
        #expect(TestFixtures.samples(frames) == PCM16.floats(speech))
    }

    @Test func rf64TakesItsSizeFromTheDS64Chunk() throws {
        let (_, speech) = try Self.speechWAV()
        let dataBytes = UInt64(speech.count * 2)
        let ds64 =
            littleEndian(UInt32(0xFFFF_FFFF)) + littleEndian(UInt32(0)) + littleEndian(UInt32(dataBytes))
            + littleEndian(UInt32(0)) + littleEndian(UInt64(0)) + littleEndian(UInt32(0))
        let (bytes, _) = try Self.speechWAV {
            $0.riffID = "RF64"
            $0.riffSize = UInt32.max
            $0.dataSize = UInt32.max
            $0.chunksBeforeFormat = [("ds64", ds64)]
            $0.chunksAfterData = [("LIST", [1, 2, 3, 4])]
        }
        let (reader, frames, error) = try Self.read(bytes)
        #expect(error == nil)
        #expect(TestFixtures.samples(frames) == PCM16.floats(speech))
        #expect(reader?.expectedDuration == 0.5)
    }

    @Test func emptyDataChunkEndsAtOnce() throws {
        let (_, frames, error) = try Self.read(WAVBuilder().bytes)
        #expect(error == nil)
        #expect(frames.isEmpty)
    }

    @Test(arguments: [0, 1, 7, 1_600, Int.max])
    func anyMaxFramesIsHonouredWithinReason(_ maxFrames: Int) throws {
        let (bytes, speech) = try Self.speechWAV()
        let (_, frames, error) = try Self.read(bytes, maxFrames: maxFrames)
        #expect(error == nil)
        #expect(frames.allSatisfy { $0.frameCount <= max(maxFrames, 1) })
        #expect(TestFixtures.samples(frames) == PCM16.floats(speech))
    }
}
