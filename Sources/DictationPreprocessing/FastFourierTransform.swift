#if canImport(Glibc)
import Glibc
#endif

/// A radix-2 fast Fourier transform of real signals, for the short-time spectra of
/// ``SpectralNoiseSuppressor``.
///
/// A real signal of `count` samples is packed into a complex one of `count / 2` (even samples as
/// real parts, odd ones as imaginary parts), transformed by an iterative decimation-in-time FFT,
/// and its spectrum untangled into the `count / 2 + 1` bins of the real signal (0 Hz to the
/// Nyquist frequency; the rest are their complex conjugates). The twiddle factors and the
/// bit-reversal permutation are computed once, when the transform is made; a transform allocates
/// nothing after that.
///
/// Scaling: ``forward(_:real:imaginary:)`` computes X[k] = Σ x[n] e^(-2πikn/count) without any
/// factor, ``inverse(real:imaginary:_:)`` divides by `count`, so that one after the other gives
/// back the signal.
struct FastFourierTransform: Sendable {
    /// Samples in a transformed block: a power of two, at least 4.
    let count: Int
    /// Bins of the spectrum of a real block: `count / 2 + 1`.
    var binCount: Int { count / 2 + 1 }

    /// cos and sin of 2πj / (count / 2), for j < count / 4: the complex FFT's twiddle factors.
    private let cosines: [Float]
    private let sines: [Float]
    /// cos and sin of 2πk / count, for k ≤ count / 2: the factors that untangle the packed spectrum.
    private let splitCosines: [Float]
    private let splitSines: [Float]
    /// Where each element of the half-size complex FFT's input goes before the butterflies.
    private let bitReversal: [Int32]
    /// The packed complex signal being transformed, `count / 2` elements each.
    private var workReal: [Float]
    private var workImaginary: [Float]

    /// Creates a transform.
    /// - Parameter count: Samples per block; raised to a power of two of at least 4.
    init(count: Int) {
        var size = 4
        while size < count { size *= 2 }
        self.count = size
        let half = size / 2
        cosines = (0..<(half / 2)).map { Float(cos(2 * Double.pi * Double($0) / Double(half))) }
        sines = (0..<(half / 2)).map { Float(sin(2 * Double.pi * Double($0) / Double(half))) }
        splitCosines = (0...half).map { Float(cos(2 * Double.pi * Double($0) / Double(size))) }
        splitSines = (0...half).map { Float(sin(2 * Double.pi * Double($0) / Double(size))) }
        var bits = 0
        while 1 << bits < half { bits += 1 }
        bitReversal = (0..<half).map { index in
            var reversed = 0
            for bit in 0..<bits where index & (1 << bit) != 0 { reversed |= 1 << (bits - 1 - bit) }
            return Int32(reversed)
        }
        workReal = [Float](repeating: 0, count: half)
        workImaginary = [Float](repeating: 0, count: half)
    }

    /// The spectrum of a real block.
    /// - Parameters:
    ///   - signal: ``count`` samples.
    ///   - real: Receives the real parts of bins 0...count / 2 (``binCount`` elements).
    ///   - imaginary: Receives their imaginary parts (``binCount`` elements; bins 0 and count / 2
    ///     are always 0).
    mutating func forward(
        _ signal: UnsafeBufferPointer<Float>,
        real: UnsafeMutableBufferPointer<Float>,
        imaginary: UnsafeMutableBufferPointer<Float>
    ) {
        precondition(signal.count >= count && real.count >= binCount && imaginary.count >= binCount)
        let half = count / 2
        let cosines = cosines
        let sines = sines
        workReal.withUnsafeMutableBufferPointer { zr in
            workImaginary.withUnsafeMutableBufferPointer { zi in
                bitReversal.withUnsafeBufferPointer { order in
                    for index in 0..<half {
                        let target = Int(order[index])
                        zr[target] = signal[2 * index]
                        zi[target] = signal[2 * index + 1]
                    }
                }
                Self.butterflies(zr, zi, cosines: cosines, sines: sines, sign: -1)
                splitCosines.withUnsafeBufferPointer { wr in
                    splitSines.withUnsafeBufferPointer { ws in
                        real[0] = zr[0] + zi[0]
                        imaginary[0] = 0
                        real[half] = zr[0] - zi[0]
                        imaginary[half] = 0
                        // X[k] = E[k] + e^(-2πik/count) O[k], with E and O the spectra of the even
                        // and odd samples: E[k] = (Z[k] + Z*[h-k]) / 2, O[k] = (Z[k] - Z*[h-k]) / 2i.
                        for bin in 1..<half {
                            let mirror = half - bin
                            let evenReal = 0.5 * (zr[bin] + zr[mirror])
                            let evenImaginary = 0.5 * (zi[bin] - zi[mirror])
                            let oddReal = 0.5 * (zi[bin] + zi[mirror])
                            let oddImaginary = -0.5 * (zr[bin] - zr[mirror])
                            let cosine = wr[bin]
                            let sine = ws[bin]
                            real[bin] = evenReal + cosine * oddReal + sine * oddImaginary
                            imaginary[bin] = evenImaginary + cosine * oddImaginary - sine * oddReal
                        }
                    }
                }
            }
        }
    }

