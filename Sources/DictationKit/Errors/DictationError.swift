/// An error from a dictation session, with a stable machine-readable ``code``.
///
/// Codes are static constants on ``Code`` rather than enum cases, so new codes can be added
/// without breaking a caller's `switch`. `code.rawValue` is the string that appears in JSON.
/// The ``message`` is written for people: it says what happened and what to do, in English or
/// Norwegian bokmål. An error carries its message as a ``Text`` that is written out in a language
/// only when it is read (DictationKit's messages are kept in one table per language, keyed by
/// message); ``message`` is the one in its ``language``, English unless the error was localized
/// with ``localized(for:)`` (a session localizes its errors to the locale of its
/// ``DictationOptions``).
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
    ///   - message: The message, saying what happened and what to do, in each language.
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

    /// The message in every language, to put into another message or to send on with both
    /// its languages.
    package var messageText: Text { text }

    /// ``description`` in every language: the message followed by the code.
    package var descriptionText: Text {
        Text(joining: [text, Text("(\(code.rawValue))")], separator: " ")
    }
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
            ?? Text(.invalidAudioAdvice)
        return DictationError(
            code: .invalidAudio,
            message: Text(.invalidAudio, ["detail": detail, "advice": advice]))
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
        invalidAudio(Text(detail), advice: advice.map { Text($0) })
    }

    /// A recognition model that is missing or incomplete.
    /// - Parameter detail: What was looked for and where, in each language.
    /// - Returns: A ``Code/modelNotFound`` error.
    public static func modelNotFound(_ detail: Text) -> DictationError {
        DictationError(
            code: .modelNotFound,
            message: Text(.modelNotFound, ["detail": detail]))
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
            message: Text(.localeUnsupported, ["locale": "\(locale)"]))
    }

    /// A failure inside the recognizer.
    /// - Parameters:
    ///   - detail: What failed, in each language.
    ///   - isFatal: Whether the session ends because of it.
    /// - Returns: A ``Code/recognitionFailed`` error.
    public static func recognitionFailed(_ detail: Text, isFatal: Bool = true) -> DictationError {
        DictationError(
            code: .recognitionFailed,
            message: Text(.recognitionFailed, ["detail": detail]),
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
            message: Text(.noSpeechDetected),
            isFatal: false)
    }

    /// A bug or broken invariant inside DictationKit.
    /// - Parameter detail: What went wrong, in each language.
    /// - Returns: An ``Code/internal`` error.
    public static func `internal`(_ detail: Text) -> DictationError {
        DictationError(
            code: .internal,
            message: Text(.internal, ["detail": detail]))
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
            Text(.sessionAlreadyRunning))
    }
}
