import DictationKit

#if canImport(Glibc)
    import Glibc
#endif

/// Tells speech from background by frame energy, against a noise floor it keeps learning.
///
/// Each frame's RMS level (its energy, in dBFS) is compared with the detector's estimate of the
/// background noise:
///
/// - **Noise floor.** The first 100 ms give the first estimate (their quietest frame). After that
///   the estimate follows quieter frames quickly (time constant 80 ms) and louder ones slowly: by
///   at most a few dB per second, and ten times slower still while speech is on, so that talking
///   does not teach the detector that speech is noise. A sound whose level hardly changes (a fan,
///   hum, a steady tone, a sudden rise of background noise) is learnt five times faster, since
///   speech never holds its level for long. Such a sound that starts after quiet counts as speech
///   for its first one to three seconds (the louder, the longer: 2.5 s for a tone 40 dB above the
///   quiet), then as background.
/// - **Hysteresis.** Speech starts when a frame is ``onsetMargin`` above the floor and goes on while
///   frames stay ``offsetMargin`` (a smaller margin) above it, so the decision does not flicker at
///   the threshold.
/// - **Onset delay.** Speech needs about 60 ms (at least 2 frames) above the onset threshold in a
///   row: a click or a tap does not start it. The frames before the confirming one are reported
///   as not speech; an endpointer's pre-roll brings them back.
/// - **Hangover.** Speech stays on for ``hangover`` after the last frame above the offset
///   threshold, which bridges the stops and quiet consonants inside words.
/// - **Absolute floor.** A frame below ``absoluteThreshold`` (-60 dBFS at the default sensitivity)
///   is never speech, however quiet the background: digital silence and faint hiss never are.
///
/// ``sensitivity`` moves the thresholds: at 0 only clear, loud speech counts (onset 12 dB above
/// the floor, absolute floor -50 dBFS), at 1 nearly anything above the noise does (3 dB,
/// -70 dBFS). The default, 0.5, finds read speech mixed with white noise at 10 dB SNR.
///
/// ``StandardPreprocessing`` uses one, ``VoiceActivityDetecting/standard(sensitivity:frameDuration:)``,
/// with a shorter hangover than the default: the session's endpointer waits for the trailing
/// silence itself.
///
/// Feed it consecutive frames of ``frameDuration``, e.g. from an ``AudioFramer``:
///
/// ```swift
/// var framer = AudioFramer(sampleRate: 16_000, frameDuration: .milliseconds20)
/// var detector = EnergyVoiceActivityDetector(sampleRate: 16_000, frameDuration: .milliseconds20)
/// framer.append(samples) { frame in
///     let decision = detector.process(frame: frame)
///     if decision.isSpeech { ... }
/// }
/// ```
public struct EnergyVoiceActivityDetector: VoiceActivityDetecting {
    /// The rate of the audio in Hz.
    public let sampleRate: Int
    /// The length of the frames the detector expects; its time constants count in these.
    public let frameDuration: FrameDuration
    /// How readily quiet sounds count as speech, 0...1. Defaults to 0.5.
    public let sensitivity: Double
    /// Seconds that speech stays on after the last loud frame. Defaults to 0.2.
    public let hangover: Double

    /// How far above the noise floor, in dB, a frame must be to start speech: 12 dB at
    /// sensitivity 0, 7.5 dB at 0.5, 3 dB at 1.
    public let onsetMargin: Float
    /// How far above the noise floor, in dB, a frame must be to keep speech going: 0.6 times
    /// ``onsetMargin``.
    public let offsetMargin: Float
    /// The level in dBFS below which a frame is never speech: -50 dBFS at sensitivity 0,
    /// -60 dBFS at 0.5, -70 dBFS at 1.
    public let absoluteThreshold: Float

    /// Samples in one frame of ``frameDuration`` at ``sampleRate``.
    public var frameLength: Int { frameDuration.samples(atSampleRate: sampleRate) }

