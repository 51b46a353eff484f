/// The level of a stretch of audio: its RMS and its peak, both in dBFS.
///
/// 0 dBFS is a sample of ±1. On this scale a full-scale sine has an RMS of -3.01 dBFS and a peak
/// of 0 dBFS; digital silence is ``LevelMeter/floor`` (-100 dBFS) for both, so levels are always
/// finite numbers that can be averaged, compared and drawn.
public struct AudioLevel: Sendable, Hashable {
    /// The root-mean-square level in dBFS, -100...0 for samples in -1...1.
    public var rms: Float
    /// The largest absolute sample in dBFS, -100...0 for samples in -1...1; never below ``rms``.
    public var peak: Float

    /// The level of digital silence: -100 dBFS for both.
    public static let silence = AudioLevel(rms: LevelMeter.floor, peak: LevelMeter.floor)

    /// Creates a level.
    /// - Parameters:
    ///   - rms: The RMS level in dBFS.
    ///   - peak: The peak level in dBFS.
    public init(rms: Float, peak: Float) {
        self.rms = rms
        self.peak = peak
    }
}
