import DictationKit

/// SubRip and WebVTT cues from final transcripts.
struct SubtitleFormatter {
    enum Kind { case srt, vtt }
    let kind: Kind
    private var cueNumber = 0

    init(kind: Kind) { self.kind = kind }

    /// What comes before the first cue.
    var header: String { kind == .vtt ? "WEBVTT\n\n" : "" }

    /// One cue, with the blank line that ends it.
    mutating func cue(for transcript: Transcript) -> String {
        cueNumber += 1
        let end = max(transcript.endTime, transcript.startTime + 0.001)
        let times = "\(timestamp(transcript.startTime)) --> \(timestamp(end))"
        switch kind {
        case .srt: return "\(cueNumber)\n\(times)\n\(transcript.text)\n\n"
        case .vtt: return "\(times)\n\(transcript.text)\n\n"
        }
    }

    /// `HH:MM:SS,mmm` for SubRip, `HH:MM:SS.mmm` for WebVTT.
    func timestamp(_ seconds: Double) -> String {
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
