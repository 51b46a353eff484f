import Dictation
import Foundation

/// The progress of `dictate transcribe` on standard error, redrawn in place: files done of all,
/// audio done, the real-time factor so far (wall time / audio time) and the time still to go.
///
/// Shown only when standard error is a terminal, `NO_COLOR` is not set and `--quiet` was not
/// given; redrawn at most five times a second. Anything printed to the same terminal clears it
/// first (``clear()``) and shows it again after (``showAgain()``), so the two never mix.
struct ProgressLine {
    private let enabled: Bool
    private var status = StatusLine()
    private var latest: BatchProgress?
    private var lastDrawn: ContinuousClock.Instant?

    /// - Parameter enabled: Whether to show anything at all.
    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Whether a progress line belongs on this process's standard error.
    /// - Parameter quiet: Whether `--quiet` was given.
    /// - Returns: `true` on a terminal, without `NO_COLOR` and `--quiet`.
    static func wanted(quiet: Bool) -> Bool {
        // https://no-color.org: any value of NO_COLOR, even empty, asks for plain output, as LiveDisplay reads it.
        !quiet && Terminal.standardErrorIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    /// Takes the latest progress; redraws when the last redraw is long enough ago, or `now`.
    mutating func update(_ progress: BatchProgress, now force: Bool = false) {
        guard enabled else { return }
        latest = progress
        let clock = ContinuousClock.now
        if !force, let lastDrawn, clock - lastDrawn < .milliseconds(200) { return }
        lastDrawn = clock
        status.show(Self.text(progress), toStandardError: true)
    }

    /// Clears the line before other output.
    mutating func clear() { status.clear() }

    /// Shows the last progress again, after other output.
    mutating func showAgain() {
        guard enabled, let latest else { return }
        status.show(Self.text(latest), toStandardError: true)
    }

    /// The line: `3/20 files · 0:01:23 audio · RTF 0.12 · ETA 0:00:41`.
    static func text(_ progress: BatchProgress) -> String {
        var parts = [
            "\(progress.filesFinished)/\(progress.fileCount) files",
            clock(progress.audioProcessed) + " audio",
        ]
        if progress.filesFailed > 0 { parts.append("\(progress.filesFailed) failed") }
        if let factor = progress.realTimeFactor { parts.append(String(format: "RTF %.2f", factor)) }
        if let remaining = progress.estimatedTimeRemaining { parts.append("ETA " + clock(remaining)) }
        return parts.joined(separator: " · ")
    }

    /// Seconds as h:mm:ss.
    static func clock(_ seconds: Double) -> String {
        let total = seconds.isFinite ? max(0, Int(seconds.rounded())) : 0
        return String(format: "%d:%02d:%02d", total / 3600, total / 60 % 60, total % 60)
    }
}
