import DictationDesktop
import DictationKit

/// `dictate listen`'s output for screen readers and braille displays (`--plain`, or standard
/// output not a terminal): lines appended, never redrawn, and no escape sequences. Each final is
/// a line of its written text (with --raw, the recognizer's words); "scratch that" prints
/// `scratched: ` and what it took back, "new paragraph" a blank line. With --stable-words, each
/// stretch of a partial that has become stable is a line of its own too, printed once, and the
/// final's line still follows. Notices and errors go to standard error as sentences.
struct PlainDisplay: ListenDisplay {
    private var finals: ShownFinals
    private let stableWords: Bool
    private let language: DictationError.Language
    /// How many of each utterance's stable words are printed, until its final. By utterance, since
    /// with two passes the next utterance's partials may come before the previous one's final.
    private var printedWords: [Int: Int] = [:]

    init(raw: Bool, stableWords: Bool, language: DictationError.Language = .english) {
        finals = ShownFinals(raw: raw)
        self.stableWords = stableWords
        self.language = language
    }

    mutating func show(_ event: DictationEvent) {
        switch event {
        case .partial(let transcript) where stableWords:
            printNewlyStable(in: transcript)
        case .final(let transcript):
            printedWords[transcript.utteranceIndex] = nil
            if case .added(let shown) = finals.take(event) {
                let text = finals.raw ? LiveDisplay.line(for: transcript, marking: false) : shown.text
                Terminal.write(text + "\n" + AlternativeLines.text(for: transcript))
            }
        case .command:
            switch finals.take(event) {
            case .removed(let scratched): Terminal.write("scratched: \(scratched.text)\n")
            case .paragraph: Terminal.write("\n")
            default: break
            }
        case .error(let error) where !error.isFatal && error.code != .noSpeechDetected:
            say(error.description)
        case .recordingStarted(let path):
            say("recording to \(path)")
        case .localeSelected:
            if let note = event.notice(in: language) { say(note) }
        default:
            break
        }
    }

    /// Nothing to tidy: every line is complete when printed.
    mutating func finish() {}

    private mutating func printNewlyStable(in partial: Transcript) {
        let words = Self.stableWords(of: partial, raw: finals.raw)
        let printed = printedWords[partial.utteranceIndex, default: 0]
        guard words.count > printed else { return }
        Terminal.write(words[printed...].joined(separator: " ") + "\n")
        printedWords[partial.utteranceIndex] = words.count
    }

    private func say(_ sentence: String) {
        Terminal.write("dictate: \(sentence)\n", toStandardError: true)
    }

    /// The words of a partial that are safe to print before its final: those `dictate type
    /// --live` would type (DictationDesktop's `StablePrefix`).
    static func stableWords(of partial: Transcript, raw: Bool) -> [Substring] {
        StablePrefix.of(partial, raw: raw).split(separator: " ")
    }
}
