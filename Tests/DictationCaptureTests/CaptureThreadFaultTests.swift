import DictationKit
import DictationTestSupport
import Foundation
import Testing

@testable import DictationCapture

#if canImport(Glibc)
    import Glibc
#endif

/// The capture thread, channel and reader against scripted devices: the faults a real device
/// produces and the machine running the tests can't (see ``ScriptedCaptureDevice``).
@Suite(.timeLimit(.minutes(25))) struct CaptureThreadFaultTests {
    typealias Step = ScriptedCaptureDevice.Step

    /// Waits until the thread has captured `frames`, so what follows doesn't race it.
    static func waitForCapture(_ reader: LiveCaptureReader, frames: Int) throws {
        try waitUntil("\(frames) frames are captured") { reader.channel.statistics.capturedFrames >= frames }
    }

    @Test func overrunIsRecoveredCountedAndReportedOnce() throws {
        let first = ScriptedCaptureDevice.ramp(320, from: 0)
        let second = ScriptedCaptureDevice.ramp(320, from: 1_000)
        let (reader, log) = try ScriptedCaptureDevice.open([
            .audio(first), .error(EPIPE), .error(EPIPE), .audio(second),
        ])
        defer { reader.close() }
        try Self.waitForCapture(reader, frames: 640)
        reader.interrupt()
        let (frames, error) = TestFixtures.readAll(reader)
        #expect(error == nil, "an overrun is not fatal")
        #expect(TestFixtures.samples(frames) == PCM16.floats(first + second), "capture went on after it")
        #expect(log.recoveries == [-Int(EPIPE), -Int(EPIPE)])
        #expect(reader.channel.statistics.overruns == 2)

        #expect(reader.takeErrors().isEmpty, "a capture reader reports losses, for the session to word")
        let losses = reader.takeLosses()
        #expect(
            losses == [AudioLoss(droppedFrames: 0, deviceOverruns: 2, device: "scripted mic")],
            "overruns before the reader caught up are one episode, one report; the queue itself dropped nothing")
        #expect(reader.takeLosses().isEmpty, "each episode is reported once")
    }

    @Test func suspendIsRecoveredLikeAnOverrunAndASignalLosesNothing() throws {
        let audio = ScriptedCaptureDevice.ramp(320, from: 5)
        let (reader, log) = try ScriptedCaptureDevice.open([.error(EINTR), .error(ESTRPIPE), .audio(audio)])
        defer { reader.close() }
        try Self.waitForCapture(reader, frames: 320)
        #expect(log.recoveries == [-Int(EINTR), -Int(ESTRPIPE)])
        #expect(reader.takeLosses().isEmpty, "the episode lasts until the reader has caught up")
        let frame = try reader.read(maxFrames: 320)
        #expect(frame?.samples == PCM16.floats(audio))
        let losses = reader.takeLosses()
        #expect(losses.map(\.deviceOverruns) == [1], "only the suspend lost audio")
        #expect(losses.first?.droppedFrames == 0)
    }

    @Test(arguments: [ENODEV, EIO, EBADFD, ENOTTY])
    func deviceFailureComesAfterTheAudioCapturedBeforeIt(_ code: Int32) throws {
        let audio = ScriptedCaptureDevice.ramp(300, from: 0) + ScriptedCaptureDevice.ramp(20, from: 300)
        let (reader, log) = try ScriptedCaptureDevice.open([
            .audio(Array(audio.prefix(200))), .audio(Array(audio.dropFirst(200))), .error(code),
        ])
        defer { reader.close() }
        // No waiting: the reader must hold the error back until the audio before it is read.
        let (frames, error) = TestFixtures.readAll(reader, maxFrames: 64)
        #expect(TestFixtures.samples(frames) == PCM16.floats(audio))
        #expect(error?.code == .deviceDisconnected)
        #expect(error?.isFatal == true)
        #expect(error?.message.contains("scripted mic") == true)
        #expect(error?.message.contains(ALSAError.text(-Int(code))) == true, "\(String(describing: error))")
        #expect(try reader.read(maxFrames: 64) == nil, "after the error the audio has ended")
        #expect(log.recoveries.isEmpty, "only overruns, suspends and signals are recovered from")
        reader.close()
        #expect(log.isClosed)
    }

    @Test func failedRecoveryEndsCapture() throws {
        let (reader, log) = try ScriptedCaptureDevice.open([
            .audio(ScriptedCaptureDevice.ramp(320, from: 0)), .error(EPIPE, recovery: -Int(ENODEV)),
        ])
        defer { reader.close() }
        let (frames, error) = TestFixtures.readAll(reader)
        #expect(frames.reduce(0) { $0 + $1.frameCount } == 320)
        #expect(error?.code == .deviceDisconnected)
        #expect(error?.message.contains(ALSAError.text(-Int(ENODEV))) == true)
        #expect(log.recoveries == [-Int(EPIPE)])
    }

    @Test func deviceThatGoesQuietCountsAsDisconnected() throws {
        // A stall limit of zero makes the first empty wait count; a real device gets 5 s.
        let (reader, _) = try ScriptedCaptureDevice.open(
            [.audio(ScriptedCaptureDevice.ramp(320, from: 0)), .silence], stallLimit: .zero)
        defer { reader.close() }
        let (frames, error) = TestFixtures.readAll(reader)
        #expect(frames.reduce(0) { $0 + $1.frameCount } == 320)
        #expect(error?.code == .deviceDisconnected)
        #expect(error?.message.contains("stopped sending audio") == true, "\(String(describing: error))")
    }

    @Test func fullQueueKeepsTheNewestAudioAndSaysHowMuchWentOnce() throws {
        // 0.05 s at 16 kHz holds 800 frames; five periods of 320 are 1600. The ramp grows louder
        // period by period, each loud against the first: a queue smaller than the pre-roll before
        // them has no quiet audio to shed outside it, and sheds the oldest.
        let periods = (0..<5).map { ScriptedCaptureDevice.ramp(320, from: $0 * 320) }
        let (reader, _) = try ScriptedCaptureDevice.open(periods.map { .audio($0) }, bufferSeconds: 0.05)
        defer { reader.close() }
        try Self.waitForCapture(reader, frames: 1_600)
        reader.interrupt()
        let (frames, error) = TestFixtures.readAll(reader)
        #expect(error == nil)
        let all = periods.flatMap { $0 }
        #expect(TestFixtures.samples(frames) == PCM16.floats(Array(all.suffix(800))), "the newest audio is kept")
        #expect(frames.first?.startTime == 800.0 / 16_000, "stream time still counts the dropped audio")
        #expect(reader.channel.statistics.droppedFrames == 800)
        // The first period (the margin before the loud ones), the second and half the third.
        #expect(reader.channel.statistics.droppedLoudFrames == 480)

        let losses = reader.takeLosses()
        #expect(
            losses == [AudioLoss(droppedFrames: 800, deviceOverruns: 0, device: "scripted mic")],
            "three drops, one episode, one report")
    }

    @Test func framesCarryStreamAndCaptureTimes() throws {
        let periods = (0..<4).map { ScriptedCaptureDevice.ramp(320, from: $0 * 320) }
        let before = ContinuousClock.now
        let (reader, _) = try ScriptedCaptureDevice.open(periods.map { .audio($0) })
        defer { reader.close() }
        try Self.waitForCapture(reader, frames: 1_280)
        reader.interrupt()
        // 500-frame reads straddle periods: times must follow the sample, not the period.
        let (frames, _) = TestFixtures.readAll(reader, maxFrames: 500)
        #expect(frames.map(\.frameCount) == [500, 500, 280])
        let expectedStarts: [Double] = [0, 500.0 / 16_000, 1_000.0 / 16_000]
        #expect(frames.map(\.startTime) == expectedStarts)
        let times = frames.compactMap(\.captureTime)
        #expect(times.count == frames.count, "live audio carries its capture time")
        // A period's capture time is its read's completion minus its duration, so it may lie a
        // period before the capture started, never more. (They need not increase here: this
        // device delivers faster than real time, unlike a microphone.)
        #expect(times.allSatisfy { $0 >= before - .milliseconds(20) && $0 <= .now })
    }

    @Test func interruptEndsAWaitingReadAndCloseReleasesTheDevice() throws {
        let (reader, log) = try ScriptedCaptureDevice.open([])
        let box = ReaderBox(reader)
        let result = ThreadResult { () -> Bool in (try? box.reader.read(maxFrames: 160)) == nil }
        // Whether the interrupt comes before or during the wait, the read must return nil.
        reader.interrupt()
        #expect(result.wait(within: .seconds(30)) == true)
        reader.close()
        #expect(log.isClosed, "close() returns once the device is closed")
        #expect(reader.channel.statistics.captureEnded)
        #expect(try reader.read(maxFrames: 160) == nil)
    }

    @Test func deviceThatFailsToOpenLeavesNoThreadBehind() throws {
        let channelError = DictationError(code: .deviceBusy, message: "busy")
        let error = #expect(throws: DictationError.self) {
            try LiveCaptureReader.start(deviceName: "x", bufferSeconds: 1) { () throws(DictationError) -> any CaptureDevice in
                throw channelError
            }
        }
        #expect(error == channelError)
    }

    @Test func droppedReaderStopsCapture() throws {
        let log: ScriptedCaptureDevice.Log
        let channel: CaptureChannel
        do {
            let (reader, readerLog) = try ScriptedCaptureDevice.open([.audio(ScriptedCaptureDevice.ramp(320, from: 0))])
            log = readerLog
            channel = reader.channel
        }
        channel.waitUntilCaptureEnded()
        #expect(log.isClosed, "a reader dropped without close() still releases the device")
    }
}
