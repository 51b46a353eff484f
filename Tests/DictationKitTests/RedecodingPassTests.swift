import DictationTestSupport
import Foundation
import Logging
import Synchronization
import Testing

@testable import DictationKit

/// The pass that searches the open utterance so far on a cadence (``RedecodingPass``), fed as a
/// live source feeds it.
@Suite(.timeLimit(.minutes(25))) struct RedecodingPassTests {
    /// A whole-utterance decoder whose every search of the utterance so far hears "so far", at once.
    final class SoFarDecoder: UtteranceDecoder, @unchecked Sendable {
        var locale: String { "en-US" }

        func beginUtterance(at time: Double) throws(DictationError) {}

        func process(_ samples: [Float], reportPartials: Bool) throws(DictationError) -> [RecognitionUpdate] { [] }

        func prepareFinal(abandoningWhen abandons: @escaping @Sendable () -> Bool) throws(DictationError) -> Transcript? {
            Transcript(text: "so far", utteranceIndex: 0, startTime: 0, endTime: 0)
        }

        func endUtterance() throws(DictationError) -> [RecognitionUpdate] { [] }
    }

    /// Makes ``SoFarDecoder``s.
    struct SoFarRecognizer: SpeechRecognizer {
        var sampleRate: Int { 16_000 }
        func supportedLocales() -> [String] { ["en-US"] }
        func makeDecoder(_ configuration: DecoderConfiguration) throws(DictationError) -> any SpeechDecoder { SoFarDecoder() }
    }

    @Test("Searches come while the audio keeps coming, however often the source delivers it")
    func searchesWhileTheAudioKeepsComing() throws {
        let searches = Mutex<[(start: Double, end: Double)]>([])
        let pass = try RedecodingPass(
            recognizer: SoFarRecognizer(), configuration: DecoderConfiguration(locale: "en-US", segmentation: .endpointer),
            cadence: .showing, sampleRate: 16_000, finalPassIsIdle: { true }, onIdleCores: false,
            logger: Logger(label: "test")
        ) { heard, audioEnd, _ in searches.withLock { $0.append((heard.startTime, audioEnd)) } }
        defer { pass.close() }
        pass.submit([.begin(utterance: 0, at: 12)])
        // Blocks of 10 ms, one every 5 ms: the pass never sees 20 ms without audio. It used to
        // wait for such a moment before it searched, and whole utterances went by without one.
        // No more than 0.1 s waits for it: on a busy machine it must not fall so far behind that
        // it gives up on the utterance. The hang guard is long: in CI every suite runs at once.
        let deadline = ContinuousClock.now + .seconds(600)
        var submitted = 0
        while searches.withLock({ $0.count }) < 3, ContinuousClock.now < deadline {
            if pass.queuedSamples < 1_600 {
                pass.submit([.audio([Float](repeating: 0.01, count: 160))])
                submitted += 160
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        let heard = searches.withLock { $0 }
        #expect(heard.count >= 3, "\(heard.count) searches in \(Double(submitted) / 16_000) s of audio that kept coming")
        #expect(heard.allSatisfy { $0.start == 12 }, "each hypothesis starts where the utterance does: \(heard)")
        #expect(
            heard.first.map { $0.end >= 12 + RedecodingPass.Cadence.showing.first } ?? false,
            "the first search waits for the cadence's first audio: \(heard)")
    }
}
