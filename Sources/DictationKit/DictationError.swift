/// An error from a dictation session, with a stable machine-readable ``code``.
///
/// Codes are static constants on ``Code`` rather than enum cases, so new codes can be added
/// without breaking a caller's `switch`. `code.rawValue` is the string that appears in JSON.
/// The ``message`` is written for people: it says what happened and what to do.
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

    /// The stable code of this error.
    public var code: Code
    /// A first-person message for people, saying what happened and what to do.
    public var message: String
    /// Whether the session cannot go on after this error.
    public var isFatal: Bool

    /// Creates an error.
    /// - Parameters:
    ///   - code: The stable code.
    ///   - message: A message for people, saying what happened and what to do.
    ///   - isFatal: Whether the session ends because of it.
    public init(code: Code, message: String, isFatal: Bool = true) {
        self.code = code
        self.message = message
        self.isFatal = isFatal
    }

    /// The message followed by the code, e.g. `"I can't read ... (invalidAudio)"`.
    public var description: String { "\(message) (\(code.rawValue))" }
}

extension DictationError {
    /// Audio that cannot be read or understood.
    /// - Parameters:
    ///   - detail: What exactly is wrong, e.g. "the WAV header says 0 channels".
    ///   - advice: What to do about it; by default, how to give audio DictationKit reads.
    /// - Returns: An ``Code/invalidAudio`` error.
    public static func invalidAudio(_ detail: String, advice: String? = nil) -> DictationError {
        let advice = advice
            ?? "Convert it to a PCM WAV file (e.g. `sox input output.wav`), or give the rate, channels and encoding of raw PCM."
        return DictationError(code: .invalidAudio, message: "I can't use this audio: \(detail). \(advice)")
    }

    /// A recognition model that is missing or incomplete.
    /// - Parameter detail: What was looked for and where.
    /// - Returns: A ``Code/modelNotFound`` error.
    public static func modelNotFound(_ detail: String) -> DictationError {
        DictationError(
            code: .modelNotFound,
            message: "I can't find a speech model: \(detail). Install one (e.g. `apt-get install "
                + "pocketsphinx-en-us`) or point me at it with --model; `dictate locales` lists what I can use.")
    }

    /// A locale for which no model is installed.
    /// - Parameter locale: The locale that was asked for.
    /// - Returns: A ``Code/localeUnsupported`` error.
    public static func localeUnsupported(_ locale: String) -> DictationError {
        DictationError(
            code: .localeUnsupported,
            message: "I have no speech model for \(locale). `dictate locales` lists the languages I can "
                + "transcribe; install a model for \(locale) or pick one of those.")
    }

    /// A failure inside the recognizer.
    /// - Parameters:
    ///   - detail: What failed.
    ///   - isFatal: Whether the session ends because of it.
    /// - Returns: A ``Code/recognitionFailed`` error.
    public static func recognitionFailed(_ detail: String, isFatal: Bool = true) -> DictationError {
        DictationError(
            code: .recognitionFailed,
            message: "I couldn't recognize that: \(detail). Try again; if it keeps happening, run "
                + "`dictate transcribe --verbose` and report what it prints.",
            isFatal: isFatal)
    }

    /// A session that heard no speech.
    /// - Returns: A non-fatal ``Code/noSpeechDetected`` error.
    public static func noSpeechDetected() -> DictationError {
        DictationError(
            code: .noSpeechDetected,
            message: "I didn't hear any speech. Check that the right microphone or file is used and "
                + "that it isn't muted.",
            isFatal: false)
    }

    /// A bug or broken invariant inside DictationKit.
    /// - Parameter detail: What went wrong.
    /// - Returns: An ``Code/internal`` error.
    public static func `internal`(_ detail: String) -> DictationError {
        DictationError(
            code: .internal,
            message: "Something went wrong inside me: \(detail). Please report it.")
    }
}
