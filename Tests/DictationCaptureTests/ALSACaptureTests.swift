import DictationKit
import DictationTestSupport
import Foundation
import Testing

@testable import DictationCapture

#if canImport(Glibc)
    import Glibc
#endif

/// Real capture through libasound: ALSA's `file` plugin feeds a FIFO or a file through the same
/// calls a microphone goes through (open, hardware parameters, poll, `snd_pcm_readi`, close).
@Suite(.timeLimit(.minutes(25))) struct ALSACaptureTests {
    /// What a live capture through a FIFO delivered.
    struct LiveCapture {
        var format: AudioFormat
        var periodFrames: Int
        /// The bytes written, padded to whole periods.
        var written: [UInt8]
        var frames: [AudioFrame]
        var error: DictationError?
    }

    /// Opens a FIFO-fed PCM, writes `bytes` into it while another thread reads the way a session
    /// does, then stops as a session does: interrupt once everything is captured, read to `nil`, close.
    static func captureLive(
        _ bytes: [UInt8], bench: ALSATestBench, slave: String = "\"null\"", preferredSampleRate: Int = 16_000
    ) throws -> LiveCapture {
        let fifo = try FIFOWriter(path: bench.directory.path("mic-\(UUID().uuidString).fifo"))
        let pcm = ALSATestPCM(name: ALSATestBench.uniqueName("live"), infile: fifo.path, slave: slave)
        let handle = try ReaderBox(bench.source(pcm, preferredSampleRate: preferredSampleRate).open())
        let live = try #require(handle.reader.live)
        let periodBytes = live.periodFrames * live.format.bytesPerFrame
        // Whole periods in atomic writes, so every read of the plugin gets exactly one period.
        try #require(periodBytes > 0 && periodBytes <= 4_096, "a period of \(periodBytes) bytes can't be written atomically")
        let written = bytes + [UInt8](repeating: 0, count: (periodBytes - bytes.count % periodBytes) % periodBytes)
        let expectedFrames = written.count / live.format.bytesPerFrame

        let reading = ThreadResult { TestFixtures.readAll(handle.reader, maxFrames: 1_600) }
        try fifo.write(written, chunkBytes: 4_096 / periodBytes * periodBytes)
        try waitUntil("the audio is captured") { live.channel.statistics.capturedFrames >= expectedFrames }
        handle.reader.interrupt()
        // The capture thread now waits in the plugin's read(2) of the FIFO, which no interrupt can
        // reach; end-of-file releases it, and the silence that read returns comes after the stop.
        fifo.close()
        let result = try #require(reading.wait(within: .seconds(60)), "the reader never ended")
        handle.reader.close()
        #expect(live.channel.statistics.captureEnded)
        #expect(OpenFiles.count(of: fifo.path) == 0, "close() closed the device")
        return LiveCapture(
            format: live.format, periodFrames: live.periodFrames, written: written, frames: result.frames,
            error: result.error)
    }

    @Test func goforwardArrivesSampleForSample() throws {
        let bench = try ALSATestBench()
        let speech = try PocketSphinxTestData.goForward()
        let capture = try Self.captureLive(PCM16.bytes(speech), bench: bench)

        #expect(capture.format == AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .int16))
        #expect((1...320).contains(capture.periodFrames), "a period of at most 20 ms")
        #expect(capture.error == nil)
        let padding = [Int16](repeating: 0, count: capture.written.count / 2 - speech.count)
        #expect(TestFixtures.samples(capture.frames) == PCM16.floats(speech + padding))
        #expect(capture.frames.allSatisfy { $0.frameCount <= 1_600 && $0.sampleRate == 16_000 && $0.channelCount == 1 })
        var next = 0.0
        for frame in capture.frames {
            #expect(abs(frame.startTime - next) < 1e-9)
            next += frame.duration
        }
        #expect(capture.frames.allSatisfy { $0.captureTime != nil }, "live audio carries its capture time")
    }

    @Test func deviceThatOnlyHasFloatIsReadAsFloat() throws {
        // lfloat over a 32-bit null device accepts only float formats from its client.
        let bench = try ALSATestBench()
        let speech = PCM16.floats(try TestFixtures.goforward(seconds: 1))
        let bytes = speech.flatMap { value -> [UInt8] in
            let bits = value.bitPattern
            return (0..<4).map { UInt8(truncatingIfNeeded: bits >> ($0 * 8)) }
        }
        let capture = try Self.captureLive(
            bytes, bench: bench, slave: "{ type lfloat slave { pcm \"null\" format S32_LE } }")
        #expect(capture.format.encoding == .float32)
        #expect(capture.error == nil)
        let padding = [Float](repeating: 0, count: capture.written.count / 4 - speech.count)
        #expect(TestFixtures.samples(capture.frames) == speech + padding)
    }

    @Test func preferredRateIsUsedWhenTheDeviceHasIt() throws {
        let bench = try ALSATestBench()
        let samples = try TestFixtures.goforward(seconds: 0.5)
        let capture = try Self.captureLive(PCM16.bytes(samples), bench: bench, preferredSampleRate: 44_100)
        #expect(capture.format.sampleRate == 44_100)
        #expect((1...882).contains(capture.periodFrames))
        #expect(TestFixtures.samples(capture.frames).prefix(samples.count) == PCM16.floats(samples)[...])
    }

    @Test func interruptHandsOverWhatWasCapturedThenEnds() throws {
        let bench = try ALSATestBench()
        let fifo = try FIFOWriter(path: bench.directory.path("mic.fifo"))
        let pcm = ALSATestPCM(name: ALSATestBench.uniqueName("queued"), infile: fifo.path)
        let reader = try bench.source(pcm).open()
        let live = try #require(reader.live)
        let speech = try TestFixtures.goforward(seconds: 1)

        // Captured while nobody reads: the session may still be loading its recognizer.
        try fifo.write(PCM16.bytes(speech), chunkBytes: 640 * 6)
        try waitUntil("a second is captured") { live.channel.statistics.capturedFrames >= 16_000 }
        reader.interrupt()
        fifo.close()
        let (frames, error) = TestFixtures.readAll(reader)
        #expect(error == nil)
        #expect(TestFixtures.samples(frames) == PCM16.floats(speech), "all of it, and nothing after the stop")
        #expect(try reader.read(maxFrames: 100) == nil)
        reader.close()
        #expect(live.channel.statistics.captureEnded)
        #expect(OpenFiles.count(of: fifo.path) == 0)
    }

    @Test func interruptEndsABlockedRead() throws {
        let bench = try ALSATestBench()
        let fifo = try FIFOWriter(path: bench.directory.path("quiet.fifo"))
        let pcm = ALSATestPCM(name: ALSATestBench.uniqueName("quiet"), infile: fifo.path)
        let handle = try ReaderBox(bench.source(pcm).open())
        let result = ThreadResult { () -> Bool in (try? handle.reader.read(maxFrames: 1_600)) == nil }
        // Whether the interrupt comes before or during the wait, the read must return nil.
        handle.reader.interrupt()
        #expect(result.wait(within: .seconds(30)) == true)
        fifo.close()
        handle.reader.close()
        #expect(handle.reader.live?.channel.statistics.captureEnded == true, "no capture thread is left")
        #expect(OpenFiles.count(of: fifo.path) == 0, "the device is closed when close() returns")
    }

    @Test func deviceFailingMidStreamDeliversItsAudioThenDisconnects() throws {
        // The file plugin copies what it captures to its output file and fails the read with EIO
        // when that write fails: with /dev/full that happens once a buffer of audio is captured.
        let bench = try ALSATestBench()
        let (infile, speech) = try bench.goforwardFile()
        let pcm = ALSATestPCM(name: ALSATestBench.uniqueName("failing"), infile: infile, outfile: "/dev/full")
        let source = try bench.source(pcm)
        let (frames, error) = TestFixtures.readAll(source)
        let delivered = TestFixtures.samples(frames)
        #expect(!delivered.isEmpty, "the audio before the failure is delivered")
        #expect(delivered == PCM16.floats(Array(speech.prefix(delivered.count))))
        #expect(error?.code == .deviceDisconnected)
        #expect(error?.isFatal == true)
        #expect(error?.message.contains(pcm.name) == true)
        #expect(error?.message.contains(ALSAError.text(-Int(EIO))) == true, "\(String(describing: error))")
        #expect(OpenFiles.count(of: infile) == 0)
    }

    @Test func slowReaderKeepsTheSpeechThroughAFloodOfSilenceAndReportsItOnce() throws {
        // The plugin delivers as fast as it is read and never ends (silence after the file): 2.2 s
        // of speech, then silence, into a one-second buffer nobody reads until ten seconds of
        // silence have come. The oldest speech goes while the speech pours in; then only silence.
        let bench = try ALSATestBench()
        let (infile, speech) = try bench.goforwardFile(frames: 35_200)
        let pcm = ALSATestPCM(name: ALSATestBench.uniqueName("flood"), infile: infile)
        let reader = try bench.source(pcm, bufferSeconds: 1).open()
        let live = try #require(reader.live)
        try waitUntil("ten seconds of silence are captured") { live.channel.statistics.capturedFrames >= speech.count + 160_000 }
        #expect(reader.takeLosses().isEmpty, "one open episode, however many drops")
        reader.interrupt()
        let (frames, error) = TestFixtures.readAll(reader)
        reader.close()
        #expect(error == nil)
        let statistics = live.channel.statistics
        let delivered = frames.reduce(0) { $0 + $1.frameCount }
        #expect(delivered > 0 && delivered <= 16_000, "at most the buffer's second")
        #expect(statistics.capturedFrames == delivered + statistics.droppedFrames, "every frame delivered or counted")
        let source = speech + [Int16](repeating: 0, count: statistics.capturedFrames - speech.count)
        let (kept, mismatched) = TestFixtures.place(frames, in: source)
        #expect(mismatched == 0, "every frame is the device's audio at its place in the stream")
        #expect((kept.first?.lowerBound ?? 0) > 0, "the oldest speech went")
        #expect((kept.first?.lowerBound ?? .max) < speech.count - 4_800, "the newest speech outlived the silence after it")
        #expect(statistics.droppedLoudFrames > 0 && statistics.droppedLoudFrames < statistics.droppedFrames)

        let losses = reader.takeLosses()
        #expect(losses.map(\.droppedFrames) == [statistics.droppedFrames], "one report: \(losses)")
        #expect(losses.first?.device == pcm.name)
        #expect(OpenFiles.count(of: infile) == 0)
    }
}
