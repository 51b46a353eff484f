/// How a session cuts speech into utterances.
///
/// The defaults suit dictation: half a second of silence ends an utterance, a third of a second
/// before the detected onset is kept so the first phoneme is not clipped, and speech that goes on
/// for 30 seconds is split at its quietest recent moment.
public struct EndpointingOptions: Sendable, Hashable {
    /// Who finds utterance boundaries. Defaults to ``UtteranceSegmentation/endpointer``.
    public var segmentation: UtteranceSegmentation
    /// Seconds of silence after speech that end an utterance. Defaults to 0.5.
    public var trailingSilence: Double
    /// The longest utterance in seconds; longer speech is split at the quietest point of its last
    /// ``splitSearchWindow`` seconds. Defaults to 30.
    public var maxUtteranceDuration: Double
    /// Seconds of audio before the detected speech onset that open the utterance. Defaults to 0.3.
    public var preRoll: Double
    /// Seconds of the silence after speech that stay in the utterance's audio; at most
    /// ``trailingSilence``. Defaults to 0.2.
    ///
    /// The rest of the trailing silence is only waited for: it decides that the utterance ended,
    /// but is not decoded with it. So the utterance's audio is known as soon as the kept silence
    /// has passed, and its final search can start then, while the endpointer still waits to
    /// see whether the speaker goes on.
    public var keptSilence: Double

    /// How far back, in seconds, a split of long speech looks for a pause: 2.
    ///
    /// While an utterance is in its last two seconds before the maximum, audio is held back from
    /// the recognizer (partials pause) so that the split can go where the speaker paused.
    public static let splitSearchWindow = 2.0

    /// Creates endpointing options; values out of range are clamped to sane ones.
    /// - Parameters:
    ///   - segmentation: Who finds utterance boundaries.
    ///   - trailingSilence: Seconds of silence that end an utterance (0.1 to 10).
    ///   - maxUtteranceDuration: The longest utterance in seconds (at least 5).
    ///   - preRoll: Seconds kept before the speech onset (0 to 1).
    ///   - keptSilence: Seconds of the trailing silence kept in the utterance's audio (0 to
    ///     `trailingSilence`).
    public init(
        segmentation: UtteranceSegmentation = .endpointer,
        trailingSilence: Double = 0.5,
        maxUtteranceDuration: Double = 30,
        preRoll: Double = 0.3,
        keptSilence: Double = 0.2
    ) {
        self.segmentation = segmentation
        self.trailingSilence = trailingSilence.isFinite ? min(10, max(0.1, trailingSilence)) : 0.5
        self.maxUtteranceDuration = maxUtteranceDuration.isFinite ? max(5, maxUtteranceDuration) : 30
        self.preRoll = preRoll.isFinite ? min(1, max(0, preRoll)) : 0.3
        self.keptSilence = keptSilence.isFinite ? min(self.trailingSilence, max(0, keptSilence)) : 0.2
    }
}
