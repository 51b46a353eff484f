import DictationCapture
import DictationKit
import DictationPreprocessing
import DictationTestSupport
import DictationTesting
import Foundation
import Testing

@testable import DictationPocketSphinx

/// The cepstral mean stays warm: from one utterance to the next inside a session, and from one
/// session to the next of the same recognizer, instead of restarting from the model's estimate.
@Suite(.timeLimit(.minutes(25))) struct CepstralMeanTests {
    @Test func theMeanCarriesOverBetweenUtterancesAndDecoders() throws {
        let recognizer = try Fixtures.recognizer()
        let samples = try Fixtures.goForward()
        let first = try #require(
            try recognizer.makeUtteranceDecoder(DecoderConfiguration(locale: "en-US")) as? PocketSphinxUtteranceDecoder)
        let initial = try #require(first.cepstralMean, "the model has a live cepstral mean")
        _ = try PocketSphinxUtteranceDecoderTests.decodeUtterance(samples, at: 0, with: first)
        let learnt = try #require(first.cepstralMean)
        #expect(zip(initial, learnt).contains { abs($0 - $1) > 0.1 }, "speech moved the mean: \(initial) → \(learnt)")

        // A second decoder of the same recognizer starts where the first left off…
        let second = try #require(
            try recognizer.makeUtteranceDecoder(DecoderConfiguration(locale: "en-US")) as? PocketSphinxUtteranceDecoder)
        #expect(second.cepstralMean == learnt)
        // …and one of another recognizer from the model's own estimate.
        let other = try #require(
            try Fixtures.recognizer().makeUtteranceDecoder(DecoderConfiguration(locale: "en-US")) as? PocketSphinxUtteranceDecoder
        )
        #expect(other.cepstralMean == initial)
    }

    /// Each LibriVox sentence in a session of its own, as an app that starts a session per
    /// dictation does: with one recognizer every session after the first starts warm.
    @Test func warmSessionsRecognizeAtLeastAsWellAsColdOnes() async throws {
        let references = try PocketSphinxTestData.librivoxTranscripts()
        let warmRecognizer = try Fixtures.recognizer()
        var cold = WordErrorRate(errors: 0, referenceWords: 0)
        var warm = WordErrorRate(errors: 0, referenceWords: 0)
        // Warm up on the last sentence, so that every measured session starts warm.
        let ids = LibriVoxSessionAccuracyTests.recordings
        _ = try await Self.transcribe(ids.last!, with: warmRecognizer)
        for id in ids {
            let reference = try #require(references[id])
            cold =
                cold
                + WordErrorRate(reference: reference, hypothesis: try await Self.transcribe(id, with: try Fixtures.recognizer()))
            warm = warm + WordErrorRate(reference: reference, hypothesis: try await Self.transcribe(id, with: warmRecognizer))
        }
        print("one session per sentence: cold \(cold), warm \(warm)")
        #expect(warm.rate <= cold.rate)
    }

    static func transcribe(_ id: String, with recognizer: PocketSphinxRecognizer) async throws -> String {
        let path = try PocketSphinxTestData.path("librivox/\(id).wav")
        let session = DictationSession(
            source: AudioFileSource(path: path), preprocessing: StandardPreprocessing(), recognizer: recognizer)
        var text: [String] = []
        for await event in try await session.start(DictationOptions(reports: [])) {
            if case .final(let transcript) = event { text.append(transcript.text) }
        }
        return text.joined(separator: " ")
    }
}
