/// The spellings of ``DictationOptions`` before reports became one option set and recording and
/// preprocessing moved out of the session's options. They keep working.
extension DictationOptions {
    /// Creates options with one flag per kind of report.
    /// - Parameters:
    ///   - locale: The locale to recognize.
    ///   - reportsPartials: Deliver partial hypotheses.
    ///   - reportsSpeechActivity: Deliver speech start and end events.
    ///   - reportsProgress: Deliver progress events.
    ///   - reportsLevel: Deliver input level events.
    ///   - reportsStateChanges: Deliver state and block events.
    ///   - maxDuration: The longest session, in seconds of audio.
    ///   - silenceTimeout: Seconds of silence after speech that end the session.
    ///   - noSpeechTimeout: Seconds without any speech that end the session.
    ///   - preprocessing: Audio conditioning settings; give them to the preprocessing instead.
    ///   - endpointing: Utterance segmentation settings.
    ///   - persistRawAudio: Keep each run's audio in a WAV file; wrap the source in a ``RecordingSource`` instead.
    ///   - recordingDirectory: Where recordings go.
    @available(*, deprecated, message: "use init(locale:reports:maxDuration:silenceTimeout:noSpeechTimeout:endpointing:)")
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
        var reports: Reports = []
        if reportsPartials { reports.insert(.partials) }
        if reportsSpeechActivity { reports.insert(.speechActivity) }
        if reportsProgress { reports.insert(.progress) }
        if reportsLevel { reports.insert(.level) }
        if reportsStateChanges { reports.insert(.stateChanges) }
        self.init(
            locale: locale, reports: reports, maxDuration: maxDuration, silenceTimeout: silenceTimeout,
            noSpeechTimeout: noSpeechTimeout, endpointing: endpointing)
        legacyPreprocessing = preprocessing
        legacyRecordsAudio = persistRawAudio
        legacyRecordingDirectory = recordingDirectory
    }

    /// Whether to deliver ``DictationEvent/partial(_:)`` hypotheses.
    @available(*, deprecated, message: "use reports.contains(.partials)")
    public var reportsPartials: Bool {
        get { reports.contains(.partials) }
        set { reports.set(.partials, newValue) }
    }

    /// Whether to deliver ``DictationEvent/speechStarted(at:)`` and ``DictationEvent/speechEnded(at:)``.
    @available(*, deprecated, message: "use reports.contains(.speechActivity)")
    public var reportsSpeechActivity: Bool {
        get { reports.contains(.speechActivity) }
        set { reports.set(.speechActivity, newValue) }
    }

    /// Whether to deliver ``DictationEvent/progress(processed:total:)``.
    @available(*, deprecated, message: "use reports.contains(.progress)")
    public var reportsProgress: Bool {
        get { reports.contains(.progress) }
        set { reports.set(.progress, newValue) }
    }

    /// Whether to deliver ``DictationEvent/level(_:)``.
    @available(*, deprecated, message: "use reports.contains(.level)")
    public var reportsLevel: Bool {
        get { reports.contains(.level) }
        set { reports.set(.level, newValue) }
    }

    /// Whether to deliver state and block events.
    @available(*, deprecated, message: "use reports.contains(.stateChanges)")
    public var reportsStateChanges: Bool {
        get { reports.contains(.stateChanges) }
        set { reports.set(.stateChanges, newValue) }
    }

    /// How the audio is conditioned: settings the preprocessing now takes itself. When set to
    /// anything but the defaults, the session passes them to the preprocessing at start, as before.
    @available(*, deprecated, message: "give the options to the preprocessing, e.g. StandardPreprocessing(options:)")
    public var preprocessing: AudioPreprocessingOptions {
        get { legacyPreprocessing }
        set { legacyPreprocessing = newValue }
    }

    /// Whether to keep each run's audio in a WAV file (0600) in ``recordingDirectory``. When on,
    /// the session wraps its source in a ``RecordingSource``.
    @available(*, deprecated, message: "wrap the source in a RecordingSource")
    public var persistRawAudio: Bool {
        get { legacyRecordsAudio }
        set { legacyRecordsAudio = newValue }
    }

    /// The folder recordings go to; `nil`: ``RecordingSource/defaultDirectory(environment:)``.
    @available(*, deprecated, message: "wrap the source in a RecordingSource(wrapping:directory:)")
    public var recordingDirectory: String? {
        get { legacyRecordingDirectory }
        set { legacyRecordingDirectory = newValue }
    }
}

extension DictationOptions.Reports {
    fileprivate mutating func set(_ member: Self, _ on: Bool) {
        if on { insert(member) } else { remove(member) }
    }
}
