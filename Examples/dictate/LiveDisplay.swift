import DictationKit
import Foundation

/// `dictate listen`'s output. On a terminal: a status line redrawn in place (a recording dot, the
/// elapsed time, a level meter and the current partial, its volatile words dimmed, or in brackets
/// without colour, after the stable ones) and each final as a line of its own, as written (with
/// --raw: the recognizer's words, unsure ones marked); "scratch that" prints what it took back,
/// dimmed, and "new paragraph" a blank line. Otherwise (`--format jsonl`): every event as a line
/// of JSON. ``PlainDisplay`` prints plain lines instead of either.
struct LiveDisplay: ListenDisplay {
    /// Words the recognizer is less sure of than this are marked.
    static let lowConfidence = 0.5

    private let live: Bool
    private var finals: ShownFinals
    private let language: DictationError.Language
    private let colour: Bool
    private let startedAt = ContinuousClock.now
    private var level: Float = -100
    private var partial: Transcript?
    private var status = StatusLine()

    init(live: Bool, raw: Bool = false, language: DictationError.Language = .english) {
        self.live = live
        finals = ShownFinals(raw: raw)
        self.language = language
        // https://no-color.org: any value of NO_COLOR, even empty, turns colour off.
        colour = live && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    mutating func show(_ event: DictationEvent) {
        guard live else {
            Terminal.write(event.jsonLine() + "\n")
            return
        }
        switch event {
        case .partial(let transcript):
            partial = transcript
            redraw()
        case .final(let transcript):
            // With two passes the next utterance's partials may already be showing; they stay.
            if partial?.utteranceIndex == transcript.utteranceIndex { partial = nil }
            status.clear()
            if case .added = finals.take(event) {
                Terminal.write(
                    (finals.raw ? line(for: transcript) : finals.shown(transcript)) + "\n"
                        + AlternativeLines.text(for: transcript))
            }
            redraw()
        case .command:
            status.clear()
            switch finals.take(event) {
            case .removed(let scratched): Terminal.write(dimmed("[scratched: \(scratched.text)]") + "\n")
            case .paragraph: Terminal.write("\n")
            default: break
            }
            redraw()
        case .level(let dbfs):
            level = dbfs
            redraw()
        case .error(let error) where !error.isFatal && error.code != .noSpeechDetected:
            status.clear()
            Terminal.write("dictate: \(error.description)\n", toStandardError: true)
            redraw()
        case .recordingStarted(let path):
            status.clear()
            Terminal.write("dictate: recording to \(path)\n", toStandardError: true)
            redraw()
        case .localeSelected:
            status.clear()
            if let note = event.notice(in: language) { Terminal.write("dictate: \(note)\n", toStandardError: true) }
            redraw()
        default:
            break
        }
    }

    mutating func finish() {
        if live { status.clear() }
    }

    private func dimmed(_ text: String) -> String { colour ? "\u{1B}[2m\(text)\u{1B}[0m" : text }

    /// The final's text with unsure words underlined (unmarked without colour).
    func line(for transcript: Transcript) -> String { Self.line(for: transcript, marking: colour) }

    /// A final's recognized words as --raw prints them, unsure ones underlined when `marking`.
    static func line(for transcript: Transcript, marking: Bool) -> String {
        guard !transcript.words.isEmpty else { return transcript.text }
        return transcript.words.map { word in
            guard marking, word.confidence < lowConfidence else { return word.text }
            return "\u{1B}[4;33m\(word.text)\u{1B}[0m"
        }.joined(separator: " ")
    }

    private mutating func redraw() {
        let elapsed = Int((ContinuousClock.now - startedAt) / .seconds(1))
        let time = String(format: "%02d:%02d", elapsed / 60, elapsed % 60)
        let dot = colour ? "\u{1B}[31m●\u{1B}[0m" : "●"
        let (words, hidden) = partial.map { shown(finals.raw ? $0 : Self.writtenPartial($0)) } ?? ("", 0)
        status.show(
            "\(dot) \(time) \(Self.meter(level)) \(words)", toStandardError: false, visibleExtra: (colour ? 9 : 0) + hidden)
    }

    /// A partial's stable words as they are, its volatile ones dimmed (in brackets without colour),
    /// and how many characters of escape sequences that takes.
    func shown(_ partial: Transcript) -> (text: String, hidden: Int) {
        let stable = partial.stableText
        let volatile = partial.volatileText
        guard !volatile.isEmpty else { return (stable, 0) }
        let separator = stable.isEmpty ? "" : " "
        guard colour else { return (stable + separator + "[" + volatile + "]", 0) }
        return (stable + separator + "\u{1B}[2m" + volatile + "\u{1B}[0m", 8)
    }

    /// A partial with its written text as its words, so that it shows as written. Its stable
    /// count stays the spoken one (capped): an approximation, since a number written as digits
    /// takes fewer words than spoken; it only decides what is dimmed.
    static func writtenPartial(_ partial: Transcript) -> Transcript {
        guard let written = partial.writtenText else { return partial }
        var shown = partial
        shown.text = written
        shown.stableWordCount = min(partial.stableWordCount, written.split(separator: " ").count)
        return shown
    }

    /// Ten cells from −60 dBFS (empty) to 0 dBFS (full).
    static func meter(_ dbfs: Float) -> String {
        let cells = Int(((max(-60, min(0, dbfs)) + 60) / 6).rounded())
        return "[" + String(repeating: "▮", count: cells) + String(repeating: " ", count: 10 - cells) + "]"
    }
}
