import DictationTestSupport
import Foundation
import Metrics
import Synchronization
import Testing

@testable import DictationKit

/// The final pass's search in a pause where the utterance may end (``FinalPass``).
@Suite(.timeLimit(.minutes(15))) struct FinalPassTests {
    /// A whole-utterance decoder whose search in a pause runs until it is told to stop, or until
    /// the test lets it end (``release``): however slowly a busy machine runs the test, the search
    /// is still running when the test looks.
    final class PauseSearchingDecoder: UtteranceDecoder, @unchecked Sendable {
        /// What became of each search in a pause: `true` when it was abandoned.
        let searches = Mutex<[Bool]>([])
        /// Whether a search in a pause has begun; it stays set.
        let began = Atomic(false)
        /// How often the running search asked whether to stop, and was told to go on.
        let questions = Atomic(0)
        /// Lets a search that was not abandoned end.
        let release = Atomic(false)
        private var held = 0

        var locale: String { "en-US" }
        var decodesUtterancesIndependently: Bool { true }

        func beginUtterance(at time: Double) throws(DictationError) { held = 0 }

        func process(_ samples: [Float], reportPartials: Bool) throws(DictationError) -> [RecognitionUpdate] {
            held += samples.count
            return []
        }

        func prepareFinal(abandoningWhen abandons: @escaping @Sendable () -> Bool) throws(DictationError) -> Transcript? {
            began.store(true, ordering: .sequentiallyConsistent)
            // Not the test's verdict, a hang guard: the test's own waits fail first.
            let deadline = ContinuousClock.now + .seconds(600)
            while ContinuousClock.now < deadline, !release.load(ordering: .sequentiallyConsistent) {
                if abandons() {
                    searches.withLock { $0.append(true) }
                    return nil
                }
                questions.add(1, ordering: .sequentiallyConsistent)
                Thread.sleep(forTimeInterval: 0.005)
            }
            searches.withLock { $0.append(false) }
            return nil
        }

        func endUtterance() throws(DictationError) -> [RecognitionUpdate] {
            [.final(Transcript(text: "\(held) samples", utteranceIndex: 0, startTime: 0, endTime: 1))]
        }

        func takeNotices() -> [DictationError] { [] }
    }

    /// Gives a final pass an utterance with a pause where it may end, then, once the pass
    /// searches in the pause, `afterThePause`; a search that goes on asking whether to stop a
    /// hundred times more (half a second at least) after that is let end.
    /// - Returns: What became of the searches in the pause, and the finals.
    static func searchesAndFinals(afterThePause: [UtteranceQueue.Request]) async throws
        -> (searches: [Bool], finals: [String])
    {
        let decoder = PauseSearchingDecoder()
        let finals = Mutex<[String]>([])
        let pass = try FinalPass(
            decoder: decoder, supply: nil, metrics: SessionMetrics(factory: MetricsSystem.factory, locale: "en-US"),
            logger: .init(label: "test")
        ) { outcome in
            if case .updates(let updates, _) = outcome {
                for case .final(let transcript) in updates { finals.withLock { $0.append(transcript.text) } }
            }
        }
        defer {
            decoder.release.store(true, ordering: .sequentiallyConsistent)
            pass.close()
        }
        pass.submit([.begin(utterance: 0, at: 0), .audio([Float](repeating: 0, count: 1_000)), .mayEnd])
        try await waitUntil("the pass searches in the pause", within: .seconds(300)) {
            decoder.began.load(ordering: .sequentiallyConsistent)
        }
        let asked = decoder.questions.load(ordering: .sequentiallyConsistent)
        pass.submit(afterThePause)
        try await waitUntil("the search stopped, or asked a hundred times more", within: .seconds(300)) {
            !decoder.searches.withLock(\.isEmpty) || decoder.questions.load(ordering: .sequentiallyConsistent) >= asked + 100
        }
        decoder.release.store(true, ordering: .sequentiallyConsistent)
        try await waitUntil("the utterance's final", within: .seconds(300)) { !finals.withLock(\.isEmpty) }
        return (decoder.searches.withLock { $0 }, finals.withLock { $0 })
    }

    @Test func aSearchInAPauseStopsWhenTheSpeakerGoesOnAndTheFinalHasAllTheAudio() async throws {
        // The speaker goes on after the pause, and the utterance ends later.
        let heard = try await Self.searchesAndFinals(
            afterThePause: [.audio([Float](repeating: 0, count: 500)), .end])
        #expect(heard.searches == [true], "the search of the audio before the pause was abandoned")
        #expect(heard.finals == ["1500 samples"], "the final has the audio before and after the pause")
    }

    @Test func aSearchInAPauseThatEndsTheUtteranceRunsToItsEnd() async throws {
        // The pause ends the utterance: its end is no reason to stop the search that makes its final.
        let heard = try await Self.searchesAndFinals(afterThePause: [.end])
        #expect(heard.searches == [false], "the search ran on")
        #expect(heard.finals == ["1000 samples"])
    }
}
