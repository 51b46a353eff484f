import DictationTesting
import Foundation
import Testing

@testable import DictationPreprocessing

@Suite("FastFourierTransform")
struct FastFourierTransformTests {
    /// The spectrum of a real signal by the definition, X[k] = Σ x[n] e^(-2πikn/N), in `Double`.
    static func directTransform(_ signal: [Float]) -> (real: [Double], imaginary: [Double]) {
        let count = signal.count
        var real = [Double](repeating: 0, count: count / 2 + 1)
        var imaginary = real
        for bin in 0...(count / 2) {
            for index in 0..<count {
                // The angle reduced modulo 2π first, so that large k·n lose no precision.
                let angle = -2 * Double.pi * Double((bin * index) % count) / Double(count)
                real[bin] += Double(signal[index]) * cos(angle)
                imaginary[bin] += Double(signal[index]) * sin(angle)
            }
        }
        return (real, imaginary)
    }

    @Test("The spectrum of random input matches the direct DFT", arguments: [4, 8, 16, 64, 512, 1_024])
    func matchesDirectTransform(count: Int) {
        let signal = SignalAnalysis.noise(count: count, amplitude: 1, seed: UInt64(count))
        var transform = FastFourierTransform(count: count)
        #expect(transform.count == count && transform.binCount == count / 2 + 1)
        var real = [Float](repeating: .nan, count: transform.binCount)
        var imaginary = [Float](repeating: .nan, count: transform.binCount)
        signal.withUnsafeBufferPointer { signal in
            real.withUnsafeMutableBufferPointer { real in
                imaginary.withUnsafeMutableBufferPointer { imaginary in
                    transform.forward(signal, real: real, imaginary: imaginary)
                }
            }
        }
        let expected = Self.directTransform(signal)
        var largestError = 0.0
        for bin in 0..<transform.binCount {
            largestError = max(largestError, abs(Double(real[bin]) - expected.real[bin]))
            largestError = max(largestError, abs(Double(imaginary[bin]) - expected.imaginary[bin]))
        }
        // Bins of random input reach about √N (23 at 512): 1e-4 is a relative error near 10⁻⁶.
        #expect(largestError < 1e-4, "largest error \(largestError) at N = \(count)")
        #expect(imaginary[0] == 0 && imaginary[count / 2] == 0)
    }

    @Test("The inverse gives the signal back", arguments: [4, 16, 512, 2_048])
    func inverseRoundTrip(count: Int) {
        let signal = SignalAnalysis.noise(count: count, amplitude: 1, seed: 99)
        var transform = FastFourierTransform(count: count)
        var real = [Float](repeating: 0, count: transform.binCount)
        var imaginary = [Float](repeating: 0, count: transform.binCount)
        var back = [Float](repeating: .nan, count: count)
        signal.withUnsafeBufferPointer { signal in
            real.withUnsafeMutableBufferPointer { real in
                imaginary.withUnsafeMutableBufferPointer { imaginary in
                    transform.forward(signal, real: real, imaginary: imaginary)
                }
            }
        }
        real.withUnsafeBufferPointer { real in
            imaginary.withUnsafeBufferPointer { imaginary in
                back.withUnsafeMutableBufferPointer { back in
                    transform.inverse(real: real, imaginary: imaginary, back)
                }
            }
        }
        let largestError = zip(signal, back).map { abs($0 - $1) }.max() ?? .nan
        #expect(largestError < 1e-5, "largest error \(largestError) at N = \(count)")
    }

    @Test("A cosine on a bin lands in that bin alone, with magnitude N/2")
    func cosineOnABin() {
        let count = 256
        let signal = (0..<count).map { Float(cos(2 * Double.pi * 10 * Double($0) / Double(count))) }
        var transform = FastFourierTransform(count: count)
        var real = [Float](repeating: 0, count: transform.binCount)
        var imaginary = [Float](repeating: 0, count: transform.binCount)
        signal.withUnsafeBufferPointer { signal in
            real.withUnsafeMutableBufferPointer { real in
                imaginary.withUnsafeMutableBufferPointer { imaginary in
                    transform.forward(signal, real: real, imaginary: imaginary)
                }
            }
        }
        for bin in 0..<transform.binCount {
            let magnitude = (real[bin] * real[bin] + imaginary[bin] * imaginary[bin]).squareRoot()
            #expect(abs(magnitude - (bin == 10 ? 128 : 0)) < 1e-3, "bin \(bin): \(magnitude)")
        }
    }

    @Test("Sizes that are not powers of two are raised to one")
    func roundsUpToPowerOfTwo() {
        #expect(FastFourierTransform(count: 300).count == 512)
        #expect(FastFourierTransform(count: 1).count == 4)
        #expect(FastFourierTransform(count: 512).count == 512)
    }
}
