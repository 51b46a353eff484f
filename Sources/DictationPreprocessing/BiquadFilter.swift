#if canImport(Glibc)
import Glibc
#endif

/// A second-order IIR section (RBJ's audio-EQ cookbook), run in transposed direct form II.
///
/// Issue 4's high-pass filter will reuse it; for now it shapes the noise of ``NarrowbandNoiseFill``.
struct BiquadFilter: Sendable {
    private let b0, b1, b2, a1, a2: Float
    private var z1: Float = 0
    private var z2: Float = 0

    /// A high-pass section.
    /// - Parameters:
    ///   - cutoff: The corner frequency in Hz.
    ///   - q: The section's quality factor (0.7071 for a lone Butterworth section).
    ///   - sampleRate: The rate of the signal in Hz.
    static func highPass(cutoff: Double, q: Double, sampleRate: Double) -> BiquadFilter {
        let w0 = 2 * Double.pi * cutoff / sampleRate
        let alpha = sin(w0) / (2 * q)
        let cosine = cos(w0)
        let a0 = 1 + alpha
        return BiquadFilter(
            b0: Float((1 + cosine) / 2 / a0), b1: Float(-(1 + cosine) / a0), b2: Float((1 + cosine) / 2 / a0),
            a1: Float(-2 * cosine / a0), a2: Float((1 - alpha) / a0))
    }

    /// The sections of an 8th-order Butterworth high-pass: a steep edge with a flat stop band.
    static func butterworthHighPass8(cutoff: Double, sampleRate: Double) -> [BiquadFilter] {
        // Q of each section of an 8th-order Butterworth: 1 / (2 cos(θk)), θk = (2k - 1)π / 16.
        (1...4).map { k in
            let q = 1 / (2 * cos(Double(2 * k - 1) * .pi / 16))
            return highPass(cutoff: cutoff, q: q, sampleRate: sampleRate)
        }
    }

    private init(b0: Float, b1: Float, b2: Float, a1: Float, a2: Float) {
        self.b0 = b0
        self.b1 = b1
        self.b2 = b2
        self.a1 = a1
        self.a2 = a2
    }

    /// Filters one sample.
    @inline(__always)
    mutating func process(_ x: Float) -> Float {
        let y = b0 * x + z1
        z1 = b1 * x - a1 * y + z2
        z2 = b2 * x - a2 * y
        return y
    }
}

