/// SubRip (`.srt`) and WebVTT (`.vtt`) cues from final transcripts, one cue per utterance.
///
/// ```swift
/// var subtitles = SubtitleFormatter(kind: .vtt)
/// var text = subtitles.header
/// for transcript in finals { text += subtitles.cue(for: transcript) }
/// ```
public struct SubtitleFormatter: Sendable {
    /// The subtitle format.
    public enum Kind: Sendable, Hashable {
        /// SubRip: numbered cues, `HH:MM:SS,mmm` times.
        case srt
        /// WebVTT: a `WEBVTT` header, `HH:MM:SS.mmm` times.
        case vtt
    }

    /// The format this formatter writes.
    public let kind: Kind
    private var cueNumber = 0

    /// Creates a formatter whose first cue is number 1.
    /// - Parameter kind: The subtitle format.
    public init(kind: Kind) { self.kind = kind }

    /// What comes before the first cue: `"WEBVTT\n\n"` for WebVTT, nothing for SubRip.
    public var header: String { kind == .vtt ? "WEBVTT\n\n" : "" }

    /// One cue, with the blank line that ends it. A cue lasts at least a millisecond.
    /// - Parameter transcript: A final transcript, with its utterance times.
    /// - Returns: The cue's text.
    public mutating func cue(for transcript: Transcript) -> String {
        cueNumber += 1
        let end = max(transcript.endTime, transcript.startTime + 0.001)
        let times = "\(timestamp(transcript.startTime)) --> \(timestamp(end))"
        switch kind {
        case .srt: return "\(cueNumber)\n\(times)\n\(transcript.text)\n\n"
        case .vtt: return "\(times)\n\(transcript.text)\n\n"
        }
    }

    /// A subtitle time: `HH:MM:SS,mmm` for SubRip, `HH:MM:SS.mmm` for WebVTT.
    /// - Parameter seconds: Seconds from the start of the audio; negative times count as 0.
    /// - Returns: The time, rounded to the millisecond.
    public func timestamp(_ seconds: Double) -> String {
        let milliseconds = Int((max(0, seconds) * 1000).rounded())
        let hours = milliseconds / 3_600_000
        let minutes = milliseconds / 60_000 % 60
        let secs = milliseconds / 1000 % 60
        let millis = milliseconds % 1000
        let separator = kind == .srt ? "," : "."
        return "\(pad(hours, 2)):\(pad(minutes, 2)):\(pad(secs, 2))\(separator)\(pad(millis, 3))"
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
