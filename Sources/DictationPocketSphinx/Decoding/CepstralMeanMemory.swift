import Synchronization

/// Remembers, per acoustic model, the cepstral mean that the last decoder of a recognizer had
/// learnt, so that the next session's first utterance starts from the speaker's and microphone's
/// mean instead of the model's generic initial estimate (`-cmninit`).
///
/// PocketSphinx subtracts a running mean of the cepstrum from every frame (live CMN). Within a
/// decoder it carries over from one utterance to the next; a new decoder starts cold. Shared by
/// copies of a ``PocketSphinxRecognizer``, so all sessions made from one recognizer benefit.
final class CepstralMeanMemory: Sendable {
    private let means = Mutex<[String: [Float]]>([:])

    /// The mean last stored for an acoustic model.
    /// - Parameter acousticModel: The acoustic model folder.
    /// - Returns: The mean, or `nil` when no decoder of this model has finished an utterance yet.
    func mean(for acousticModel: String) -> [Float]? {
        means.withLock { $0[acousticModel] }
    }

    /// Stores the mean a decoder has after an utterance.
    /// - Parameters:
    ///   - mean: The cepstral mean.
    ///   - acousticModel: The acoustic model folder.
    func store(_ mean: [Float], for acousticModel: String) {
        guard mean.allSatisfy(\.isFinite) else { return }
        means.withLock { $0[acousticModel] = mean }
    }
}
