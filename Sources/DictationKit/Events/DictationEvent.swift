/// Something a session has to tell: a hypothesis, a final result, an error, or speech activity.
public enum DictationEvent: Sendable, Hashable {
    /// The whole current hypothesis of the open utterance (never a delta).
    case partial(Transcript)
    /// The final result of an utterance; exactly one per utterance.
    case final(Transcript)
    /// Something went wrong; when ``DictationError/isFatal`` the stream ends after it.
    case error(DictationError)
    /// Speech began, at this time in seconds of session audio.
    case speechStarted(at: Double)
    /// Speech ended, at this time in seconds of session audio.
    case speechEnded(at: Double)
    /// The level of the source's audio as it was captured, before any conditioning (gain control,
    /// noise suppression), in dBFS (RMS of the buffer, floored at -100): for a waveform or meter.
    case level(Float)
    /// How much audio has been processed, and of how much when that is known (seconds).
    case progress(processed: Double, total: Double?)
    /// The session's state changed (listening, paused, processing, idle, error).
    case stateChanged(DictationState)
    /// A block was committed: its finals were all delivered and its text joined the transcript.
    case blockCommitted(DictationBlock)
    /// The block that was not committed yet was thrown away by ``DictationSession/cancel()``.
    case blockDiscarded(DictationBlock)
    /// No model is installed for the locale asked for, so the session recognizes another: the
    /// process locale (`LANG`) or `en-US`. Comes first, before any result, and only then: a
    /// session without it recognizes the locale of its ``DictationOptions``.
    case localeSelected(requested: String, used: String)
    /// The source's audio is being kept in this WAV file (0600), by a ``RecordingSource``. Comes
    /// once per run, before the first result, when the file was created.
    case recordingStarted(path: String)
    /// A command the user spoke ("scratch that", "new line"), told from words by a formatting
    /// stage (`DictationFormatting`'s `FormattingStage`); it comes right after the final of the
    /// utterance it was spoken in. Sessions without such a stage never deliver it.
    case command(DictationCommand)

    /// The stable name of the event kind, as used in the `type` field of its JSON form.
    public var type: String {
        switch self {
        case .partial: "partial"
        case .final: "final"
        case .error: "error"
        case .speechStarted: "speechStarted"
        case .speechEnded: "speechEnded"
        case .level: "level"
        case .progress: "progress"
        case .stateChanged: "stateChanged"
        case .blockCommitted: "blockCommitted"
        case .blockDiscarded: "blockDiscarded"
        case .localeSelected: "localeSelected"
        case .recordingStarted: "recordingStarted"
        case .command: "command"
        }
    }
}
