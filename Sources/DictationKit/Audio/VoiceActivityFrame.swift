/// The voice activity detector's verdict on one analysis frame of the recognizer's audio.
public struct VoiceActivityFrame: Sendable, Hashable {
    /// The frame's first sample, counted from the session's first sample at the recognizer's rate.
    public var startSample: Int
    /// Samples in the frame.
    public var sampleCount: Int
    /// Whether the frame is speech (after the detector's hysteresis and hangover).
    public var isSpeech: Bool
    /// The frame's energy in dBFS (RMS), which the endpointer uses to split long speech at a pause.
    public var level: Float

    /// Creates a verdict.
    /// - Parameters:
    ///   - startSample: The frame's first sample in the session.
    ///   - sampleCount: Samples in the frame.
    ///   - isSpeech: Whether it is speech.
    ///   - level: Its energy in dBFS.
    public init(startSample: Int, sampleCount: Int, isSpeech: Bool, level: Float) {
        self.startSample = startSample
        self.sampleCount = sampleCount
        self.isSpeech = isSpeech
        self.level = level
    }

    /// The sample just after the frame.
    public var endSample: Int { startSample + sampleCount }
}