    /// The real block whose spectrum is given; the inverse of ``forward(_:real:imaginary:)``.
    ///
    /// The imaginary parts of bins 0 and count / 2 are ignored (a real signal has none).
    /// - Parameters:
    ///   - real: The real parts of bins 0...count / 2 (``binCount`` elements).
    ///   - imaginary: Their imaginary parts (``binCount`` elements).
    ///   - signal: Receives ``count`` samples.
    mutating func inverse(
        real: UnsafeBufferPointer<Float>,
        imaginary: UnsafeBufferPointer<Float>,
        _ signal: UnsafeMutableBufferPointer<Float>
    ) {
        precondition(signal.count >= count && real.count >= binCount && imaginary.count >= binCount)
        let half = count / 2
        let cosines = cosines
        let sines = sines
        workReal.withUnsafeMutableBufferPointer { zr in
            workImaginary.withUnsafeMutableBufferPointer { zi in
                splitCosines.withUnsafeBufferPointer { wr in
                    splitSines.withUnsafeBufferPointer { ws in
                        bitReversal.withUnsafeBufferPointer { order in
                            // Z[k] = E[k] + i O[k], with E[k] = (X[k] + X*[h-k]) / 2 and
                            // O[k] = (X[k] - X*[h-k]) e^(2πik/count) / 2, stored bit-reversed.
                            for bin in 0..<half {
                                let mirror = half - bin
                                let evenReal = 0.5 * (real[bin] + real[mirror])
                                let evenImaginary = 0.5 * (imaginary[bin] - imaginary[mirror])
                                let differenceReal = 0.5 * (real[bin] - real[mirror])
                                let differenceImaginary = 0.5 * (imaginary[bin] + imaginary[mirror])
                                let cosine = wr[bin]
                                let sine = ws[bin]
                                let oddReal = differenceReal * cosine - differenceImaginary * sine
                                let oddImaginary = differenceReal * sine + differenceImaginary * cosine
                                let target = Int(order[bin])
                                zr[target] = evenReal - oddImaginary
                                zi[target] = evenImaginary + oddReal
                            }
                            // Bins 0 and h: a real signal's imaginary parts there are zero.
                            let target = Int(order[0])
                            zr[target] = 0.5 * (real[0] + real[half])
                            zi[target] = 0.5 * (real[0] - real[half])
                        }
                    }
                }
                Self.butterflies(zr, zi, cosines: cosines, sines: sines, sign: 1)
                let scale = 1 / Float(half)
                for index in 0..<half {
                    signal[2 * index] = zr[index] * scale
                    signal[2 * index + 1] = zi[index] * scale
                }
            }
        }
    }

    /// The butterflies of an in-place complex FFT of `count / 2` points whose input is already in
    /// bit-reversed order.
    /// - Parameters:
    ///   - zr: The real parts.
    ///   - zi: The imaginary parts.
    ///   - cosines: cos 2πj / `zr.count`, for j < `zr.count` / 2.
    ///   - sines: sin 2πj / `zr.count`, likewise.
    ///   - sign: -1 for the forward transform, 1 for the inverse (unscaled).
    private static func butterflies(
        _ zr: UnsafeMutableBufferPointer<Float>,
        _ zi: UnsafeMutableBufferPointer<Float>,
        cosines: [Float],
        sines: [Float],
        sign: Float
    ) {
        let size = zr.count
        cosines.withUnsafeBufferPointer { cosines in
            sines.withUnsafeBufferPointer { sines in
                var span = 1
                while span < size {
                    let stride = size / (2 * span)
                    var start = 0
                    while start < size {
                        for offset in 0..<span {
                            let cosine = cosines[offset * stride]
                            let sine = sign * sines[offset * stride]
                            let top = start + offset
                            let bottom = top + span
                            let productReal = zr[bottom] * cosine - zi[bottom] * sine
                            let productImaginary = zr[bottom] * sine + zi[bottom] * cosine
                            zr[bottom] = zr[top] - productReal
                            zi[bottom] = zi[top] - productImaginary
                            zr[top] += productReal
                            zi[top] += productImaginary
                        }
                        start += 2 * span
                    }
                    span *= 2
                }
            }
        }
    }
}
