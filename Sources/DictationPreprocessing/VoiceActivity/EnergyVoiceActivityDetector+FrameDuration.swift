extension EnergyVoiceActivityDetector {
    /// The length of the analysis frames that voice activity is judged on.
    ///
    /// Shorter frames react sooner; longer ones are steadier in noise. 20 ms is the default, as in
    /// WebRTC's detector.
    public enum FrameDuration: Int, Sendable, Hashable, CaseIterable {
        /// 10 ms frames.
        case milliseconds10 = 10
        /// 20 ms frames.
        case milliseconds20 = 20
        /// 40 ms frames.
        case milliseconds40 = 40
        /// 60 ms frames.
        case milliseconds60 = 60

        /// The frame length in seconds.
        public var seconds: Double { Double(rawValue) / 1000 }

        /// Samples in one frame at a sample rate.
        /// - Parameter sampleRate: Samples per second.
        /// - Returns: The frame length in samples, at least 1.
        public func samples(atSampleRate sampleRate: Int) -> Int {
            max(1, sampleRate * rawValue / 1000)
        }
    }
}
