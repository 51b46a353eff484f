import DictationKit

extension EnergyVoiceActivityDetector.FrameDuration {
    /// The same length.
    /// - Parameter duration: The length in DictationKit's deprecated type.
    @available(*, deprecated, message: "use EnergyVoiceActivityDetector.FrameDuration")
    public init(_ duration: DictationKit.FrameDuration) {
        switch duration {
        case .milliseconds10: self = .milliseconds10
        case .milliseconds20: self = .milliseconds20
        case .milliseconds40: self = .milliseconds40
        case .milliseconds60: self = .milliseconds60
        }
    }
}

extension EnergyVoiceActivityDetector {
    /// Creates a detector whose frame length is given in DictationKit's deprecated type.
    /// - Parameters:
    ///   - sampleRate: The rate of the audio in Hz (at least 1).
    ///   - frameDuration: The length of the frames that will be passed to
    ///     ``process(frame:)-(UnsafeBufferPointer<Float>)``.
    ///   - sensitivity: How readily quiet sounds count as speech, 0...1. Defaults to 0.5.
    ///   - hangover: Seconds that speech stays on after the last loud frame (0...2). Defaults to 0.2.
    @available(*, deprecated, message: "pass an EnergyVoiceActivityDetector.FrameDuration")
    @_disfavoredOverload
    public init(
        sampleRate: Int, frameDuration: DictationKit.FrameDuration, sensitivity: Double = 0.5, hangover: Double = 0.2
    ) {
        self.init(
            sampleRate: sampleRate, frameDuration: FrameDuration(frameDuration), sensitivity: sensitivity,
            hangover: hangover)
    }
}

extension AudioFramer {
    /// Creates a framer for frames of a duration given in DictationKit's deprecated type.
    /// - Parameters:
    ///   - sampleRate: The rate of the audio in Hz.
    ///   - frameDuration: The length of each frame.
    @available(*, deprecated, message: "pass an EnergyVoiceActivityDetector.FrameDuration")
    @_disfavoredOverload
    public init(sampleRate: Int, frameDuration: DictationKit.FrameDuration) {
        self.init(frameLength: frameDuration.samples(atSampleRate: sampleRate))
    }
}
