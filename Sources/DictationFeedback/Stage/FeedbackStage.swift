import DictationKit

/// The event stage of an ``AudioFeedback``: plays each cue at the event it belongs to, carries
/// out "read that back", and keeps the finals still in the text for it. Events pass unchanged;
/// a sound that could not be played adds a non-fatal error event.
///
/// Put it after the formatting stage: it reads the written text and the commands that stage
/// makes.
public struct FeedbackStage: DictationEventStage {
    let feedback: AudioFeedback
    /// Whether the listening cues follow the session's state.
    let cuesListening: Bool

    /// Makes the processor of one run.
    /// - Parameter run: The run; its locale is read-back's language.
    /// - Returns: The processor.
    public func makeProcessor(for run: DictationRunInfo) -> any DictationEventProcessor {
        feedback.written.withLock { $0.locale = run.locale }
        return FeedbackProcessor(feedback: feedback, cuesListening: cuesListening)
    }
}

/// One run's cues: listening or not, and a final with no words waiting to see whether a command
/// took them.
final class FeedbackProcessor: DictationEventProcessor {
    private let feedback: AudioFeedback
    private let cuesListening: Bool
    private var listening = false
    /// An utterance whose final had no text: nothing heard, unless its command follows.
    private var emptyFinal: Int?

    init(feedback: AudioFeedback, cuesListening: Bool) {
        self.feedback = feedback
        self.cuesListening = cuesListening
    }

    func process(_ event: DictationEvent) -> [DictationEvent] {
        if let utterance = emptyFinal {
            emptyFinal = nil
            if case .command(let command) = event, command.utteranceIndex == utterance {
            } else {
                feedback.play(.nothingHeard)
            }
        }
        switch event {
        case .stateChanged(let state):
            if cuesListening, state == .listening, !listening { feedback.play(.listeningStarted) }
            if cuesListening, state != .listening, listening { feedback.play(.listeningStopped) }
            listening = state == .listening
        case .final(let transcript):
            let text = transcript.writtenText ?? transcript.text
            if text.isEmpty {
                emptyFinal = transcript.utteranceIndex
            } else {
                keep(text, of: transcript.utteranceIndex)
                feedback.play(.utteranceTaken)
            }
        case .command(let command):
            carryOut(command)
        case .error(let error):
            feedback.play(error.code == .noSpeechDetected ? .nothingHeard : .error)
        default:
            break
        }
        return [event] + feedback.takeProblems().map { .error($0) }
    }

    func finish() -> [DictationEvent] {
        if emptyFinal != nil { feedback.play(.nothingHeard) }
        if cuesListening, listening { feedback.play(.listeningStopped) }
        listening = false
        return feedback.takeProblems().map { .error($0) }
    }

    private func carryOut(_ command: DictationCommand) {
        switch command.kind {
        case .readBack:
            feedback.readBack()
        case .scratchThat:
            if let scratched = command.scratchedUtterance {
                feedback.written.withLock { $0.finals.removeAll { $0.utterance == scratched } }
            }
            feedback.play(.commandCarriedOut)
        case .stopDictating:
            // The session's end plays its own cue.
            break
        default:
            feedback.play(.commandCarriedOut)
        }
    }

    private func keep(_ text: String, of utterance: Int) {
        feedback.written.withLock { written in
            written.finals.append((utterance, text))
            if written.finals.count > AudioFeedback.keptFinals { written.finals.removeFirst() }
        }
    }

}
