import DictationKit
import DictationTestSupport
import Foundation
import Testing

@testable import DictationCapture

/// Real-time pacing lets a file stand in for a microphone, and a stop cuts its waits short.
@Suite(.timeLimit(.minutes(25))) struct PacingTests {
    @Test func realTimeReadingWaitsForTheAudioToPlay() throws {
        let speech = try TestFixtures.goforward(seconds: 0.5)
        let directory = try TemporaryDirectory()
        let path = try directory.write(WAVBuilder.pcm16(speech), to: "half-second.wav")

        let reading = ThreadResult { TestFixtures.readAll(AudioFileSource(path: path, pacing: .realTime)) }
        // Not a timing assertion: a reader held to real time is seen waiting for its audio to
        // play before it has read the file through; an unpaced one reads it through at once.
        try waitUntil("the reader waits for its audio to play, or has read it all") {
            reading.isDone || reading.threadID.map(ThreadActivity.isWaiting) == true
        }
        #expect(!reading.isDone, "the reader read the file through without waiting for its audio to play")
        let (frames, error) = try #require(reading.wait(), "the reader never ended")
        #expect(error == nil)
        #expect(TestFixtures.samples(frames) == PCM16.floats(speech))
    }

    @Test func interruptCutsARealTimeWaitShort() throws {
        // At 1 kHz one maximal read is over a minute of audio, so only an interrupt ends it soon.
        let directory = try TemporaryDirectory()
        let path = try directory.write([UInt8](repeating: 0, count: 2 * 70_000), to: "slow.raw")
        let format = AudioFormat(sampleRate: 1_000, channelCount: 1, encoding: .int16)
        let handle = try ReaderBox(RawPCMFileSource(path: path, format: format, pacing: .realTime).open())
        defer { handle.reader.close() }
        let started = DispatchSemaphore(value: 0)
        let result = ThreadResult { () -> Bool in
            started.signal()
            return (try? handle.reader.read(maxFrames: .max)) == nil
        }
        started.wait()
        // The interrupt lands while the read waits for its audio to play.
        try waitUntil("the read waits for its audio to play") { result.threadID.map(ThreadActivity.isWaiting) == true }
        handle.reader.interrupt()
        #expect(result.wait(within: .seconds(30)) == true, "the interrupted read returns nil")
    }
}
