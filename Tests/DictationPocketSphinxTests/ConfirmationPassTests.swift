import DictationPocketSphinx
import DictationTestSupport
import DictationTesting
import Foundation
import Logging
import Synchronization
import Testing

@testable import DictationKit

/// The redecoding pass confirming: while an utterance is still spoken, the whole-utterance search
/// of what was said so far confirms the words a session's partials show as stable.
@Suite(.timeLimit(.minutes(25))) struct ConfirmationPassTests {
    /// What a pass confirmed, search by search.
    final class Confirmations: Sendable {
        let searches = Mutex<[(words: [Word], cutoff: Double, utterance: Int)]>([])

        func append(_ words: [Word], _ cutoff: Double, _ utterance: Int) {
            searches.withLock { $0.append((words, cutoff, utterance)) }
        }

        /// Waits for a search that reaches `cutoff`. The hang guard is long: in a cold CI run, with
        /// the build and every suite beside it (load 26 on two cores), the first search took more
        /// than 60 s.
        func wait(forCutoff cutoff: Double) throws -> (words: [Word], cutoff: Double, utterance: Int) {
            try waitFor("a confirmation search reaches \(cutoff) s", within: .seconds(600), pollingEvery: .milliseconds(20)) {
                searches.withLock { $0.last(where: { $0.cutoff >= cutoff - 0.001 }) }
            }
        }
    }

    static func blocks(_ samples: ArraySlice<Float>) -> [UtteranceQueue.Request] {
        stride(from: samples.startIndex, to: samples.endIndex, by: 320).map {
            .audio(Array(samples[$0..<min($0 + 320, samples.endIndex)]))
        }
    }

    @Test("Words well before the end of the audio so far are those the final will have")
    func confirmedWordsAreTheFinals() throws {
        let recording = "librivox/sense_and_sensibility_01_austen_64kb-0870.wav"
        let samples = try Fixtures.readWAV(try PocketSphinxTestData.path(recording))
        let recognizer = try Fixtures.recognizer()
        // The final: the whole recording, searched whole.
        let decoder = try recognizer.makeUtteranceDecoder(DecoderConfiguration(locale: "en-US", reportsPartials: false))
        try decoder.beginUtterance(at: 0)
        _ = try decoder.process(samples, reportPartials: false)
        let final = try #require(
            try decoder.endUtterance().compactMap { if case .final(let transcript) = $0 { transcript } else { nil } }.first)

        let confirmations = Confirmations()
        let pass = try RedecodingPass(
            recognizer: recognizer,
            configuration: DecoderConfiguration(locale: "en-US", segmentation: .endpointer, reportsPartials: false),
            cadence: .confirming, sampleRate: 16_000, finalPassIsIdle: { true }, onIdleCores: false,
            logger: Logger(label: "test")
        ) { heard, audioEnd, utterance in
            confirmations.append(heard.words, audioEnd - PartialStabilizer.confirmationRightContext, utterance)
        }
        defer { pass.close() }
        // Four of its seven seconds, as the audio thread hands them over.
        pass.submit([.begin(utterance: 3, at: 0)] + Self.blocks(samples.prefix(64_000)))
        let search = try confirmations.wait(forCutoff: 4 - PartialStabilizer.confirmationRightContext)
        #expect(search.utterance == 3)
        #expect(
            abs(search.cutoff - (4 - PartialStabilizer.confirmationRightContext)) < 0.001,
            "the search heard the audio so far")

        let confirmed = search.words.filter { $0.end <= search.cutoff }.map(\.text)
        let finalWords = final.words.filter { $0.end <= search.cutoff + 0.3 }.map(\.text)
        print("confirmed \(confirmed) of the final \(final.text)")
        #expect(confirmed.count >= 5, "about three seconds of read speech: \(confirmed)")
        let differences = WordErrorRate(
            reference: finalWords.prefix(confirmed.count).joined(separator: " "),
            hypothesis: confirmed.joined(separator: " "))
        #expect(differences.errors <= 1, "confirmed \(confirmed), final \(final.text)")
    }

    @Test("A pass that falls behind gives up on the utterance and never holds up the audio thread")
    func fallingBehindSkipsTheRestOfTheUtterance() throws {
        // Four seconds of work for each second of audio: it can never keep up.
        let slow = ScriptedRecognizer(
            utterances: [.init("go forward ten meters", from: 0.5, to: 2.0)], realTimeFactor: 4,
            segmentation: .endpointer)
        let confirmations = Confirmations()
        let pass = try RedecodingPass(
            recognizer: slow, configuration: DecoderConfiguration(locale: "en-US", segmentation: .endpointer),
            cadence: .confirming, sampleRate: 16_000, finalPassIsIdle: { true }, onIdleCores: false,
            logger: Logger(label: "test")
        ) { heard, audioEnd, utterance in confirmations.append(heard.words, audioEnd, utterance) }
        defer { pass.close() }
        let limit = Int(RedecodingPass.maximumBacklog * 16_000)
        var largest = 0
        // Two minutes of speech, which the final pass would queue (up to a minute, then block on).
        pass.submit([.begin(utterance: 0, at: 0)])
        for block in Self.blocks([Float](repeating: 0.01, count: 120 * 16_000)[...]) {
            pass.submit([block])
            largest = max(largest, pass.queuedSamples)
        }
        #expect(largest <= limit + 320, "at most \(limit) samples behind, not \(largest)")
        // The next utterance is taken again from its start.
        pass.submit([.end, .begin(utterance: 1, at: 120)] + Self.blocks([Float](repeating: 0.01, count: 320)[...]))
        #expect(pass.queuedSamples <= limit + 640)
    }
}
