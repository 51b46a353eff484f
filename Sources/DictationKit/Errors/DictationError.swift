/// An error from a dictation session, with a stable machine-readable ``code``.
///
/// Codes are static constants on ``Code`` rather than enum cases, so new codes can be added
/// without breaking a caller's `switch`. `code.rawValue` is the string that appears in JSON.
/// The ``message`` is written for people: it says what happened and what to do, in English or
/// Norwegian bokmål. An error carries both texts; ``message`` is the one in its ``language``,
/// English unless the error was localized with ``localized(for:)`` (a session localizes its
/// errors to the locale of its ``DictationOptions``).
public struct DictationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable identifier for a kind of failure.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible, Codable {
        /// The stable string form, as used in JSON (`"invalidAudio"`, ...).
        public let rawValue: String

        /// Creates a code from its stable string form.
        /// - Parameter rawValue: The string form of the code.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The string form of the code.
        public var description: String { rawValue }

        /// Access to the microphone was refused by the system.
        public static let permissionDenied = Code(rawValue: "permissionDenied")
        /// No capture device could be found or opened.
        public static let microphoneUnavailable = Code(rawValue: "microphoneUnavailable")
        /// The capture device is in use by another program.
        public static let deviceBusy = Code(rawValue: "deviceBusy")
        /// The capture device went away during the session.
        public static let deviceDisconnected = Code(rawValue: "deviceDisconnected")
        /// No usable recognition model was found.
        public static let modelNotFound = Code(rawValue: "modelNotFound")
        /// No model is installed for the requested locale.
        public static let localeUnsupported = Code(rawValue: "localeUnsupported")
        /// The session ended without hearing any speech.
        public static let noSpeechDetected = Code(rawValue: "noSpeechDetected")
        /// A remote backend could not be reached.
        public static let networkUnavailable = Code(rawValue: "networkUnavailable")
        /// The audio could not be read: missing, corrupt, truncated or in an unsupported format.
        public static let invalidAudio = Code(rawValue: "invalidAudio")
        /// The recognizer failed while decoding.
        public static let recognitionFailed = Code(rawValue: "recognitionFailed")
        /// The capture device delivered audio faster than it was read and some was lost; capture goes on.
        public static let captureOverrun = Code(rawValue: "captureOverrun")
        /// A model pack could not be downloaded, checked, unpacked, put in place or removed: no
        /// `python3` or pip, no network, a download whose SHA-256 is not the pinned one, or a disk
        /// that is full or not writable. The message says which, and what to do.
        public static let modelInstallFailed = Code(rawValue: "modelInstallFailed")
        /// Something went wrong inside DictationKit itself.
        public static let `internal` = Code(rawValue: "internal")
    }

    /// The stable code of this error; the same in every language.
    public var code: Code
    /// Whether the session cannot go on after this error.
    public var isFatal: Bool
    /// The language ``message`` and ``description`` are in. English unless localized.
    public private(set) var language: Language = .english
    /// The message in every language.
    private var text: Text

    /// A first-person message for people, saying what happened and what to do, in ``language``.
    ///
    /// Setting it replaces the message in every language with the one text given.
    public var message: String {
        get { text.string(in: language) }
        set { text = Text(newValue) }
    }

    /// Creates an error with one message for every language.
    /// - Parameters:
    ///   - code: The stable code.
    ///   - message: A message for people, saying what happened and what to do; shown whatever the language.
    ///   - isFatal: Whether the session ends because of it.
    public init(code: Code, message: String, isFatal: Bool = true) {
        self.init(code: code, message: Text(message), isFatal: isFatal)
    }

    /// Creates an error with a message in each language.
    /// - Parameters:
    ///   - code: The stable code.
    ///   - message: The message in English and in Norwegian bokmål, saying what happened and what to do.
    ///   - isFatal: Whether the session ends because of it.
    public init(code: Code, message: Text, isFatal: Bool = true) {
        self.code = code
        self.text = message
        self.isFatal = isFatal
    }

    /// The message in a given language, whatever ``language`` is.
    /// - Parameter language: The language wanted.
    /// - Returns: The message in that language.
    public func message(in language: Language) -> String {
        text.string(in: language)
    }

    /// This error with its message in a given language.
    /// - Parameter language: The language ``message`` should be in.
    /// - Returns: A copy whose ``language`` is `language`; the code and fatality are unchanged.
    public func localized(to language: Language) -> DictationError {
        var copy = self
        copy.language = language
        return copy
    }

    /// This error with its message in the language of a locale.
    /// - Parameter locale: A BCP 47 or POSIX locale name; see ``Language/init(locale:)``.
    /// - Returns: A copy in Norwegian bokmål for a Norwegian locale, else in English.
    public func localized(for locale: String) -> DictationError {
        localized(to: Language(locale: locale))
    }

    /// The message followed by the code, e.g. `"I can't read ... (invalidAudio)"`.
    public var description: String { "\(message) (\(code.rawValue))" }
}

extension DictationError {
    /// Audio that cannot be read or understood.
    /// - Parameters:
    ///   - detail: What exactly is wrong, e.g. "the WAV header says 0 channels", in each language.
    ///   - advice: What to do about it; by default, how to give audio DictationKit reads.
    /// - Returns: An ``Code/invalidAudio`` error.
    public static func invalidAudio(_ detail: Text, advice: Text? = nil) -> DictationError {
        let advice =
            advice
            ?? Text(
                english: "Convert it to a PCM WAV file (e.g. `sox input output.wav`), or give the rate, channels and "
                    + "encoding of raw PCM.",
                norwegianBokmal: "Konverter den til en PCM WAV-fil (f.eks. `sox input output.wav`), eller oppgi "
                    + "samplingsfrekvensen, antall kanaler og kodingen for rå PCM.")
        return DictationError(
            code: .invalidAudio,
            message: Text(
                english: "I can't use this audio: \(detail.english). \(advice.english)",
                norwegianBokmal: "Jeg kan ikke bruke denne lyden: \(detail.norwegianBokmal). \(advice.norwegianBokmal)"))
    }