    /// Whether speech is on, as of the last frame.
    public private(set) var isSpeech = false
    /// Whether the last frames were loud enough to start speech but speech is not confirmed yet
    /// (the onset delay): speech is probably starting.
    public var isSpeechStarting: Bool { !isSpeech && loudFramesInARow > 0 }
    /// The current noise floor estimate in dBFS (`LevelMeter.floor` before the first frame).
    public private(set) var noiseFloor = Decibels.floor

    /// How long the first estimate of the noise floor listens, in seconds.
    static let initialEstimateTime = 0.1
    /// How long a frame must stay above the onset threshold to start speech, in seconds.
    static let minimumOnsetTime = 0.06
    /// The time constant of the floor's fall towards quieter frames, in seconds.
    static let fallTime = 0.08
    /// The time constant of the floor's rise towards louder frames, in seconds; see ``riseCap``.
    static let riseTime = 2.0
    /// The most, in dB, one frame's excess over the floor counts for in the rise: a loud frame
    /// moves the floor no more than a frame 10 dB above it, so the rise is at most 5 dB/s.
    static let riseCap: Float = 10
    /// How much slower the floor rises while speech is on.
    static let speechRiseFactor: Float = 0.1
    /// How much faster it rises under a steady sound.
    static let steadyRiseFactor: Float = 5
    /// The mean deviation of frame energies from their recent average, in dB, below which a sound
    /// counts as steady. White noise in 10 ms frames deviates by about 0.4 dB, speech by 4-8 dB.
    static let steadyDeviation: Float = 2

    private let initialFrames: Int
    private let onsetFrames: Int
    private let hangoverFrames: Int
    private let fallCoefficient: Float
    private let riseCoefficient: Float
    private let averageCoefficient: Float
    private let deviationCoefficient: Float

    private var framesSeen = 0
    private var loudFramesInARow = 0
    private var quietFramesInSpeech = 0
    private var averageEnergy: Float = 0
    private var deviation: Float = 0

    /// Creates a detector.
    ///
    /// Parameters out of range are clamped rather than rejected, so the detector can always be built.
    /// - Parameters:
    ///   - sampleRate: The rate of the audio in Hz (at least 1).
    ///   - frameDuration: The length of the frames that will be passed to
    ///     ``process(frame:)-(UnsafeBufferPointer<Float>)``. Defaults to 20 ms.
    ///   - sensitivity: How readily quiet sounds count as speech, 0 (only clear, loud speech) to 1
    ///     (nearly anything above the noise floor). Defaults to 0.5.
    ///   - hangover: Seconds that speech stays on after the last loud frame (0...2). Defaults to 0.2.
    public init(
        sampleRate: Int,
        frameDuration: FrameDuration = .milliseconds20,
        sensitivity: Double = 0.5,
        hangover: Double = 0.2
    ) {
        self.sampleRate = max(1, sampleRate)
        self.frameDuration = frameDuration
        self.sensitivity = sensitivity.clamped(to: 0...1, orIfNaN: 0.5)
        self.hangover = hangover.clamped(to: 0...2, orIfNaN: 0.2)

        let sensitivity = Float(self.sensitivity)
        onsetMargin = 12 - 9 * sensitivity
        offsetMargin = 0.6 * onsetMargin
        absoluteThreshold = -50 - 20 * sensitivity

        let frameTime = frameDuration.seconds
        initialFrames = max(1, Int((Self.initialEstimateTime / frameTime).rounded()))
        onsetFrames = max(2, Int((Self.minimumOnsetTime / frameTime).rounded()))
        hangoverFrames = Int((self.hangover / frameTime).rounded())
        fallCoefficient = Float(1 - exp(-frameTime / Self.fallTime))
        riseCoefficient = Float(frameTime / Self.riseTime)
        // The steadiness measure: frame energies against their 100 ms average, averaged over 1 s.
        averageCoefficient = Float(1 - exp(-frameTime / 0.1))
        deviationCoefficient = Float(1 - exp(-frameTime / 1.0))
    }

