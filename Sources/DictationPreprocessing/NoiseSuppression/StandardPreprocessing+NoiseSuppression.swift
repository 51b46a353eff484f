extension StandardPreprocessing {
    /// When ``StandardPreprocessing`` lowers steady background noise (hiss, fans, a cheap
    /// microphone's white noise) under the speech.
    ///
    /// Suppression helps a recognizer only where the noise is close to the speech's level: on
    /// clean speech, taking away the last of the background costs words. ``automatic``, the
    /// default, therefore measures how far the speech stands above the noise and engages only when
    /// the audio is noisy; until then the audio passes untouched and without delay. Suppression
    /// delays the audio by 20 ms.
    public enum NoiseSuppression: String, Sendable, Hashable, CaseIterable {
        /// Never: the audio passes as it is.
        case off
        /// Once the speech stands less than about 17 dB above the noise, judged continuously from
        /// the first tenth of a second of speech on, until it stands more than 21 dB above it again.
        case automatic = "auto"
        /// Always, from the first sample.
        case on
    }
}
