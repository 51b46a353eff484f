import DictationKit

/// A PocketSphinx decoder's share of its session's ``RecognitionSettings``: the vocabulary in its
/// search, and how many alternatives its finals carry.
///
/// PocketSphinx can add words and language models to a running decoder but not take them out,
/// so a decoder reused by a session with another vocabulary (a batch's decoders go from one
/// session to the next) is loaded afresh first: nothing of one session's vocabulary reaches the
/// next.
struct SphinxSessionSettings {
    /// The model the decoder was loaded with.
    let model: PocketSphinxModel
    /// The PocketSphinx options it was loaded with.
    let options: [String: String]
    /// The vocabulary in the decoder's search.
    private(set) var vocabulary = Vocabulary()
    /// What the decoder could not use of it, given to each session that configures it.
    private var problems: [DictationError] = []
    /// The most alternatives a final carries.
    private(set) var alternativeCount = 0

    init(model: PocketSphinxModel, options: [String: String]) {
        self.model = model
        self.options = options
    }

    /// Takes a session's settings, loading the decoder afresh when it holds another vocabulary.
    /// - Parameters:
    ///   - settings: The session's settings.
    ///   - handle: The decoder; replaced when it must be loaded afresh (it keeps its cepstral mean).
    /// - Returns: What could not be used of the vocabulary.
    /// - Throws: ``DictationError`` when the model could not be loaded again or the search rebuilt.
    mutating func configure(_ settings: RecognitionSettings, handle: inout SphinxDecoderHandle)
        throws(DictationError) -> [DictationError]
    {
        alternativeCount = settings.alternativeCount
        guard settings.vocabulary != vocabulary else { return problems }
        if !vocabulary.isEmpty {
            let mean = handle.cepstralMean
            handle = try SphinxDecoderHandle(model: model, options: options)
            if let mean { handle.setCepstralMean(mean) }
            vocabulary = Vocabulary()
            problems = []
        }
        problems = try handle.install(settings.vocabulary, model: model)
        vocabulary = settings.vocabulary
        return problems
    }

    /// The final's transcript with its alternatives, when the session asked for them.
    /// - Parameters:
    ///   - transcript: The final, fresh from the handle's ended utterance.
    ///   - handle: The decoder whose utterance just ended.
    /// - Returns: The transcript, with up to ``alternativeCount`` alternatives.
    func withAlternatives(_ transcript: Transcript, from handle: SphinxDecoderHandle) -> Transcript {
        guard alternativeCount > 0 else { return transcript }
        var transcript = transcript
        transcript.alternatives = handle.alternatives(count: alternativeCount, excluding: transcript.text)
        return transcript
    }
}
