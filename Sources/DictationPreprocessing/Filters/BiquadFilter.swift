#if canImport(Glibc)
    import Glibc
#endif

/// A second-order IIR section (RBJ's audio-EQ cookbook), run in transposed direct form II.
///
/// ``HighPassFilter`` runs a cascade of them; ``NarrowbandNoiseFill`` shapes its noise with one.
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
        butterworthHighPass(order: 8, cutoff: cutoff, sampleRate: sampleRate)
    }

    /// The sections of a Butterworth high-pass of an even order: `order / 2` biquads.
    /// - Parameters:
    ///   - order: The filter's order, an even number of at least 2 (odd ones are rounded up).
    ///   - cutoff: The -3 dB frequency in Hz.
    ///   - sampleRate: The rate of the signal in Hz.
    static func butterworthHighPass(order: Int, cutoff: Double, sampleRate: Double) -> [BiquadFilter] {
        let sectionCount = max(1, (order + 1) / 2)
        // Q of each section of an order-N Butterworth: 1 / (2 cos(θk)), θk = (2k - 1)π / 2N;
        // for N = 2 that is the familiar 1/√2.
        return (1...sectionCount).map { k in
            let q = 1 / (2 * cos(Double(2 * k - 1) * .pi / Double(4 * sectionCount)))
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

    /// Filters a buffer in place.
    mutating func process(_ samples: UnsafeMutableBufferPointer<Float>) {
        for index in samples.indices { samples[index] = process(samples[index]) }
    }

    /// Forgets the past input, as if the filter had only ever seen silence.
    mutating func reset() {
        z1 = 0
        z2 = 0
    }

    /// Whether the state still holds numbers; a NaN or infinity that got in would stay forever.
    var isFinite: Bool { z1.isFinite && z2.isFinite }
}
