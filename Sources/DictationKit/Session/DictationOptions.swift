/// What a session should recognize and report.
public struct DictationOptions: Sendable, Hashable {
    /// The locale to recognize, as a BCP 47 identifier (`"en-US"`).
    public var locale: String
    /// Whether to deliver ``DictationEvent/partial(_:)`` hypotheses while someone speaks.
    public var reportsPartials: Bool
    /// Whether, with partials, the whole-utterance search confirms their stable words
    /// (``Transcript/stableWordCount``) while the utterance is still spoken: a third decoder, on
    /// a thread that only runs on an idle core, searches the utterance so far about once a
    /// second. The final then contradicts about 4 % of the stable words, against about 14 % for
    /// words that merely stood unchanged for half a second, which is what partials mark stable
    /// when this is off. Costs the third decoder's memory (about 95 MB with the en-US-large
    /// model) and idle CPU time; on a machine with no idle core, stable words come late or only
    /// with the final. On by default.
    public var confirmsStableWords = true
    /// Whether to deliver ``DictationEvent/speechStarted(at:)`` and ``DictationEvent/speechEnded(at:)``.
    public var reportsSpeechActivity: Bool
    /// Whether to deliver ``DictationEvent/progress(processed:total:)`` about once per second of audio.
    public var reportsProgress: Bool
    /// Whether to deliver ``DictationEvent/level(_:)`` for every buffer read (about 10 per second).
    public var reportsLevel: Bool
    /// Whether to deliver ``DictationEvent/stateChanged(_:)``, ``DictationEvent/blockCommitted(_:)``
    /// and ``DictationEvent/blockDiscarded(_:)``, for apps that dictate in blocks.
    public var reportsStateChanges: Bool
    /// End the session after this many seconds of audio, whatever is going on. `nil`: no limit.
    public var maxDuration: Double?
    /// End the session after this many seconds of silence that follow speech. `nil`: never.
    public var silenceTimeout: Double?
    /// End the session, with ``DictationError/Code/noSpeechDetected``, when no speech was heard in
    /// this many seconds. `nil`: never.
    public var noSpeechTimeout: Double?
    /// How the audio is conditioned (high-pass, gain control) and how voice activity is judged.
    public var preprocessing: AudioPreprocessingOptions
    /// How speech is cut into utterances.
    public var endpointing: EndpointingOptions
    /// Whether to keep the audio of each run in a WAV file (16-bit PCM, the source's rate and
    /// channels), created with permissions 0600 in ``recordingDirectory``. Off by default: unless
    /// it is on, no audio leaves the process.
    public var persistRawAudio: Bool
    /// The folder recordings go to, created with permissions 0700 when missing. `nil`:
    /// `$XDG_DATA_HOME/dictationkit/recordings`, or `~/.local/share/dictationkit/recordings` when
    /// `XDG_DATA_HOME` is unset (see ``defaultRecordingDirectory(environment:)``).
    public var recordingDirectory: String?

    /// Creates options.
    /// - Parameters:
    ///   - locale: The locale to recognize. Defaults to `"en-US"`.
    ///   - reportsPartials: Deliver partial hypotheses. Defaults to `true`.
    ///   - reportsSpeechActivity: Deliver speech start and end events. Defaults to `false`.
    ///   - reportsProgress: Deliver progress events. Defaults to `false`.
    ///   - reportsLevel: Deliver input level events. Defaults to `false`.
    ///   - reportsStateChanges: Deliver state and block events. Defaults to `false`.
    ///   - maxDuration: The longest session, in seconds of audio. Defaults to no limit.
    ///   - silenceTimeout: Seconds of silence after speech that end the session. Defaults to never.
    ///   - noSpeechTimeout: Seconds without any speech that end the session. Defaults to never.
    ///   - preprocessing: Audio conditioning and voice activity settings. Defaults to the standard chain.
    ///   - endpointing: Utterance segmentation settings. Defaults to the session's endpointer.
    ///   - persistRawAudio: Keep each run's audio in a WAV file. Defaults to `false`.
    ///   - recordingDirectory: Where recordings go. Defaults to the user's data folder.
    public init(
        locale: String = "en-US",
        reportsPartials: Bool = true,
        reportsSpeechActivity: Bool = false,
        reportsProgress: Bool = false,
        reportsLevel: Bool = false,
        reportsStateChanges: Bool = false,
        maxDuration: Double? = nil,
        silenceTimeout: Double? = nil,
        noSpeechTimeout: Double? = nil,
        preprocessing: AudioPreprocessingOptions = AudioPreprocessingOptions(),
        endpointing: EndpointingOptions = EndpointingOptions(),
        persistRawAudio: Bool = false,
        recordingDirectory: String? = nil
    ) {
        self.locale = locale
        self.reportsPartials = reportsPartials
        self.reportsSpeechActivity = reportsSpeechActivity
        self.reportsProgress = reportsProgress
        self.reportsLevel = reportsLevel
        self.reportsStateChanges = reportsStateChanges
        self.maxDuration = maxDuration
        self.silenceTimeout = silenceTimeout
        self.noSpeechTimeout = noSpeechTimeout
        self.preprocessing = preprocessing
        self.endpointing = endpointing
        self.persistRawAudio = persistRawAudio
        self.recordingDirectory = recordingDirectory
    }
}
