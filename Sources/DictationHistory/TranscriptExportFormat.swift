import DictationKit

/// The forms a kept session can be exported in; the same as `dictate transcribe` prints.
public enum TranscriptExportFormat: String, Sendable, Hashable, CaseIterable {
    /// One line per utterance.
    case text
    /// One JSON object per utterance, exactly as the session's final events
    /// (`DictationEvent.jsonLine()`).
    case jsonl
    /// SubRip subtitles.
    case srt
    /// WebVTT subtitles.
    case vtt

    /// Writes finals in this format: text and subtitles with each final's written text where it
    /// has one (a final that was only a spoken command, written empty, is left out), jsonl with
    /// both forms.
    /// - Parameter finals: The finals, in order.
    /// - Returns: The whole document, each line ended by a newline.
    public func render(_ finals: [Transcript]) -> String {
        let shown = finals.compactMap { final -> Transcript? in
            guard let written = final.writtenText else { return final }
            guard !written.isEmpty else { return nil }
            var shown = final
            shown.text = written
            return shown
        }
        switch self {
        case .text:
            return shown.map { $0.text + "\n" }.joined()
        case .jsonl:
            return finals.map { DictationEvent.final($0).jsonLine() + "\n" }.joined()
        case .srt, .vtt:
            var subtitles = SubtitleFormatter(kind: self == .srt ? .srt : .vtt)
            return subtitles.header + shown.map { subtitles.cue(for: $0) }.joined()
        }
    }
}
