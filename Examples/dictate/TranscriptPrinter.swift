import DictationKit
import Foundation

/// Prints one recording's events to standard output in the chosen format.
///
/// Partials on a terminal are one line redrawn in place (cleared before real output); piped,
/// each is a line of its own.
struct TranscriptPrinter {
    private let format: OutputFormat
    private let file: String?
    private let language: DictationError.Language
    private let outputIsTerminal = Terminal.standardOutputIsTerminal
    private var subtitles: SubtitleFormatter?
    private var status = StatusLine()

    /// - Parameters:
    ///   - format: The output format.
    ///   - file: The recording's path for the `file` field of jsonl lines; `nil` for none.
    ///   - language: The language of notes.
    init(format: OutputFormat, file: String?, language: DictationError.Language = .english) {
        self.format = format
        self.file = file
        self.language = language
        switch format {
        case .srt: subtitles = SubtitleFormatter(kind: .srt)
        case .vtt: subtitles = SubtitleFormatter(kind: .vtt)
        case .text, .jsonl: subtitles = nil
        }
        if let header = subtitles?.header, !header.isEmpty { Terminal.write(header) }
    }

    mutating func print(_ event: DictationEvent) {
        switch (format, event) {
        case (.jsonl, _):
            output((file.map { event.jsonLine(file: $0) } ?? event.jsonLine()) + "\n")
        case (.text, .final(let transcript)):
            output(transcript.text + "\n" + AlternativeLines.text(for: transcript))
        case (.text, .partial(let transcript)):
            if outputIsTerminal {
                status.show(transcript.text + " …", toStandardError: false)
            } else {
                output("… " + transcript.text + "\n")
            }
        case (.srt, .final(let transcript)), (.vtt, .final(let transcript)):
            if let cue = subtitles?.cue(for: transcript) { output(cue) }
        default:
            break
        }
    }

    /// Clears the partial line, if one is shown.
    mutating func finish() { status.clear() }

    private mutating func output(_ text: String) {
        status.clear()
        Terminal.write(text)
    }
}
