import DictationKit
import DictationTesting
import Synchronization
import Testing

/// A suspended source closes its device while the session goes on, and opens it again on resume;
/// what the device captured before the suspension is decoded.
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
        for _ in 0..<400 where !heardAWord.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(25)) }
        #expect(await microphone.suspend(), "the device should be closed once what it captured is read")
        #expect(device.closeCount == 1 && device.openCount == 1, "closed once, not yet opened again")
        #expect(session.state == .listening, "the session goes on while the device is closed")
        await session.pause()
        // The final is on its way to the stream once the pause is taken.
        for _ in 0..<200 where finals.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(25)) }
        #expect(["hello", "hello there"].contains(finals.withLock { $0 }.first), "the pause delivers what was heard: \(finals.withLock { $0 })")

        await session.resume()
        microphone.resume()
        // The device opens again on the session's next read.
        var waited = 0
        while device.openCount < 2, waited < 200 {
            try await Task.sleep(for: .milliseconds(50))
            waited += 1
        }
        #expect(device.openCount == 2, "resume should open the device again")
        await session.stop()
        await reading.value
        #expect(device.closeCount == device.openCount, "every opening released")
        #expect(finals.withLock { $0 }.count == 1, "one utterance, one final: \(finals.withLock { $0 })")
    }

    @Test func aSessionStoppedWhileSuspendedEnds() async throws {
        let device = InMemoryAudioSource(samples: [], ending: .staysOpen, speed: 1)
        let microphone = SuspendableSource(wrapping: device)
        let session = DictationSession(
            source: microphone, preprocessing: PassthroughPreprocessing(), recognizer: ScriptedRecognizer(utterances: []))
        let events = try await session.start(DictationOptions(reports: [], endpointing: EndpointingOptions(segmentation: .recognizer)))
        let reading = Task { for await _ in events {} }
        #expect(await microphone.suspend())
        await session.stop()
        await reading.value
        #expect(device.openCount == 1 && device.closeCount == 1)
        #expect(session.state == .idle)
    }
}
