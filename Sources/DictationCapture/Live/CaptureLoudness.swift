import DictationKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Ranks each period the capture thread reads as loud or quiet, so that a queue that must shed
/// audio sheds the quiet first (see ``CaptureQueue``).
///
/// It is no voice detector and says nothing about speech. The session's detector judges speech,
/// on the audio after the queue; the queue can't wait for that verdict, since it must choose what
/// to keep as each period comes in. So it ranks by level alone, and errs towards loud: a period is
/// loud when its level (the RMS of all its samples, in dBFS) stands ``loudMargin`` above the floor
/// of the audio so far and above ``absoluteMinimum``. The floor follows quieter periods down
/// within about ``fallTime`` and rises at most 2.5 dB a second, ten times slower while the audio
/// is loud, so that a long stretch of speech does not teach it that speech is the background.
/// The queue keeps ``margins`` of quiet next to loud audio: the endpointer's pre-roll before it,
/// ``quietKeptAfter`` after it (the ends of words, and a margin the session needs to tell a gap
/// of silence from one in speech, see `AudioLossLedger`).
///
/// It runs on the capture thread for every period and allocates nothing.
struct CaptureLoudness {
    /// How far above the floor, in dB, a period is loud.
    static let loudMargin: Float = 5
    /// The level in dBFS below which a period is never loud: far under any speech.
    static let absoluteMinimum: Float = -65
    /// How long the first estimate of the floor listens, in seconds: the quietest period of it.
    static let initialTime = 0.1
    /// The time constant of the floor's fall towards quieter periods, in seconds.
    static let fallTime = 0.1
    /// The time constant of the floor's rise towards louder periods, in seconds; no period counts
    /// for more than 10 dB over the floor, so the rise is at most 2.5 dB a second.
    static let riseTime = 4.0
    /// The quiet kept after loud audio, in seconds: the session's detector's 0.2 s hangover, the
    /// 0.06 s around a gap in which the session still looks for speech, and a margin for words
    /// that fade under this ranking's threshold before they fade under the detector's.
    static let quietKeptAfter = 0.5

    /// The quiet the queue keeps next to loud audio, in frames.
    let margins: CaptureQueue.Margins
    private let sampleRate: Double
    private let channelCount: Int
    /// The floor in dBFS; meaningful once a period has been heard.
    private(set) var floor = LevelMeter.floor
    private var heard = 0.0
    private var isLoud = false

    /// - Parameter format: The device's negotiated layout.
    init(format: AudioFormat) {
        let rate = max(format.sampleRate, 1)
        sampleRate = Double(rate)
        channelCount = max(format.channelCount, 1)
        margins = CaptureQueue.Margins(
            before: Int((EndpointingOptions().preRoll * Double(rate)).rounded()),
            after: Int((Self.quietKeptAfter * Double(rate)).rounded()))
    }

    /// Ranks the next period of the stream.
    /// - Parameter samples: The period's interleaved samples.
    /// - Returns: Whether it is loud.
    mutating func isLoud(_ samples: [Float]) -> Bool {
        let frames = samples.count / channelCount
        guard frames > 0 else { return isLoud }
        let duration = Double(frames) / sampleRate
        let level = LevelMeter.measure(samples).rms
        if heard < Self.initialTime {
            floor = heard == 0 ? level : min(floor, level)
        } else if level < floor {
            floor += (level - floor) * Float(1 - exp(-duration / Self.fallTime))
        } else {
            let rise = min(level - floor, 10) * Float(duration / Self.riseTime)
            floor += isLoud ? rise / 10 : rise
        }
        heard += duration
        isLoud = level >= max(floor + Self.loudMargin, Self.absoluteMinimum)
        return isLoud
    }
}
