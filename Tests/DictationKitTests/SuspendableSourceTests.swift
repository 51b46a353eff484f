import DictationKit
import DictationTestSupport
import DictationTesting
import Synchronization
import Testing

/// A suspended source closes its device while the session goes on, and opens it again on resume;
/// what the device captured before the suspension is decoded.
@Suite(.timeLimit(.minutes(25)))
struct SuspendableSourceTests {
    @Test func suspendClosesTheDeviceAndResumeOpensItAgainInTheSameRun() async throws {
        // A microphone in a quiet room at real time, with one scripted utterance in its first second.
        let device = InMemoryAudioSource(samples: [Float](repeating: 0.01, count: 16_000), ending: .silence, speed: 1)
        let microphone = SuspendableSource(wrapping: device)
        let session = DictationSession(
            source: microphone, preprocessing: PassthroughPreprocessing(),
            recognizer: ScriptedRecognizer(utterances: [.init("hello there", from: 0.2, to: 0.9)]))
        let events = try await session.start(
            DictationOptions(reports: [.partials], endpointing: EndpointingOptions(segmentation: .recognizer)))
        let finals = Mutex<[String]>([])
        let heardAWord = Mutex(false)
        let reading = Task {
            for await event in events {
                if case .final(let transcript) = event { finals.withLock { $0.append(transcript.text) } }
                if case .partial = event { heardAWord.withLock { $0 = true } }
                if case .error(let error) = event { Issue.record("session error: \(error)") }
            }
        }
        // Suspended mid-way through the utterance, once its first word was heard: what was said
        // so far is still read and decoded.
        try await waitUntil("the utterance's first word is heard") { heardAWord.withLock { $0 } }
        #expect(await microphone.suspend(), "the device should be closed once what it captured is read")
        #expect(device.closeCount == 1 && device.openCount == 1, "closed once, not yet opened again")
        #expect(session.state == .listening, "the session goes on while the device is closed")
        await session.pause()
        // The final is on its way to the stream once the pause is taken.
        try await waitUntil("the pause's final has reached the stream") { !finals.withLock { $0.isEmpty } }
        #expect(
            ["hello", "hello there"].contains(finals.withLock { $0 }.first),
            "the pause delivers what was heard: \(finals.withLock { $0 })")

        await session.resume()
        microphone.resume()
        // The device opens again on the session's next read.
        try await waitUntil("resume has opened the device again") { device.openCount >= 2 }
        #expect(device.openCount == 2, "resume should open the device again, once")
        await session.stop()
        try await withDeadline(.seconds(1200), "the session's events") { await reading.value }
        #expect(device.closeCount == device.openCount, "every opening released")
        #expect(finals.withLock { $0 }.count == 1, "one utterance, one final: \(finals.withLock { $0 })")
    }

    @Test func aSessionStoppedWhileSuspendedEnds() async throws {
        let device = InMemoryAudioSource(samples: [], ending: .staysOpen, speed: 1)
        let microphone = SuspendableSource(wrapping: device)
        let session = DictationSession(
            source: microphone, preprocessing: PassthroughPreprocessing(), recognizer: ScriptedRecognizer(utterances: []))
        let events = try await session.start(
            DictationOptions(reports: [], endpointing: EndpointingOptions(segmentation: .recognizer)))
        let reading = Task { for await _ in events {} }
        #expect(await microphone.suspend())
        await session.stop()
        try await withDeadline(.seconds(1200), "the session's events") { await reading.value }
        #expect(device.openCount == 1 && device.closeCount == 1)
        #expect(session.state == .idle)
    }

    @Test func aReadAlreadyWaitingOnTheDeviceIsEndedBySuspend() async throws {
        // The session's read is waiting on a device with nothing to say when the suspension
        // comes: the request must reach the device, not wait for a read that never returns.
        let device = WaitingDevice()
        let microphone = SuspendableSource(wrapping: device)
        let session = DictationSession(
            source: microphone, preprocessing: PassthroughPreprocessing(), recognizer: ScriptedRecognizer(utterances: []))
        let events = try await session.start(
            DictationOptions(reports: [], endpointing: EndpointingOptions(segmentation: .recognizer)))
        let reading = Task { for await _ in events {} }
        let waiting = await DedicatedThread.run { device.state.wait(until: { $0.readsWaiting == 1 }, timeout: .seconds(120)) }
        #expect(waiting, "the session should be waiting in the device's read")
        #expect(await microphone.suspend(timeout: .seconds(120)), "suspend ends the waiting read and closes the device")
        #expect(device.state.read { $0.opens == 1 && $0.closes == 1 })
        await session.stop()
        try await withDeadline(.seconds(1200), "the session's events") { await reading.value }
        #expect(device.state.read { $0.opens == 1 && $0.closes == 1 }, "not opened again while suspended")
    }
}

/// A microphone in a silent room whose driver blocks until audio comes: a read waits until it is
/// interrupted.
private final class WaitingDevice: AudioSource {
    struct State {
        var opens = 0
        var closes = 0
        var readsWaiting = 0
    }
    let state = WaitableState(State())

    func open() throws(DictationError) -> any AudioReader {
        state.withLock { $0.opens += 1 }
        return Reader(device: self)
    }

    func checkAccess() -> PermissionStatus { .granted }

    private final class Reader: AudioReader {
        let device: WaitingDevice
        let interrupted = WaitableState(false)
        let format = AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .float32)
        let expectedDuration: Double? = nil
        let isLive = true

        init(device: WaitingDevice) { self.device = device }

        func read(maxFrames: Int) throws(DictationError) -> AudioFrame? {
            device.state.withLock { $0.readsWaiting += 1 }
            interrupted.wait(until: { $0 })
            device.state.withLock { $0.readsWaiting -= 1 }
            return nil
        }

        func interrupt() { interrupted.withLock { $0 = true } }
        func takeEvents() -> [DictationEvent] { [] }
        func close() { device.state.withLock { $0.closes += 1 } }
    }
}
