/// Measures the RMS and peak level of audio in dBFS, for level displays and for the `.level`
/// events of a session.
///
/// Measure one buffer with the static ``measure(_:)-([Float])``. For a meter
/// on screen, keep a `LevelMeter` and ``process(_:)-([Float])`` every buffer:
/// its ``level`` jumps up at once to a louder buffer but falls back at most ``decayRate`` dB per
/// second, the way a peak-programme meter moves, so the display doesn't flicker between syllables.
///
/// Levels are floored at ``floor`` (-100 dBFS), so digital silence gives a finite number.
///
/// ```swift
/// var meter = LevelMeter(sampleRate: 16_000)
/// let level = meter.process(frame.samples)   // AudioLevel(rms: -23.5, peak: -9.1)
/// ```
public struct LevelMeter: Sendable {
    /// The lowest level reported, -100 dBFS: the level of digital silence.
    public static let floor = Decibels.floor

    /// The rate of the audio in Hz, which turns buffer lengths into time for the decay.
    public let sampleRate: Int
    /// How fast the running ``level`` falls when the audio gets quieter, in dB per second.
    /// Defaults to 20 dB/s, close to the fall-back of broadcast peak meters (20 dB in 1.7 s).
    public let decayRate: Float
    /// The running level: the loudest recent buffer's, decayed since then. Starts as
    /// ``AudioLevel/silence``.
    public private(set) var level = AudioLevel.silence

    /// Creates a running meter.
    /// - Parameters:
    ///   - sampleRate: The rate of the audio in Hz (at least 1).
    ///   - decayRate: The fall-back in dB per second, clamped to 0...10000 (0 holds the loudest
    ///     level until ``reset()``; a huge one shows each buffer's own level). Defaults to 20.
    public init(sampleRate: Int, decayRate: Float = 20) {
        self.sampleRate = max(1, sampleRate)
        self.decayRate = decayRate.isNaN ? 20 : min(10_000, max(0, decayRate))
    }

    /// The level of one buffer.
    ///
    /// NaN and infinite samples count as silence.
    /// - Parameter samples: The samples, nominally in -1...1.
    /// - Returns: Their RMS and peak in dBFS; ``AudioLevel/silence`` for an empty buffer.
    public static func measure(_ samples: UnsafeBufferPointer<Float>) -> AudioLevel {
        guard !samples.isEmpty else { return .silence }
        var sumOfSquares = 0.0
        var peak: Float = 0
        for sample in samples {
            // NaN and infinity count as silence, as in every stage of the chain.
            let value = sample.isFinite ? sample : 0
            sumOfSquares += Double(value) * Double(value)
            peak = max(peak, abs(value))
        }
        return AudioLevel(
            rms: Decibels.fromMeanSquare(sumOfSquares / Double(samples.count)),
            peak: Decibels.fromAmplitude(peak))
    }

    /// The level of one buffer.
    /// - Parameter samples: The samples, nominally in -1...1.
    /// - Returns: Their RMS and peak in dBFS; ``AudioLevel/silence`` for an empty buffer.
    public static func measure(_ samples: [Float]) -> AudioLevel {
        samples.withUnsafeBufferPointer { measure($0) }
    }

    /// Measures the next buffer of a stream and updates the running ``level``.
    /// - Parameter samples: The next samples of the stream.
    /// - Returns: The new running level: each of RMS and peak is the buffer's own, or the previous
    ///   running one lowered by ``decayRate`` times the buffer's duration, whichever is higher.
    @discardableResult
    public mutating func process(_ samples: UnsafeBufferPointer<Float>) -> AudioLevel {
        let current = Self.measure(samples)
        let fall = decayRate * Float(samples.count) / Float(sampleRate)
        level = AudioLevel(
            rms: max(current.rms, max(Self.floor, level.rms - fall)),
            peak: max(current.peak, max(Self.floor, level.peak - fall)))
        return level
    }

    /// Measures the next buffer of a stream and updates the running ``level``.
    /// - Parameter samples: The next samples of the stream.
    /// - Returns: The new running level.
    @discardableResult
    public mutating func process(_ samples: [Float]) -> AudioLevel {
        samples.withUnsafeBufferPointer { process($0) }
    }

    /// Returns the running ``level`` to silence.
    public mutating func reset() {
        level = .silence
    }
}