    /// Judges the next frame of the stream.
    ///
    /// NaN and infinite samples count as silence.
    /// - Parameter frame: The next ``frameDuration`` of mono samples (a shorter last frame is fine).
    /// - Returns: Whether speech is on, the frame's energy and the noise floor. An empty frame
    ///   changes nothing and reports an energy of -100 dBFS.
    public mutating func process(frame: UnsafeBufferPointer<Float>) -> VoiceActivityDecision {
        guard !frame.isEmpty else {
            return VoiceActivityDecision(isSpeech: isSpeech, energy: Decibels.floor, noiseFloor: noiseFloor)
        }
        var sumOfSquares = 0.0
        for sample in frame {
            let value = Double(sample.finiteOrZero)
            sumOfSquares += value * value
        }
        let energy = Decibels.fromMeanSquare(sumOfSquares / Double(frame.count))
        trackNoiseFloor(energy)
        decide(energy)
        return VoiceActivityDecision(isSpeech: isSpeech, energy: energy, noiseFloor: noiseFloor)
    }

    /// Judges the next frame of the stream.
    /// - Parameter frame: The next ``frameDuration`` of mono samples.
    /// - Returns: Whether speech is on, the frame's energy and the noise floor.
    public mutating func process(frame: [Float]) -> VoiceActivityDecision {
        frame.withUnsafeBufferPointer { process(frame: $0) }
    }

    /// A detector with this one's settings (frame duration, sensitivity, hangover) for audio at
    /// another rate, with nothing learnt.
    /// - Parameter sampleRate: The rate of the audio in Hz (at least 1).
    /// - Returns: A fresh detector.
    public func makeDetector(sampleRate: Int) -> EnergyVoiceActivityDetector {
        EnergyVoiceActivityDetector(
            sampleRate: sampleRate, frameDuration: frameDuration, sensitivity: sensitivity, hangover: hangover)
    }

    /// Forgets everything: the noise floor is learnt afresh from the next frames and speech is off.
    public mutating func reset() {
        isSpeech = false
        noiseFloor = Decibels.floor
        framesSeen = 0
        loudFramesInARow = 0
        quietFramesInSpeech = 0
        averageEnergy = 0
        deviation = 0
    }

    private mutating func trackNoiseFloor(_ energy: Float) {
        framesSeen += 1
        if framesSeen == 1 {
            noiseFloor = energy
            averageEnergy = energy
            // Unknown steadiness starts out as speech-like, so the first seconds don't learn fast.
            deviation = 2 * Self.steadyDeviation
            return
        }
        averageEnergy += (energy - averageEnergy) * averageCoefficient
        deviation += (abs(energy - averageEnergy) - deviation) * deviationCoefficient

        if framesSeen <= initialFrames {
            noiseFloor = min(noiseFloor, energy)
        } else if energy < noiseFloor {
            noiseFloor += (energy - noiseFloor) * fallCoefficient
        } else {
            let factor: Float =
                deviation < Self.steadyDeviation
                ? Self.steadyRiseFactor
                : isSpeech ? Self.speechRiseFactor : 1
            noiseFloor += min(energy - noiseFloor, Self.riseCap) * riseCoefficient * factor
        }
    }

    private mutating func decide(_ energy: Float) {
        if !isSpeech {
            guard energy >= max(noiseFloor + onsetMargin, absoluteThreshold) else {
                loudFramesInARow = 0
                return
            }
            loudFramesInARow += 1
            if loudFramesInARow >= onsetFrames {
                isSpeech = true
                quietFramesInSpeech = 0
            }
        } else if energy >= max(noiseFloor + offsetMargin, absoluteThreshold) {
            quietFramesInSpeech = 0
        } else {
            quietFramesInSpeech += 1
            if quietFramesInSpeech > hangoverFrames {
                isSpeech = false
                loudFramesInARow = 0
            }
        }
    }
}
