import DictationKit

/// The reference: PocketSphinx decoding a clip one recording at a time, as the session's
/// endpointer hands it over, in 100 ms pieces and without partial hypotheses (its least work).
struct DecoderWorkload {
    let decoder: any UtteranceDecoder
    /// Per utterance, its start time and its 100 ms pieces.
    let utterances: [(start: Double, chunks: [[Float]])]
    let sampleCount: Int

    /// - Parameters:
    ///   - decoder: A decoder with ``UtteranceSegmentation/endpointer`` segmentation, loaded once.
    ///   - clip: The audio, one utterance per recording piece.
    init(decoder: any UtteranceDecoder, clip: SpeechClip) {
        self.decoder = decoder
        let step = SpeechClip.sampleRate / 10
        utterances = clip.pieces.map { piece in
            let chunks = stride(from: piece.lowerBound, to: piece.upperBound, by: step).map {
                Array(clip.samples[$0..<min(piece.upperBound, $0 + step)])
            }
            return (Double(piece.lowerBound) / Double(SpeechClip.sampleRate), chunks)
        }
        sampleCount = clip.samples.count
    }

    /// Decodes every utterance.
    /// - Returns: The seconds it took, and the words of the finals.
    /// - Throws: ``DictationError`` when decoding fails.
    func measure() throws(DictationError) -> (seconds: Double, words: Int) {
        var words = 0
        let clock = ContinuousClock()
        let start = clock.now
        for utterance in utterances {
            try decoder.beginUtterance(at: utterance.start)
            for chunk in utterance.chunks {
                _ = try decoder.process(chunk, reportPartials: false)
            }
            for case .final(let transcript) in try decoder.endUtterance() {
                words += transcript.words.count
            }
        }
        return (RunStatistics.seconds(clock.now - start), words)
    }
}
