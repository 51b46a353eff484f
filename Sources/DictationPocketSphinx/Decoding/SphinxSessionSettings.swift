import DictationKit

/// What a PocketSphinx decoder takes of its ``DecoderConfiguration`` beside the model: the
/// vocabulary in its search, and how many alternatives its finals carry.
struct SphinxSessionSettings {
    /// The most alternatives a final carries.
    let alternativeCount: Int

    /// Puts a configuration's vocabulary into a freshly loaded decoder.
    /// - Parameters:
    ///   - configuration: The decoder's configuration.
    ///   - handle: The decoder, loaded and not yet used.
    ///   - model: The model it was loaded with.
    /// - Returns: The settings, and what could not be used of the vocabulary.
    /// - Throws: ``DictationError`` when the search could not be rebuilt.
    static func apply(
        _ configuration: DecoderConfiguration, to handle: inout SphinxDecoderHandle, model: PocketSphinxModel
    ) throws(DictationError) -> (settings: SphinxSessionSettings, problems: [DictationError]) {
        let problems = configuration.vocabulary.isEmpty ? [] : try handle.install(configuration.vocabulary, model: model)
        return (SphinxSessionSettings(alternativeCount: configuration.alternativeCount), problems)
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
