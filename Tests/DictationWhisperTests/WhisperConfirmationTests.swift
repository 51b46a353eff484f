import DictationTestSupport
import DictationTesting
import DictationWhisper
import Foundation
import Logging
import Synchronization
import Testing

@testable import DictationKit

/// Stable words beside Whisper's finals: a live session that shows PocketSphinx's partials takes
/// their stable words from the confirmation pass, which runs Whisper (the final's kind of decoder)
/// on the utterance so far. Those words must be the final's own: a stable word the final then
/// contradicts would be a promise broken, typed into a document and taken back.
@Suite(.timeLimit(.minutes(15))) struct WhisperConfirmationTests {
    final class Confirmations: Sendable {
        let searches = Mutex<[(words: [Word], cutoff: Double)]>([])

        /// Waits for a search that reaches `cutoff` (the hang guard is long: the machine may be very busy).
        func wait(forCutoff cutoff: Double) throws -> [Word] {
            try waitFor("a confirmation search reaches \(cutoff) s", within: .seconds(600), pollingEvery: .milliseconds(20)) {
                searches.withLock { $0.last(where: { $0.cutoff >= cutoff - 0.001 }) }?.words
            }
        }
    }

    @Test("The words Whisper confirms in an utterance so far are the words of its final")
    func confirmedWordsAreTheFinals() async throws {
        let modelPath = try WhisperFixtures.tinyEnglish()
        // The decodings block (and may wait their turn for the cores): off the cooperative pool.
        let run = ThreadResult { Result { try Self.confirmations(modelPath: modelPath) } }
        let (confirmedCount, contradicted) = try await waitFor("the confirmations", within: .seconds(720)) {
            run.wait(within: .zero)
        }.get()
        print(
            "Whisper confirmations: \(contradicted.count) of \(confirmedCount) confirmed words contradicted by the final: \(contradicted)"
        )
        #expect(confirmedCount >= 20, "the five utterances' first seconds confirm words")
        #expect(contradicted.isEmpty, "\(contradicted)")
    }

    /// Each recording's final, and the words confirmed of its first seconds: how many, and which
    /// the final contradicts.
    static func confirmations(modelPath: String) throws -> (confirmed: Int, contradicted: [String]) {
        let recognizer = WhisperRecognizer(modelPath: modelPath, threads: WhisperFixtures.threads)
        let configuration = DecoderConfiguration(locale: "en-US", segmentation: .endpointer, reportsPartials: false)
        var confirmedCount = 0
        var contradicted: [String] = []
        for recording in PocketSphinxTestData.librivoxIDs {
            let samples = PCM16.floats(try PocketSphinxTestData.librivox(recording))
            let decoder = try recognizer.makeUtteranceDecoder(configuration)
            try decoder.beginUtterance(at: 0)
            _ = try decoder.process(samples, reportPartials: false)
            let final = try #require(
                try decoder.endUtterance().compactMap { if case .final(let transcript) = $0 { transcript } else { nil } }.first)

            // The utterance so far, as a session hands it over, up to 4 s before its end.
            let prefix = max(2, Double(samples.count) / 16_000 - 4)
            let confirmations = Confirmations()
            let pass = try RedecodingPass(
                recognizer: recognizer, configuration: configuration, cadence: .confirming, sampleRate: 16_000,
                finalPassIsIdle: { true }, onIdleCores: false, logger: Logger(label: "test")
            ) { heard, audioEnd, _ in
                confirmations.searches.withLock {
                    $0.append((heard.words, audioEnd - PartialStabilizer.confirmationRightContext))
                }
            }
            defer { pass.close() }
            let audio = samples.prefix(Int(prefix * 16_000))
            pass.submit(
                [.begin(utterance: 0, at: 0)]
                    + stride(from: 0, to: audio.count, by: 320).map { .audio(Array(audio[$0..<min($0 + 320, audio.count)])) })
            let cutoff = Double(audio.count) / 16_000 - PartialStabilizer.confirmationRightContext
            let words = try confirmations.wait(forCutoff: cutoff)
            let confirmed = words.filter { $0.end <= cutoff }.map(\.text)
            confirmedCount += confirmed.count
            let finalWords = final.words.map(\.text)
            for (index, word) in confirmed.enumerated() where index >= finalWords.count || finalWords[index] != word {
                contradicted.append("\(recording): \(word) (final: \(index < finalWords.count ? finalWords[index] : "none"))")
            }
            print("\(recording): confirmed \(confirmed) of the final \(final.text)")
        }
        return (confirmedCount, contradicted)
    }
}
