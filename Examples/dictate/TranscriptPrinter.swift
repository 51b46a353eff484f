import DictationKit
import Foundation

/// Prints one recording's events to standard output in the chosen format.
///
/// Text is each final's written text (the recognizer's words with --raw), a line per utterance.
/// Partials on a terminal are one line redrawn in place (cleared before real output); piped,
/// each is a line of its own. "scratch that" removes the final before it: the last final's line
/// is held back until the next one comes (or the recording ends), so that it can be left out; a
/// final already printed can't be taken back from a pipe, so its removal is printed as a line
/// `[scratched: TEXT]`. Subtitles are printed at the end, without what was scratched.
struct TranscriptPrinter {
    private let format: OutputFormat
    private let file: String?
    private let language: DictationError.Language
    private let outputIsTerminal = Terminal.standardOutputIsTerminal
    private var status = StatusLine()
    private var finals: ShownFinals
    /// The last final's line, not printed yet.
    private var heldBack: Transcript?

    /// - Parameters:
    ///   - format: The output format.
    ///   - file: The recording's path for the `file` field of jsonl lines; `nil` for none.
    ///   - raw: --raw: the recognizer's words, no commands.
    ///   - language: The language of notes.
    init(format: OutputFormat, file: String?, raw: Bool = false, language: DictationError.Language = .english) {
        self.format = format
        self.file = file
        self.language = language
        finals = ShownFinals(raw: raw)
    }

    mutating func print(_ event: DictationEvent) {
        switch (format, event) {
        case (.jsonl, _):
            output((file.map { event.jsonLine(file: $0) } ?? event.jsonLine()) + "\n")
        case (.text, .partial(let transcript)):
            let text = finals.shown(transcript)
            if outputIsTerminal {
                status.show(text + " …", toStandardError: false)
            } else {
                output("… " + text + "\n")
            }
        case (.text, _):
            switch finals.take(event) {
            case .added(let transcript):
                if finals.raw {
                    output(transcript.text + "\n" + AlternativeLines.text(for: transcript))
                } else {
                    releaseHeldBack()
                    heldBack = transcript
                }
            case .removed(let transcript):
                if heldBack?.utteranceIndex == transcript.utteranceIndex {
                    heldBack = nil
                } else {
                    output("[scratched: \(transcript.text)]\n")
                }
            case .paragraph:
                releaseHeldBack()
                output("\n")
            case nil:
                break
            }
        case (.srt, _), (.vtt, _):
            _ = finals.take(event)
        }
    }

    /// Prints what is held back (the last line, the subtitles) and clears the partial line.
    mutating func finish() {
        releaseHeldBack()
        switch format {
        case .srt: output(finals.subtitles(.srt))
        case .vtt: output(finals.subtitles(.vtt))
        case .text, .jsonl: break
        }
        status.clear()
    }

    private mutating func releaseHeldBack() {
        if let heldBack { output(heldBack.text + "\n" + AlternativeLines.text(for: heldBack)) }
        heldBack = nil
    }

    private mutating func output(_ text: String) {
        status.clear()
        Terminal.write(text)
    }
}
