extension DictationError.Code {
    /// A vocabulary (``Vocabulary``) that can't be used as given: a file that can't be read or
    /// has a malformed line, an entry with no words, pronunciations on a phrase of several words,
    /// or, in a session, an entry the recognizer can't pronounce or whose phones its model lacks.
    /// Reading a file throws it; in a session it is not fatal: the session goes on with the
    /// entries it could use.
    public static let invalidVocabulary = DictationError.Code(rawValue: "invalidVocabulary")
    /// The session's recognizer takes no vocabulary (its decoder says so through
    /// ``SpeechDecoder/takeNotices()``); the
    /// session goes on without it. Not fatal.
    public static let vocabularyUnsupported = DictationError.Code(rawValue: "vocabularyUnsupported")
}

extension DictationError {
    /// An entry of a session's vocabulary that the recognizer can't use; the session goes on
    /// with the others.
    /// - Parameters:
    ///   - phrase: The entry, as the user wrote it.
    ///   - reason: Why not, and what to do, as a sentence without its final period, in each language.
    /// - Returns: A non-fatal ``Code/invalidVocabulary`` error.
    public static func unusableVocabularyEntry(_ phrase: String, reason: Text) -> DictationError {
        DictationError(
            code: .invalidVocabulary,
            message: Text(.vocabularyEntryUnusable, ["phrase": "\(phrase)", "reason": reason]),
            isFatal: false)
    }

    /// A session whose recognizer takes no vocabulary.
    /// - Returns: A non-fatal ``Code/vocabularyUnsupported`` error.
    public static func vocabularyUnsupported() -> DictationError {
        DictationError(
            code: .vocabularyUnsupported,
            message: Text(.vocabularyUnsupported),
            isFatal: false)
    }
}

/// What can be wrong with a vocabulary file or entry, each with its message in English and
/// Norwegian bokmål (``MessageTable``); the exhaustive `switch` gives every case one.
enum VocabularyProblem: Hashable {
    /// Where in a vocabulary a problem is: a file's line, or a JSON entry's number. It starts the
    /// message's sentence as it is (a path keeps its case).
    struct Place: Hashable {
        var source: String
        var line: Int?
        var entry: Int?

        var text: DictationError.Text {
            if let line {
                return DictationError.Text(.vocabularyPlaceLine, ["source": "\(source)", "line": "\(line)"])
            }
            if let entry {
                return DictationError.Text(.vocabularyPlaceEntry, ["source": "\(source)", "entry": "\(entry)"])
            }
            return DictationError.Text(source)
        }
    }

    case unreadable(path: String)
    case notText(path: String)
    case malformedJSON(path: String)
    case boostOutOfRange(path: String)
    case tooManyFields(Place)
    case emptyEntry(Place)
    case pronunciationOfPhrase(Place, phrase: String)

    private static let format = DictationError.Text(.vocabularyFormatAdvice)

    var error: DictationError {
        let detail: DictationError.Text
        var advice = Self.format
        switch self {
        case .unreadable(let path):
            detail = DictationError.Text(.vocabularyFileUnreadable, ["path": "\(path)"])
            advice = DictationError.Text(.vocabularyFileAdvice)
        case .notText(let path):
            detail = DictationError.Text(.vocabularyFileNotText, ["path": "\(path)"])
        case .malformedJSON(let path):
            detail = DictationError.Text(.vocabularyFileNotJSON, ["path": "\(path)"])
        case .boostOutOfRange(let path):
            detail = DictationError.Text(.vocabularyBoostOutOfRange, ["path": "\(path)"])
            advice = DictationError.Text(.vocabularyBoostAdvice)
        case .tooManyFields(let place):
            detail = DictationError.Text(.vocabularyTooManyFields, ["place": place.text])
        case .emptyEntry(let place):
            detail = DictationError.Text(.vocabularyEmptyEntry, ["place": place.text])
        case .pronunciationOfPhrase(let place, let phrase):
            detail = DictationError.Text(.vocabularyPronunciationOfPhrase, ["place": place.text, "phrase": "\(phrase)"])
            advice = DictationError.Text(.vocabularyPronunciationAdvice)
        }
        return DictationError(
            code: .invalidVocabulary,
            message: DictationError.Text(.invalidVocabulary, ["detail": detail, "advice": advice]))
    }
}
