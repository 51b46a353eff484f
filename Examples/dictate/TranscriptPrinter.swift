import DictationKit
import Foundation

/// Prints a session's events in the chosen format, with a progress line on a terminal.
///
/// Results go to standard output; progress goes to standard error, and only when that is a
/// terminal, so piped or redirected output never contains it.
struct TranscriptPrinter {
    private let format: OutputFormat
    private let label: String?
    private let showsProgress: Bool
    private let language: DictationError.Language
    private let outputIsTerminal = Terminal.standardOutputIsTerminal
    private var subtitles: SubtitleFormatter?
    private var status = StatusLine()
    private let startedAt = Date()

    init(format: OutputFormat, label: String?, showsProgress: Bool, language: DictationError.Language = .english) {
        self.format = format
        self.label = label
        self.showsProgress = showsProgress
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
        case (_, .progress(let processed, let total)):
            if showsProgress { status.show(progress(processed: processed, total: total), toStandardError: true) }
        case (.jsonl, _):
            output(event.jsonLine() + "\n")
        case (.text, .final(let transcript)):
            output(prefixed(transcript.text) + "\n")
        case (.text, .partial(let transcript)):
            if outputIsTerminal {
                status.show(prefixed(transcript.text) + " …", toStandardError: false)
            } else {
                output("… " + prefixed(transcript.text) + "\n")
            }
        case (.srt, .final(let transcript)), (.vtt, .final(let transcript)):
            if let cue = subtitles?.cue(for: transcript) { output(cue) }
        case (_, .localeSelected):
            // A note, not a result: on standard error, so text and subtitles stay clean.
            status.clear()
            if let note = event.notice(in: language) { Terminal.write("dictate: \(note)\n", toStandardError: true) }
        default:
            break
        }
    }

    /// Reports a non-fatal error on standard error and goes on.
    mutating func warn(_ error: DictationError) {
        status.clear()
        Terminal.write("dictate: \(error.description)\n", toStandardError: true)
    }

    mutating func finish() { status.clear() }

    private func prefixed(_ text: String) -> String {
        label.map { "\($0): \(text)" } ?? text
    }

    private func progress(processed: Double, total: Double?) -> String {
        let elapsed = Date().timeIntervalSince(startedAt)
        let speed = elapsed > 0 ? String(format: "%.1f× real time", processed / elapsed) : ""
        guard let total, total > 0 else { return String(format: "%.1f s · %@", processed, speed) }
        let percent = min(100, Int(processed / total * 100))
        return String(format: "%3d%% · %.1f of %.1f s · %@", percent, processed, total, speed)
    }

    private mutating func output(_ text: String) {
        status.clear()
        Terminal.write(text)
    }
}
