#if canImport(Glibc)
    import Glibc
#endif

/// Brings speech to a steady level, whatever the microphone's gain and the speaker's distance,
/// and never lets it clip.
///
/// The gain control measures the signal's short-term RMS level (over about 100 ms) and steers
/// its gain so that this level reaches ``targetLevel``:
///
/// - the gain falls quickly (``attackTime``) when the signal gets louder, so a loud talker is
///   brought down within a syllable or two;
/// - it rises slowly (``releaseTime``) when the signal gets quieter, so the pauses between words
///   don't pump the background up before the next word;
/// - it never rises above ``maxGain``, so a quiet room is not turned into loud hiss;
/// - it holds still while the signal is below ``noiseGate``: silence and faint noise neither
///   raise it nor lower it, so speech after a long pause starts at the gain the last speech had.
///
/// A peak limiter after the gain catches what the gain's smoothing lets through (the onset of
/// a shout, a clap): every output sample lies within ±``peakCeiling``, which is never above
/// full scale. It reacts instantly, with no look-ahead, and recovers over about 50 ms.
///
/// Since the gain is steered by the louder moments of speech and held in pauses, speech ends up
/// with its loud syllables near the target and its long-term RMS (pauses included) a few dB
/// below it. Digital silence stays digital silence.
///
/// ```swift
/// var gainControl = AutomaticGainControl(sampleRate: 16_000)
/// gainControl.process(&samples)
/// ```
public struct AutomaticGainControl: Sendable {
    /// The rate of the audio in Hz.
    public let sampleRate: Int
    /// The short-term RMS level, in dBFS, that speech is brought to. Defaults to -20 dBFS
    /// (a full-scale sine is -3 dBFS), which leaves room for speech's peaks, about 12 dB higher.
    public let targetLevel: Float
    /// The most the gain control amplifies, in dB. Defaults to 30 dB: enough for a quiet talker
    /// far from a laptop microphone (about -50 dBFS), not so much that noise becomes a roar.
    public let maxGain: Float
    /// How fast, in seconds, the gain falls when the signal gets louder (the time constant of the
    /// fall). Defaults to 0.1 s.
    public let attackTime: Double
    /// How fast, in seconds, the gain rises when the signal gets quieter (the time constant of
    /// the rise). Defaults to 2 s.
    public let releaseTime: Double
    /// The short-term level, in dBFS, below which the gain holds still. Defaults to -60 dBFS:
    /// below any speech worth amplifying, above the noise of a decent microphone.
    public let noiseGate: Float
    /// The highest output peak, in dBFS (0 dBFS is ±1). Defaults to -0.1 dBFS (about 0.989), so
    /// that conversion to 16-bit integers never clips.
    public let peakCeiling: Float

    /// The gain, in dB, applied to the latest sample (before the limiter). It starts at 0 dB.
    public var gain: Float { Float(gainDecibels) }

    /// Whether the gain stays where it is instead of following the level, e.g. while a voice
    /// activity detector hears no speech: then steady background (hum, fan noise) is neither
    /// taken for the speaker's level nor pumped up in the pauses. The limiter still works.
    /// `false` by default.
    public var holdsGain = false

    /// The least gain in dB: enough to bring even over-range floating-point input down to the target.
    static let minGain = -40.0
    /// The time constant of the level measurement, in seconds: a syllable's length, so that the
    /// gain follows words rather than single pitch periods.
    static let levelTime = 0.1
    /// The time constant of the limiter's recovery, in seconds.
    static let limiterReleaseTime = 0.05

    private let levelCoefficient: Double
    private let attackCoefficient: Double
    private let releaseCoefficient: Double
    private let limiterDecay: Float
    private let gateMeanSquare: Double
    private let ceiling: Float

    private var meanSquare = 0.0
    private var gainDecibels = 0.0
    private var limiterEnvelope: Float = 0

