#if canImport(Glibc)
    import Glibc
#endif

/// Conversions between linear levels and decibels, shared by the meters, the gain control and the
/// voice activity detector so that they all agree on what "-100 dBFS" means.
///
/// `package`, not internal: ``LevelMeter`` is here in DictationKit, while the gain control and the
/// detector that must agree with it are in DictationPreprocessing.
package enum Decibels {
    /// The level reported for digital silence: far below any real microphone's noise
    /// (16-bit audio's own quantization noise is about -101 dBFS), and finite, so that averages
    /// and differences of levels stay numbers.
    package static let floor: Float = -100

    /// The level of a mean square (power), in dB relative to full scale, at least ``floor``.
    @inline(__always)
    package static func fromMeanSquare(_ meanSquare: Double) -> Float {
        // 10^-10 is -100 dB; anything smaller (including 0) is floored without calling log10(0).
        meanSquare > 1e-10 ? Float(10 * log10(meanSquare)) : floor
    }

    /// The level of an amplitude (a peak or an RMS), in dB relative to full scale, at least ``floor``.
    @inline(__always)
    package static func fromAmplitude(_ amplitude: Float) -> Float {
        amplitude > 1e-5 ? 20 * log10f(amplitude) : floor
    }

    /// The amplitude of a level in dB (0 dB is 1).
    @inline(__always)
    package static func toAmplitude(_ decibels: Float) -> Float {
        powf(10, decibels / 20)
    }
}
