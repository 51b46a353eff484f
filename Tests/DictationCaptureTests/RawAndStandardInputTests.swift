import DictationKit
import DictationTestSupport
import Foundation
import Testing

@testable import DictationCapture

#if canImport(Glibc)
    import Glibc
#endif

/// Headerless PCM files, and standard input (through a pipe of the test's own) as WAV or raw.
@Suite(.timeLimit(.minutes(25))) struct RawAndStandardInputTests {
    @Test func goforwardRawDecodesAtItsKnownFormat() throws {
        let speech = try PocketSphinxTestData.goForward()
        let reader = try RawPCMFileSource(path: try PocketSphinxTestData.path("goforward.raw"), format: .recognizer).open()
        defer { reader.close() }
        #expect(reader.format == .recognizer)
        #expect(reader.expectedDuration == Double(speech.count) / 16_000)
        let (frames, error) = TestFixtures.readAll(reader)
        #expect(error == nil)
        #expect(TestFixtures.samples(frames) == PCM16.floats(speech))
        #expect(frames.dropLast().allSatisfy { $0.frameCount == 1_600 })
    }

    @Test func rawStereo24BitWithATrailingPartialFrame() throws {
        let directory = try TemporaryDirectory()
        // Two frames of (left, right) and then 4 stray bytes.
        let bytes: [UInt8] = [0, 0, 0x40, 0, 0, 0xC0, 0xFF, 0xFF, 0x7F, 0, 0, 0x80, 1, 2, 3, 4]
        let path = try directory.write(bytes, to: "stereo.pcm")
        let format = AudioFormat(sampleRate: 8_000, channelCount: 2, encoding: .int24)
        let (frames, error) = TestFixtures.readAll(RawPCMFileSource(path: path, format: format))
        #expect(error == nil)
        #expect(TestFixtures.samples(frames) == [0.5, -0.5, 8_388_607.0 / 8_388_608, -1])
        #expect(frames.allSatisfy { $0.channelCount == 2 && $0.sampleRate == 8_000 })
    }

    @Test(arguments: [
        (AudioFormat(sampleRate: 0, channelCount: 1, encoding: .int16), "0 Hz"),
        (AudioFormat(sampleRate: 16_000, channelCount: 0, encoding: .int16), "0 channels"),
        (AudioFormat(sampleRate: 5_000_000, channelCount: 1, encoding: .int16), "outside"),
    ])
    func impossibleRawFormatIsRejected(_ format: AudioFormat, _ fragment: String) {
        let error = #expect(throws: DictationError.self) {
            try RawPCMFileSource(path: try PocketSphinxTestData.path("goforward.raw"), format: format).open()
        }
        #expect(error?.code == .invalidAudio)
        #expect(error?.message.contains(fragment) == true)
    }

    @Test func missingRawFileSaysItDoesNotExist() {
        let error = #expect(throws: DictationError.self) {
            try RawPCMFileSource(path: "/nonexistent/a.raw", format: .recognizer).open()
        }
        #expect(error?.code == .invalidAudio)
        #expect(error?.message.contains("doesn't exist") == true)
    }

    // MARK: - Standard input

    /// Reads `bytes` through a pipe, written by another thread as a producer process would.
    static func readThroughPipe(
        _ bytes: [UInt8], rawFormat: AudioFormat? = nil
    ) throws -> (format: AudioFormat?, expectedDuration: Double?, frames: [AudioFrame], error: DictationError?) {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let writing = Thread {
            writer.write(Data(bytes))
            try? writer.close()
        }
        writing.start()
        defer { try? pipe.fileHandleForReading.close() }
        let source = StandardInputSource(descriptor: pipe.fileHandleForReading.fileDescriptor, rawFormat: rawFormat)
        let reader: any AudioReader
        do {
            reader = try source.open()
        } catch {
            return (nil, nil, [], error)
        }
        defer { reader.close() }
        let (frames, error) = TestFixtures.readAll(reader)
        return (reader.format, reader.expectedDuration, frames, error)
    }

    @Test func wavOnStandardInputIsParsed() throws {
        // Longer than a pipe's buffer, so the reader really waits for the writer.
        let speech = try PocketSphinxTestData.goForward()
        var builder = WAVBuilder(channels: 1, sampleRate: 16_000)
        builder.data = PCM16.bytes(speech)
        builder.chunksBeforeData = [("LIST", [1, 2, 3])]
        let result = try Self.readThroughPipe(builder.bytes)
        #expect(result.error == nil)
        #expect(result.format == .recognizer)
        #expect(result.expectedDuration == nil, "a pipe's length is unknown until it ends")
        #expect(TestFixtures.samples(result.frames) == PCM16.floats(speech))
    }

    @Test func truncatedWAVOnStandardInputDeliversThenFails() throws {
        let speech = try TestFixtures.goforward(seconds: 0.5)
        let result = try Self.readThroughPipe(Array(WAVBuilder.pcm16(speech).dropLast(100)))
        #expect(TestFixtures.samples(result.frames) == PCM16.floats(Array(speech.dropLast(50))))
        #expect(result.error?.message.contains("standard input ends 100 bytes before") == true)
    }

    @Test func rawOnStandardInputDefaultsToSixteenKilohertzMono() throws {
        let speech = try PocketSphinxTestData.goForward()
        let result = try Self.readThroughPipe(PCM16.bytes(speech))
        #expect(result.error == nil)
        #expect(result.format == .recognizer)
        #expect(TestFixtures.samples(result.frames) == PCM16.floats(speech))
    }

    @Test func rawOnStandardInputInTheGivenFormat() throws {
        let format = AudioFormat(sampleRate: 8_000, channelCount: 2, encoding: .uint8)
        let result = try Self.readThroughPipe([0, 255, 128, 64, 7], rawFormat: format)
        #expect(result.error == nil)
        #expect(result.format == format)
        #expect(TestFixtures.samples(result.frames) == [-1, 127.0 / 128, 0, -0.5])
    }

    @Test func rawThatLooksLikeAnMPEGSyncIsStillRaw() throws {
        // -1, -5: quiet PCM begins with 0xFF 0xFF 0xFB 0xFF, which an MPEG sniffer would claim.
        let result = try Self.readThroughPipe([0xFF, 0xFF, 0xFB, 0xFF])
        #expect(result.error == nil)
        #expect(TestFixtures.samples(result.frames) == [-1.0 / 32_768, -5.0 / 32_768])
    }

    @Test(arguments: [
        ([UInt8](), "standard input is empty"),
        (Array("fLaC\0\0\0\u{22}".utf8), "standard input is not in an audio format"),
        (Array("OggS\0\u{2}".utf8), "standard input is not in an audio format"),
        (Array("ID3\u{4}\0\0".utf8), "standard input is not in an audio format"),
        (Array("RIFF\u{4}\0\0\0WAVE".utf8), "No 'data' chunk"),
    ])
    func unusableStandardInputIsRejected(_ bytes: [UInt8], _ fragment: String) throws {
        let result = try Self.readThroughPipe(bytes)
        #expect(result.error?.code == .invalidAudio)
        #expect(result.error?.message.contains(fragment) == true, "\(String(describing: result.error))")
    }

    @Test func redirectedFileOnStandardInputKnowsItsLength() throws {
        let speech = try TestFixtures.goforward(seconds: 0.5)
        let directory = try TemporaryDirectory()
        let path = try directory.write(WAVBuilder.pcm16(speech), to: "redirect.wav")
        let handle = try #require(FileHandle(forReadingAtPath: path))
        defer { try? handle.close() }
        let reader = try StandardInputSource(descriptor: handle.fileDescriptor).open()
        defer { reader.close() }
        #expect(reader.expectedDuration == 0.5)
        #expect(TestFixtures.samples(TestFixtures.readAll(reader).frames) == PCM16.floats(speech))
    }

    @Test func aWAVWrittenAtRealTimeWithItsTrueLengthOpensBeforeItsAudioIsAllThere() throws {
        let pipe = Pipe()
        defer {
            try? pipe.fileHandleForWriting.close()
            try? pipe.fileHandleForReading.close()
        }
        // A recording of 4 s whose header says so, of which only the first half second has come
        // (a producer that knows the length, writing at real time). libsndfile seeks towards the
        // end while opening; a pipe's read-ahead for that seek must not wait for the rest.
        let speech = try TestFixtures.goforward(seconds: 4)
        let whole = WAVBuilder.pcm16(speech)
        let firstHalfSecond = 44 + 2 * 8_000
        pipe.fileHandleForWriting.write(Data(whole.prefix(firstHalfSecond)))
        let source = StandardInputSource(descriptor: pipe.fileHandleForReading.fileDescriptor)
        let opened = ThreadResult { () -> [Float]? in
            guard let reader = try? source.open() else { return nil }
            defer { reader.close() }
            var samples: [Float] = []
            while samples.count < 8_000, let frame = try? reader.read(maxFrames: 8_000 - samples.count) {
                samples += frame.samples
            }
            return samples
        }
        let heard = try #require(
            opened.wait(within: .seconds(60)), "the first half second was read while the rest had not come")
        #expect(heard == Optional(PCM16.floats(Array(speech.prefix(8_000)))))
    }

    @Test func interruptWakesAReadWaitingOnAQuietPipe() throws {
        let pipe = Pipe()
        defer {
            try? pipe.fileHandleForWriting.close()
            try? pipe.fileHandleForReading.close()
        }
        // A header and a little audio, then silence on the pipe as from a live recorder.
        var builder = WAVBuilder()
        builder.data = PCM16.bytes([Int16](repeating: 1_000, count: 100))
        builder.dataSize = 0x7FFF_F000
        pipe.fileHandleForWriting.write(Data(builder.bytes))

        let source = StandardInputSource(descriptor: pipe.fileHandleForReading.fileDescriptor)
        let handle = try ReaderBox(source.open())
        defer { handle.reader.close() }
        let firstReadDone = DispatchSemaphore(value: 0)
        let result = ThreadResult { () -> Int in
            let first = try? handle.reader.read(maxFrames: 50)
            firstReadDone.signal()
            guard first?.frameCount == 50 else { return -3 }
            // This read wants more than the pipe holds, so it waits for bytes that never come.
            do {
                return try handle.reader.read(maxFrames: 1_600)?.frameCount ?? -1
            } catch {
                return -2
            }
        }
        firstReadDone.wait()
        // The interrupt lands while the second read waits in poll(2) for bytes that never come.
        try waitUntil("the second read waits on the quiet pipe") { result.threadID.map(ThreadActivity.isWaiting) == true }
        handle.reader.interrupt()
        #expect(result.wait(within: .seconds(30)) == -1, "an interrupted read returns nil")
    }
}

/// Hands a reader to another thread in a test; only one thread uses it at a time, and
/// `interrupt()` is thread-safe by the ``AudioReader`` contract.
final class ReaderBox: @unchecked Sendable {
    let reader: any AudioReader
    init(_ reader: any AudioReader) { self.reader = reader }
}
