import ArgumentParser

/// How `dictate` prints results.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    /// One line per utterance.
    case text
    /// Every event as one JSON object per line (DictationEvent.jsonLine()).
    case jsonl
    /// SubRip subtitles with the utterance times.
    case srt
    /// WebVTT subtitles with the utterance times.
    case vtt
}
