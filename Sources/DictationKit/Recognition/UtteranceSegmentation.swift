/// Who decides where utterances start and end.
public enum UtteranceSegmentation: String, Sendable, Hashable, CaseIterable {
    /// The session's endpointer, from the preprocessing chain's voice activity: speech start opens
    /// an utterance with a pre-roll, trailing silence closes it, long speech is split at a pause.
    /// The default.
    case endpointer
    /// The recognizer's own speech detection (PocketSphinx's, as in `pocketsphinx_continuous`),
    /// kept for comparison and for recognizers that segment by themselves.
    case recognizer
}