    /// Creates a gain control.
    ///
    /// Parameters out of range are clamped rather than rejected, so the gain control can always
    /// be built.
    /// - Parameters:
    ///   - sampleRate: The rate of the audio in Hz (at least 1).
    ///   - targetLevel: The short-term RMS level speech is brought to, in dBFS (-60...0).
    ///     Defaults to -20.
    ///   - maxGain: The most amplification, in dB (0...60). Defaults to 30.
    ///   - attackTime: The time constant of the gain's fall, in seconds (0.001...10). Defaults to 0.1.
    ///   - releaseTime: The time constant of the gain's rise, in seconds (0.01...60). Defaults to 2.
    ///   - noiseGate: The level below which the gain holds, in dBFS (-100...0). Defaults to -60.
    ///   - peakCeiling: The highest output peak, in dBFS (-20...0). Defaults to -0.1.
    public init(
        sampleRate: Int,
        targetLevel: Float = -20,
        maxGain: Float = 30,
        attackTime: Double = 0.1,
        releaseTime: Double = 2,
        noiseGate: Float = -60,
        peakCeiling: Float = -0.1
    ) {
        self.sampleRate = max(1, sampleRate)
        self.targetLevel = targetLevel.clamped(to: -60...0, orIfNaN: -20)
        self.maxGain = maxGain.clamped(to: 0...60, orIfNaN: 30)
        self.attackTime = attackTime.clamped(to: 0.001...10, orIfNaN: 0.1)
        self.releaseTime = releaseTime.clamped(to: 0.01...60, orIfNaN: 2)
        self.noiseGate = noiseGate.clamped(to: -100...0, orIfNaN: -60)
        self.peakCeiling = peakCeiling.clamped(to: -20...0, orIfNaN: -0.1)

        // One-pole smoothing per sample: y += (x - y) * (1 - e^(-1 / (τ · rate))).
        let rate = Double(self.sampleRate)
        levelCoefficient = 1 - exp(-1 / (Self.levelTime * rate))
        attackCoefficient = 1 - exp(-1 / (self.attackTime * rate))
        releaseCoefficient = 1 - exp(-1 / (self.releaseTime * rate))
        limiterDecay = Float(exp(-1 / (Self.limiterReleaseTime * rate)))
        gateMeanSquare = pow(10, Double(self.noiseGate) / 10)
        // Never above full scale, whatever rounding the dB conversion does.
        ceiling = min(1, Decibels.toAmplitude(self.peakCeiling))
    }

    /// Applies the gain (and the limiter) to samples in place.
    ///
    /// NaN and infinite samples are treated as silence.
    /// - Parameter samples: Mono samples at ``sampleRate``, nominally in -1...1; the leveled
    ///   samples, all within ±``peakCeiling``, replace them.
    public mutating func process(_ samples: UnsafeMutableBufferPointer<Float>) {
        process(samples, key: UnsafeBufferPointer(samples))
    }

    /// Applies the gain (and the limiter) to samples in place, steering it by the level of
    /// another signal: the key.
    ///
    /// Steered by the speech band of the same audio (say, above 200 Hz), the gain follows the
    /// speech and not mains hum or rumble under it, which would otherwise be taken for the
    /// speaker's level and pumped up in the pauses.
    /// - Parameters:
    ///   - samples: Mono samples at ``sampleRate``; the leveled samples replace them.
    ///   - key: The signal whose level steers the gain, sample for sample; where it is shorter
    ///     than `samples`, the samples themselves steer.
    public mutating func process(_ samples: UnsafeMutableBufferPointer<Float>, key: UnsafeBufferPointer<Float>) {
        let target = Double(targetLevel)
        let highest = Double(maxGain)
        for index in samples.indices {
            let input = samples[index].finiteOrZero
            let steering = index < key.count ? key[index].finiteOrZero : input
            let square = Double(steering) * Double(steering)
            meanSquare += (square - meanSquare) * levelCoefficient

            if !holdsGain, meanSquare > gateMeanSquare {
                let level = 10 * log10(meanSquare)
                let wanted = min(highest, max(Self.minGain, target - level))
                let coefficient = wanted < gainDecibels ? attackCoefficient : releaseCoefficient
                gainDecibels += (wanted - gainDecibels) * coefficient
            }

            // 0.11512925 = ln(10) / 20: from dB to a factor.
            let amplified = input * Float(exp(gainDecibels * 0.115_129_254_649_702_28))
            // Capped so that an absurd input (an infinite product) can't leave an infinite
            // envelope behind that would mute everything after it.
            let magnitude = min(abs(amplified), .greatestFiniteMagnitude)
            limiterEnvelope = max(magnitude, limiterEnvelope * limiterDecay)
            var output = amplified
            // The envelope is at least this sample's magnitude, so the scaled sample is at most
            // the ceiling; the clamp only guards against rounding.
            if limiterEnvelope > ceiling { output *= ceiling / limiterEnvelope }
            samples[index] = min(ceiling, max(-ceiling, output))
        }
    }

    /// Applies the gain (and the limiter) to an array of samples in place.
    /// - Parameter samples: Mono samples at ``sampleRate``; the leveled samples replace them.
    public mutating func process(_ samples: inout [Float]) {
        samples.withUnsafeMutableBufferPointer { process($0) }
    }

    /// Applies the gain (and the limiter) to an array of samples in place, steered by a key.
    /// - Parameters:
    ///   - samples: Mono samples at ``sampleRate``; the leveled samples replace them.
    ///   - key: The signal whose level steers the gain, sample for sample, such as the speech
    ///     band of `samples`.
    public mutating func process(_ samples: inout [Float], key: [Float]) {
        key.withUnsafeBufferPointer { key in
            samples.withUnsafeMutableBufferPointer { process($0, key: key) }
        }
    }

    /// Forgets the measured level and returns the gain to 0 dB; use it between unrelated streams.
    public mutating func reset() {
        meanSquare = 0
        gainDecibels = 0
        limiterEnvelope = 0
    }
}
