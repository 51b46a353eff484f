/// What ``EnergyVoiceActivityDetector`` made of one frame.
public struct VoiceActivityDecision: Sendable, Hashable {
    /// Whether the frame counts as speech, after the detector's onset delay, hysteresis and
    /// hangover: `true` from the frame that confirms an onset until the hangover after the last
    /// loud frame has run out.
    public var isSpeech: Bool
    /// The frame's energy: its RMS level in dBFS (-3 dBFS for a full-scale sine), at least -100.
    public var energy: Float
    /// The detector's estimate of the background noise level in dBFS, after this frame.
    public var noiseFloor: Float

    /// Creates a decision.
    /// - Parameters:
    ///   - isSpeech: Whether the frame counts as speech.
    ///   - energy: The frame's RMS level in dBFS.
    ///   - noiseFloor: The noise level estimate in dBFS.
    public init(isSpeech: Bool, energy: Float, noiseFloor: Float) {
        self.isSpeech = isSpeech
        self.energy = energy
        self.noiseFloor = noiseFloor
    }
}
