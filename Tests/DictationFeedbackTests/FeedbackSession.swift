import Dictation
import DictationFeedback
import DictationFormatting
import DictationTestSupport
import DictationTesting
import Foundation
import Synchronization

/// A live session on a test microphone with a test speaker in the same room: its sounds echo
/// into the microphone (``Loopback``), as a laptop's speaker does into its microphone. Records
/// each event with the moment it was received.
final class FeedbackSession: Sendable {
    /// An event and when the consumer got it.
    struct Received: Sendable {
        var event: DictationEvent
        var at: ContinuousClock.Instant
    }

    nonisolated(unsafe) let microphone: TestMicrophone
    let speaker: TestSpeaker
    let feedback: AudioFeedback
    let loopback: Loopback
    let session: DictationSession
    private let received = Mutex<[Received]>([])
    private let reading = Mutex<Task<Void, Never>?>(nil)

    /// - Parameters:
    ///   - recognizer: The session's recognizer.
    ///   - gated: Whether the microphone goes through ``AudioFeedback/gating(_:)``.
    init(recognizer: any SpeechRecognizer, detector: any VoiceActivityDetecting, gated: Bool = true) throws {
        microphone = try TestMicrophone.unique()
        speaker = try TestSpeaker(beside: microphone)
        // This room's echo is late: it reaches the microphone through a thread and a FIFO that a
        // paced writer fills up to 0.1 s ahead of the device, and on a loaded machine (a CI run's
        // four test processes on two cores) those threads wait their turn: with the default
        // 0.15 s, the last 50-250 ms of a spoken sentence's echo came after the gate had closed.
        // A speaker that plays late, as a Bluetooth one does, is the same case.
        feedback = try AudioFeedback(
            options: .init(
                device: speaker.device, configurationFile: speaker.configuration.path, echoAllowance: .seconds(1)))
        microphone.startLiveFeed()
        loopback = Loopback(speaker: speaker, microphone: microphone)
        let source: any AudioSource = gated ? feedback.gating(microphone.source) : microphone.source
        session = DictationSession(
            source: source, preprocessing: StandardPreprocessing(voiceActivityDetector: detector), recognizer: recognizer,
            eventStages: [FormattingStage(), feedback.stage])
    }

    deinit {
        loopback.stop()
        microphone.closeWriter()
    }

    func start(locale: String) async throws {
        let stream = try await session.start(DictationOptions(locale: locale, reports: [.speechActivity]))
        reading.withLock {
            $0 = Task { [self] in
                for await event in stream { received.withLock { $0.append(Received(event: event, at: .now)) } }
            }
        }
    }

    /// Stops the session and waits for its stream's end.
    func stop() async throws {
        await session.stop()
        let task = reading.withLock { $0 }
        try await withDeadline(.seconds(300), "the session's last events") { await task?.value }
    }

    var events: [Received] { received.withLock { $0 } }

    var finals: [Transcript] {
        events.compactMap { if case .final(let transcript) = $0.event { transcript } else { nil } }
    }

    /// When the consumer got the first event that `matches`.
    func moment(of matches: (DictationEvent) -> Bool) -> ContinuousClock.Instant? {
        events.first { matches($0.event) }?.at
    }
}
