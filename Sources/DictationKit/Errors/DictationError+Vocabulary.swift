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
            message: Text(
                english: "I can't use \"\(phrase)\" from your vocabulary: \(reason.english).",
                norwegianBokmal: "Jeg kan ikke bruke «\(phrase)» fra vokabularet ditt: \(reason.norwegianBokmal)."),
            isFatal: false)
    }

    /// A session whose recognizer takes no vocabulary.
    /// - Returns: A non-fatal ``Code/vocabularyUnsupported`` error.
    public static func vocabularyUnsupported() -> DictationError {
        DictationError(
            code: .vocabularyUnsupported,
            message: Text(
                english: "This recognizer can't take a vocabulary, so I'm recognizing without yours. "
                    + "Use PocketSphinxRecognizer for custom words and phrases.",
                norwegianBokmal: "Denne talegjenkjenneren kan ikke ta imot et vokabular, så jeg gjenkjenner uten ditt. "
                    + "Bruk PocketSphinxRecognizer for egne ord og uttrykk."),
            isFatal: false)
    }
}

/// What can be wrong with a vocabulary file or entry, each with its message in English and
/// Norwegian bokmål; the exhaustive `switch` keeps both texts.
enum VocabularyProblem: Hashable {
    /// Where in a vocabulary a problem is: a file's line, or a JSON entry's number. It starts the
    /// message's sentence as it is (a path keeps its case).
    struct Place: Hashable {
        var source: String
        var line: Int?
        var entry: Int?

        var text: DictationError.Text {
            if let line {
                return DictationError.Text(english: "\(source), line \(line)", norwegianBokmal: "\(source), linje \(line)")
            }
            if let entry {
                return DictationError.Text(
                    english: "\(source), entry \(entry)", norwegianBokmal: "\(source), oppføring \(entry)")
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

    private static let format = DictationError.Text(
        english: "Write one entry a line, as `phrase`, `phrase | written form` or `phrase | written form | PH O N ES ; "
            + "OTHER`, or JSON (see docs/cli.md)",
        norwegianBokmal: "Skriv én oppføring per linje, som `uttrykk`, `uttrykk | skrivemåte` eller `uttrykk | skrivemåte "
            + "| F O N E R ; ANDRE`, eller JSON (se docs/cli.md)")

    var error: DictationError {
        let detail: DictationError.Text
        var advice = Self.format
        switch self {
        case .unreadable(let path):
            detail = DictationError.Text(
                english: "I can't read the vocabulary file \(path)",
                norwegianBokmal: "Jeg får ikke lest vokabularfilen \(path)")
            advice = DictationError.Text(
                english: "Check the path and that you may read it", norwegianBokmal: "Sjekk stien og at du har lov å lese den")
        case .notText(let path):
            detail = DictationError.Text(
                english: "The vocabulary file \(path) is not UTF-8 text",
                norwegianBokmal: "Vokabularfilen \(path) er ikke UTF-8-tekst")
        case .malformedJSON(let path):
            detail = DictationError.Text(
                english: "The vocabulary file \(path) is not a vocabulary in JSON",
                norwegianBokmal: "Vokabularfilen \(path) er ikke et vokabular i JSON")
        case .boostOutOfRange(let path):
            detail = DictationError.Text(
                english: "The boost in \(path) is not between 0 and 1",
                norwegianBokmal: "Forsterkningen (boost) i \(path) er ikke mellom 0 og 1")
            advice = DictationError.Text(
                english: "Give a boost from 0 to 1, or leave it out",
                norwegianBokmal: "Oppgi en forsterkning fra 0 til 1, eller utelat den")
        case .tooManyFields(let place):
            detail = DictationError.Text(
                english: "\(place.text.english) has more than three fields",
                norwegianBokmal: "\(place.text.norwegianBokmal) har mer enn tre felt")
        case .emptyEntry(let place):
            detail = DictationError.Text(
                english: "\(place.text.english) has no words to recognize",
                norwegianBokmal: "\(place.text.norwegianBokmal) har ingen ord å gjenkjenne")
        case .pronunciationOfPhrase(let place, let phrase):
            detail = DictationError.Text(
                english: "\(place.text.english) gives pronunciations for \"\(phrase)\", which has several words",
                norwegianBokmal: "\(place.text.norwegianBokmal) gir uttaler for «\(phrase)», som har flere ord")
            advice = DictationError.Text(
                english: "Give each word that needs one its own entry with its pronunciation",
                norwegianBokmal: "Gi hvert ord som trenger det en egen oppføring med uttalen sin")
        }
        return DictationError(
            code: .invalidVocabulary,
            message: DictationError.Text(
                english: "\(detail.english). \(advice.english).",
                norwegianBokmal: "\(detail.norwegianBokmal). \(advice.norwegianBokmal)."))
    }
}
