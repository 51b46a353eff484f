import DictationDesktop
import DictationFeedback
import DictationKit
import Foundation
import Synchronization

/// What `dictate type` does with `dictate control` commands: one session for the whole process
/// (the model stays loaded), its microphone closed while idle or paused.
///
/// ```
/// idle ──start/toggle/resume──▶ listening ──suspend──▶ paused ──resume/start/toggle──▶ listening
///   ▲                               │                    │
///   └───────── stop/toggle/cancel ──┴────────────────────┘   (without --wait, stop and cancel end)
/// ```
///
/// Stop and suspend first let the microphone hand over what it captured, so the last word said
/// before the key went up is typed (push-to-talk); cancel types nothing more of what was said.
actor TypeController: DictationControlHandler {
    private let session: DictationSession
    private let microphone: SuspendableSource
    private let typist: DesktopTypist
    /// Says the last utterance for `read-back`, the state for `say-status`, and plays the
    /// listening cues.
    private let feedback: AudioFeedback
    /// The language the state is said in.
    private let language: DictationError.Language
    /// Whether idle waits for the next start (`--wait`) or ends the process.
    private let staysRunning: Bool
    private let current: Mutex<DictationControlStatus>
    private let published: @Sendable (DictationControlStatus) -> Void

    init(
        session: DictationSession, microphone: SuspendableSource, typist: DesktopTypist, feedback: AudioFeedback,
        language: DictationError.Language, staysRunning: Bool, startsListening: Bool,
        published: @escaping @Sendable (DictationControlStatus) -> Void
    ) {
        self.language = language
        self.session = session
        self.microphone = microphone
        self.typist = typist
        self.feedback = feedback
        self.staysRunning = staysRunning
        self.published = published
        current = Mutex(
            DictationControlStatus(state: startsListening ? .listening : .idle, level: nil, pid: getpid()))
    }

    nonisolated var status: DictationControlStatus { current.withLock { $0 } }

    /// Carries out a command, one at a time.
    func handle(_ command: DictationControlCommand) async throws(DictationError) -> DictationControlStatus {
        let state = status.state
        switch command {
        case .start, .resume:
            if state != .listening { await listen() }
        case .stop:
            if state != .idle { await stop() }
        case .toggle:
            if state == .listening { await stop() } else { await listen() }
        case .cancel:
            if state != .idle {
                typist.discardPending()
                await close(to: .idle)
                if !staysRunning { await session.cancel() }
            }
        case .suspend:
            if state == .listening { await close(to: .paused) }
        case .quit:
            await session.stop()
        case .readBack:
            feedback.readBack()
        case .sayStatus:
            feedback.say(ControlSpeech.text(for: state, in: language), locale: ControlSpeech.locale(of: language))
        default:
            break
        }
        return status
    }

    /// The level of the audio, for `status --follow`.
    nonisolated func heard(level: Float) {
        let status = current.withLock { status -> DictationControlStatus? in
            guard status.state == .listening else { return nil }
            status.level = level
            return status
        }
        if let status { published(status) }
    }

    /// "stop dictating" was said.
    func stopDictating() async {
        if status.state != .idle { await stop() }
    }

    private func listen() async {
        typist.startDictation()
        await session.resume()
        microphone.resume()
        change(to: .listening)
    }

    private func stop() async {
        guard staysRunning else {
            await session.stop()
            change(to: .idle)
            return
        }
        await close(to: .idle)
        // A dictation ends: its text is one block (`DictationSession.commit()`).
        await session.commit()
    }

    /// Closes the microphone once what it captured is read, and has the last utterance's final delivered.
    private func close(to state: DictationControlState) async {
        // Patient: the pause must come after the last captured audio was read, or that audio
        // would be read while paused and dropped. Only a session stuck for a minute is not waited for.
        await microphone.suspend(timeout: .seconds(60))
        await session.pause()
        change(to: state)
    }

    /// The session began listening: with `--wait` it has not (its microphone is closed until
    /// `start`), and the cue waits for that.
    nonisolated func sessionStarted() {
        if status.state == .listening { feedback.play(.listeningStarted) }
    }

    /// The session ended: its stop cue, unless it had stopped listening before.
    nonisolated func sessionEnded() {
        if status.state == .listening { feedback.play(.listeningStopped) }
    }

    private func change(to state: DictationControlState) {
        let (before, status) = current.withLock { status in
            let before = status.state
            status.state = state
            if state != .listening { status.level = nil }
            return (before, status)
        }
        // The listening cues follow this state, which --wait and suspend make differ from the session's.
        if before != .listening, state == .listening { feedback.play(.listeningStarted) }
        if before == .listening, state != .listening { feedback.play(.listeningStopped) }
        published(status)
    }
}