    /// Audio that cannot be read or understood, described in one language.
    ///
    /// The detail and advice read the same in every language; prefer the overload taking
    /// ``Text`` so that the whole message is translated.
    /// - Parameters:
    ///   - detail: What exactly is wrong, e.g. "the WAV header says 0 channels".
    ///   - advice: What to do about it; by default, how to give audio DictationKit reads.
    /// - Returns: An ``Code/invalidAudio`` error.
    public static func invalidAudio(_ detail: String, advice: String? = nil) -> DictationError {
        invalidAudio(Text(detail), advice: advice.map(Text.init))
    }

    /// A recognition model that is missing or incomplete.
    /// - Parameter detail: What was looked for and where, in each language.
    /// - Returns: A ``Code/modelNotFound`` error.
    public static func modelNotFound(_ detail: Text) -> DictationError {
        DictationError(
            code: .modelNotFound,
            message: Text(
                english: "I can't find a speech model: \(detail.english). Install one (e.g. `apt-get install "
                    + "pocketsphinx-en-us`) or point me at it with --model; `dictate locales` lists what I can use.",
                norwegianBokmal: "Jeg finner ingen talemodell: \(detail.norwegianBokmal). Installer en (f.eks. "
                    + "`apt-get install pocketsphinx-en-us`), eller vis meg hvor den ligger med --model; "
                    + "`dictate locales` viser hvilke jeg kan bruke."))
    }

    /// A recognition model that is missing or incomplete, described in one language.
    ///
    /// The detail reads the same in every language; prefer the overload taking ``Text``.
    /// - Parameter detail: What was looked for and where.
    /// - Returns: A ``Code/modelNotFound`` error.
    public static func modelNotFound(_ detail: String) -> DictationError {
        modelNotFound(Text(detail))
    }

    /// A locale for which no model is installed.
    /// - Parameter locale: The locale that was asked for.
    /// - Returns: A ``Code/localeUnsupported`` error.
    public static func localeUnsupported(_ locale: String) -> DictationError {
        DictationError(
            code: .localeUnsupported,
            message: Text(
                english: "I have no speech model for \(locale). `dictate locales` lists the languages I can "
                    + "transcribe; install a model for \(locale) or pick one of those.",
                norwegianBokmal: "Jeg har ingen talemodell for \(locale). `dictate locales` viser språkene jeg kan "
                    + "transkribere; installer en modell for \(locale), eller velg et av dem."))
    }

    /// A failure inside the recognizer.
    /// - Parameters:
    ///   - detail: What failed, in each language.
    ///   - isFatal: Whether the session ends because of it.
    /// - Returns: A ``Code/recognitionFailed`` error.
    public static func recognitionFailed(_ detail: Text, isFatal: Bool = true) -> DictationError {
        DictationError(
            code: .recognitionFailed,
            message: Text(
                english: "I couldn't recognize that: \(detail.english). Try again; if it keeps happening, run "
                    + "`dictate transcribe --verbose` and report what it prints.",
                norwegianBokmal: "Jeg klarte ikke å gjenkjenne det: \(detail.norwegianBokmal). Prøv igjen; hvis "
                    + "det fortsetter, kjør `dictate transcribe --verbose` og meld fra om det den skriver ut."),
            isFatal: isFatal)
    }

    /// A failure inside the recognizer, described in one language.
    ///
    /// The detail reads the same in every language; prefer the overload taking ``Text``.
    /// - Parameters:
    ///   - detail: What failed.
    ///   - isFatal: Whether the session ends because of it.
    /// - Returns: A ``Code/recognitionFailed`` error.
    public static func recognitionFailed(_ detail: String, isFatal: Bool = true) -> DictationError {
        recognitionFailed(Text(detail), isFatal: isFatal)
    }

    /// A session that heard no speech.
    /// - Returns: A non-fatal ``Code/noSpeechDetected`` error.
    public static func noSpeechDetected() -> DictationError {
        DictationError(
            code: .noSpeechDetected,
            message: Text(
                english: "I didn't hear any speech. Check that the right microphone or file is used and "
                    + "that it isn't muted.",
                norwegianBokmal: "Jeg hørte ingen tale. Sjekk at riktig mikrofon eller fil brukes, og at lyden "
                    + "ikke er dempet."),
            isFatal: false)
    }

    /// A bug or broken invariant inside DictationKit.
    /// - Parameter detail: What went wrong, in each language.
    /// - Returns: An ``Code/internal`` error.
    public static func `internal`(_ detail: Text) -> DictationError {
        DictationError(
            code: .internal,
            message: Text(
                english: "Something went wrong inside me: \(detail.english). Please report it.",
                norwegianBokmal: "Noe gikk galt inne i meg: \(detail.norwegianBokmal). Meld gjerne fra om det."))
    }

    /// A bug or broken invariant inside DictationKit, described in one language.
    ///
    /// The detail reads the same in every language; prefer the overload taking ``Text``.
    /// - Parameter detail: What went wrong.
    /// - Returns: An ``Code/internal`` error.
    public static func `internal`(_ detail: String) -> DictationError {
        `internal`(Text(detail))
    }

    /// `start` called while a run of the same session is going.
    /// - Returns: An ``Code/internal`` error saying to stop first.
    public static func sessionAlreadyRunning() -> DictationError {
        .internal(
            Text(
                english: "a session is already running; call stop() before starting again",
                norwegianBokmal: "en økt kjører allerede; kall stop() før du starter på nytt"))
    }
}
