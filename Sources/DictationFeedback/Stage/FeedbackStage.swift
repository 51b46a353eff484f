import DictationKit

/// The event stage of an ``AudioFeedback``: plays each cue at the event it belongs to, carries
/// out "read that back", and keeps the finals still in the text for it. Events pass unchanged;
/// a sound that could not be played adds a non-fatal error event.
///
/// Put it after the formatting stage: it reads the written text and the commands that stage
/// makes.
public struct FeedbackStage: DictationEventStage {
    let feedback: AudioFeedback

    /// Makes the processor of one run.
    /// - Parameter run: The run; its locale is read-back's language.
    /// - Returns: The processor.
    public func makeProcessor(for run: DictationRunInfo) -> any DictationEventProcessor {
        feedback.written.withLock { $0.locale = run.locale }
        return FeedbackProcessor(feedback: feedback)
    }
}

/// One run's cues: listening or not, and a final with no words waiting to see whether a command
/// took them.
final class FeedbackProcessor: DictationEventProcessor {
    private let feedback: AudioFeedback
    private var listening = false
    /// An utterance whose final had no text: nothing heard, unless its command follows.
    private var emptyFinal: Int?

    init(feedback: AudioFeedback) {
        self.feedback = feedback
    }

    func process(_ event: DictationEvent) -> [DictationEvent] {
        if let utterance = emptyFinal {
            emptyFinal = nil
            if case .command(let command) = event, command.utteranceIndex == utterance {
            } else {
                cue(.nothingHeard)
            }
        }
        switch event {
        case .stateChanged(let state):
            if state == .listening, !listening { cue(.listeningStarted) }
            if state != .listening, listening { cue(.listeningStopped) }
            listening = state == .listening
        case .final(let transcript):
            let text = transcript.writtenText ?? transcript.text
            if text.isEmpty {
                emptyFinal = transcript.utteranceIndex
            } else {
                keep(text, of: transcript.utteranceIndex)
                cue(.utteranceTaken)
            }
        case .command(let command):
            carryOut(command)
        case .error(let error):
            cue(error.code == .noSpeechDetected ? .nothingHeard : .error)
        default:
            break
        }
        return [event] + feedback.takeProblems().map { .error($0) }
    }

    func finish() -> [DictationEvent] {
        if emptyFinal != nil { cue(.nothingHeard) }
        if listening { cue(.listeningStopped) }
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
            cue(.commandCarriedOut)
        case .stopDictating:
            // The session's end plays its own cue.
            break
        default:
            cue(.commandCarriedOut)
        }
    }

    private func keep(_ text: String, of utterance: Int) {
        feedback.written.withLock { written in
            written.finals.append((utterance, text))
            if written.finals.count > AudioFeedback.keptFinals { written.finals.removeFirst() }
        }
    }

    private func cue(_ cue: SoundCue) {
        if feedback.options.cues { feedback.play(cue) }
    }
}
