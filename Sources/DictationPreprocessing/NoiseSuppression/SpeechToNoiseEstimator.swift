#if canImport(Glibc)
    import Glibc
#endif

/// Estimates how far speech stands above the background in the audio before noise suppression,
/// from the chain's one voice activity verdict, and decides with hysteresis whether the audio is
/// noisy enough for noise suppression.
///
/// The detector judges the audio after suppression (what the recognizer gets); the ratio must be
/// that of the audio before it, or suppression, once engaged, would make the audio look clean and
/// release itself. So each frame comes with its level in both: the ratio is the mean power of
/// the frames the detector calls speech, measured before suppression (over about the last
/// ``speechTime`` seconds of them; a plain mean until that much has come), against the noise
/// before suppression: the detector's noise floor raised by what suppression takes off the frames
/// it calls no speech (their level before against after, averaged over about ``attenuationTime``).
/// Until suppression first engages the two are the same audio, and the ratio is simply the
/// speech's power over the detector's floor. Both are measured on the speech band the detector
/// hears, so hum and rumble below 200 Hz, which the high-pass filter takes care of, don't count as
/// noise.
///
/// The audio starts out clean. It becomes noisy once at least ``minimumSpeechTime`` of speech
/// has been heard and the ratio is below ``engageRatio``, and clean again when the ratio rises
/// above ``releaseRatio``. The thresholds come from the accuracy benchmark's recordings
/// (speech-band ratios after the first 0.1 s of speech): clean, quiet and long read speech
/// 27-49 dB, speech under a 50 Hz hum 21-32 dB, under white noise at 10 dB SNR 6-14 dB and at
/// 5 dB 5-9 dB.
struct SpeechToNoiseEstimator: Sendable {
    /// Below this ratio, in dB, audio becomes noisy.
    static let engageRatio: Float = 17
    /// Above this ratio, in dB, noisy audio becomes clean again.
    static let releaseRatio: Float = 21
    /// How much speech, in seconds, must be heard before the audio can be called noisy: the
    /// detector's first speech frames are the quiet start of a word, which would make any
    /// recording look noisy.
    static let minimumSpeechTime = 0.1
    /// The time constant, in seconds of speech, of the speech level's average.
    static let speechTime = 3.0
    /// The time constant, in seconds of frames that are no speech, of the attenuation's average:
    /// about as quick as the detector's floor falls when suppression engages, so that the noise
    /// estimate does not dip meanwhile.
    static let attenuationTime = 0.1

    /// Whether the audio is noisy, as of the last frame.
    private(set) var isNoisy = false
    /// The speech's mean power over the noise floor in dB, as of the last speech frame; `nil`
    /// until speech has been heard.
    private(set) var ratio: Float?

    /// What noise suppression takes off the frames that are no speech, in dB, averaged.
    private(set) var attenuation: Float = 0

    private let minimumSpeechFrames: Int
    private let averageFrames: Int
    private let attenuationCoefficient: Float
    private var speechFrames = 0
    private var speechPower = 0.0

    /// - Parameter frameDuration: The length of the detector's frames, in seconds.
    init(frameDuration: Double) {
        let frameTime = max(frameDuration, 1e-3)
        minimumSpeechFrames = max(1, Int((Self.minimumSpeechTime / frameTime).rounded()))
        averageFrames = max(1, Int((Self.speechTime / frameTime).rounded()))
        attenuationCoefficient = Float(1 - exp(-frameTime / Self.attenuationTime))
    }

    /// Takes in the detector's verdict on the next frame.
    /// - Parameters:
    ///   - energy: The frame's level in dBFS, as the detector heard it.
    ///   - noiseFloor: The detector's noise floor after the frame, in dBFS.
    ///   - isSpeech: Whether the detector calls the frame speech.
    ///   - unsuppressedEnergy: The same frame's level before noise suppression, in dBFS; `nil`
    ///     when it was not suppressed (the same as `energy`).
    mutating func update(energy: Float, noiseFloor: Float, isSpeech: Bool, unsuppressedEnergy: Float? = nil) {
        let before = unsuppressedEnergy ?? energy
        guard isSpeech else {
            attenuation += (before - energy - attenuation) * attenuationCoefficient
            return
        }
        speechFrames = min(speechFrames + 1, 1_000_000)
        let power = pow(10, Double(before) / 10)
        speechPower += (power - speechPower) / Double(min(speechFrames, averageFrames))
        let ratio = Decibels.fromMeanSquare(speechPower) - (noiseFloor + attenuation)
        self.ratio = ratio
        if isNoisy {
            if ratio > Self.releaseRatio { isNoisy = false }
        } else if speechFrames >= minimumSpeechFrames, ratio < Self.engageRatio {
            isNoisy = true
        }
    }
}
