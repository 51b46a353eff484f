import DictationKit
import Foundation
import Testing

@testable import DictationCapture

/// Real-time pacing lets a file stand in for a microphone, and a stop cuts its waits short.
@Suite(.timeLimit(.minutes(25))) struct PacingTests {
    @Test func realTimeReadingTakesAtLeastTheAudioDuration() throws {
        let speech = try TestFixtures.goforward(seconds: 0.5)
        let directory = try TemporaryDirectory()
        let path = try directory.write(TestFixtures.wavBytes(speech), to: "half-second.wav")

        let clock = ContinuousClock()
        let start = clock.now
        let (frames, error) = TestFixtures.readAll(AudioFileSource(path: path, pacing: .realTime))
        let elapsed = clock.now - start
        #expect(error == nil)
        #expect(TestFixtures.samples(frames) == TestFixtures.floats(speech))
        // Only a lower bound: a loaded machine can make it slower, never faster.
        #expect(elapsed >= .milliseconds(400), "read 0.5 s of audio in \(elapsed)")
    }

    @Test func interruptCutsARealTimeWaitShort() throws {
        // At 1 kHz one maximal read is over a minute of audio, so only an interrupt ends it soon.
        let directory = try TemporaryDirectory()
        let path = try directory.write([UInt8](repeating: 0, count: 2 * 70_000), to: "slow.raw")
        let format = AudioFormat(sampleRate: 1_000, channelCount: 1, encoding: .int16)
        let handle = try ReaderBox(RawPCMFileSource(path: path, format: format, pacing: .realTime).open())
        defer { handle.reader.close() }
        let started = DispatchSemaphore(value: 0)
        let result = Thread.launch { () -> Bool in
            started.signal()
            return (try? handle.reader.read(maxFrames: .max)) == nil
        }
        started.wait()
        // Not a timing assertion: the pause only makes it likely the interrupt lands mid-sleep.
        Thread.sleep(forTimeInterval: 0.05)
        handle.reader.interrupt()
        #expect(result.wait(timeout: 30) == true, "the interrupted read returns nil")
    }
}
