import DictationKit

/// The finals of one recording as the reader means them: each final's written text (the
/// recognizer's words with --raw), without what "scratch that" removed.
struct ShownFinals {
    /// What an event did to the text.
    enum Change {
        /// A final to show, its text the one to print.
        case added(Transcript)
        /// A final shown before that "scratch that" removed.
        case removed(Transcript)
        /// "new paragraph": a blank line.
        case paragraph
    }

    /// --raw: the recognizer's words, and commands are words too.
    let raw: Bool
    /// The finals to show, in order, their `text` the one to print.
    private(set) var finals: [Transcript] = []

    init(raw: Bool) { self.raw = raw }

    /// The text to show for a result: its written text, or its words with --raw.
    func shown(_ transcript: Transcript) -> String {
        raw ? transcript.text : transcript.writtenText ?? transcript.text
    }

    /// Takes one event, and says what it changed.
    mutating func take(_ event: DictationEvent) -> Change? {
        switch event {
        case .final(var transcript):
            let text = shown(transcript)
            // An utterance that was only a command has nothing to show.
            if !raw, text.isEmpty, transcript.writtenText != nil { return nil }
            transcript.text = text
            finals.append(transcript)
            return .added(transcript)
        case .command(let command) where !raw:
            if command.kind == .newParagraph { return .paragraph }
            guard command.kind == .scratchThat, let scratched = command.scratchedUtterance,
                let position = finals.lastIndex(where: { $0.utteranceIndex == scratched })
            else { return nil }
            return .removed(finals.remove(at: position))
        default:
            return nil
        }
    }

    /// The finals as subtitles.
    func subtitles(_ kind: SubtitleFormatter.Kind) -> String {
        var formatter = SubtitleFormatter(kind: kind)
        return formatter.header + finals.map { formatter.cue(for: $0) }.joined()
    }
}
