import Dictation
import DictationFormatting
import Logging

/// Builds the server's sessions from the same parts as a local one: the standard preprocessing
/// (with the voice activity detector that suits the recognizer for the session's locale),
/// the session's endpointer, PocketSphinx's two passes and, when asked, the formatting stage.
///
/// Every session gets decoders of its own, on threads of its own; they come from one
/// `ReusingRecognizer`, so a session that ends hands its decoders to the next one instead of
/// the next one loading the model again.
struct ServerSessionFactory: Sendable {
    /// What one session asks for.
    struct Request: Sendable {
        var locale: String
        var partials: Bool
        var speechActivity = false
        var formatting: Bool
        var alternatives = 0
        var vocabulary = Vocabulary()
        /// The audio was preprocessed by the client: only convert it.
        var preprocessed = false
        /// The longest session, in seconds of audio.
        var maxDuration: Double?
    }

    let recognizer: ReusingRecognizer
    /// Where sessions' audio is recorded (0600 WAV files), when the operator turned recordings on.
    let recordingDirectory: String?
    let logger: Logger

    init(recognizer: any SpeechRecognizer, recordingDirectory: String?, logger: Logger) {
        self.recognizer = ReusingRecognizer(base: recognizer)
        self.recordingDirectory = recordingDirectory
        self.logger = logger
    }

    /// A session on `source`, not started, and the options to start it with.
    func makeSession(source: any AudioSource, request: Request) -> (DictationSession, DictationOptions) {
        // The detector that suits the recognizer for the locale: Silero where Whisper decodes.
        let preprocessing = StandardPreprocessing.standard(
            for: recognizer.base, locale: request.locale,
            options: request.preprocessed ? .none : StandardPreprocessing.Options())
        let stages: [any DictationEventStage] = request.formatting ? [FormattingStage()] : []
        // Audio reaches the disk only through a RecordingSource, and only when the operator asked.
        let source = recordingDirectory.map { RecordingSource(wrapping: source, directory: $0, logger: logger) } ?? source
        let session = DictationSession(
            source: source, preprocessing: preprocessing, recognizer: recognizer, eventStages: stages, logger: logger)
        var reports: DictationOptions.Reports = []
        if request.partials { reports.insert(.partials) }
        if request.speechActivity { reports.insert(.speechActivity) }
        var options = DictationOptions(locale: request.locale, reports: reports, maxDuration: request.maxDuration)
        // A server shares its cores among its sessions: one final decoder each, and no third
        // decoder confirming stable words on an idle core that a busy server doesn't have.
        options.finalDecoderLimit = 1
        options.confirmsStableWords = false
        options.alternativeCount = min(max(request.alternatives, 0), 10)
        options.vocabulary = request.vocabulary
        return (session, options)
    }
}
