import DictationKit
import DictationPreprocessing
import DictationTestSupport
import DictationTesting
import DictationWhisper
import Foundation
import Synchronization
import Testing

/// A session does not load a second Whisper decoder beside one that already uses several cores:
/// on two cores, two decoders of two threads each took about four times the CPU, and a second
/// decoder costs some 70 MB.
@Suite("Whisper decoders side by side", .timeLimit(.minutes(15)))
struct WhisperSideBySideTests {
    @Test("a file's session decodes with one Whisper decoder of two threads, with two of one thread each")
    func oneDecoderUsesTheCores() async throws {
        var samples: [Float] = []
        let pause = [Float](repeating: 0, count: 16_000 * 3 / 2)
        for id in PocketSphinxTestData.librivoxIDs {
            samples += pause + PCM16.floats(try PocketSphinxTestData.librivox(id))
        }
        samples += pause
        let shared = try await Self.finalDecoders(
            samples, recognizer: WhisperRecognizer(modelPath: try WhisperFixtures.tinyEnglish(), threads: 2))
        #expect(shared.loaded == 1, "one decoder of two threads: \(shared)")
        #expect(shared.finals >= 5, "five sentences: \(shared)")
        // One thread each: decoders side by side, as for PocketSphinx. The first holds its first
        // final until the second has begun an utterance, so the count does not depend on timing.
        let single = try await Self.finalDecoders(
            samples, recognizer: WhisperRecognizer(modelPath: try WhisperFixtures.tinyEnglish(), threads: 1),
            holdingTheFirst: true)
        #expect(single.loaded == 2, "two decoders of one thread: \(single)")
    }

    /// Runs a file's session without partials, as a batch does, with `finalDecoderLimit` 2, and
    /// counts the final decoders loaded.
    static func finalDecoders(_ samples: [Float], recognizer: WhisperRecognizer, holdingTheFirst: Bool = false) async throws
        -> (loaded: Int, finals: Int)
    {
        let begun = Mutex<[Int]>([])
        let counting = InterceptingRecognizer(recognizer) { decoder, role in
            guard case .finals = role else { return decoder }
            let index = begun.withLock { begun in
                begun.append(0)
                return begun.count - 1
            }
            var holding = holdingTheFirst && index == 0
            return InterceptingDecoder.wrap(decoder) { call in
                switch call {
                case .beginUtterance:
                    begun.withLock { $0[index] += 1 }
                case .endUtterance where holding:
                    holding = false
                    // Not the test's verdict: with no second decoder the count says so.
                    try? waitUntil("a second final decoder has begun an utterance", within: .seconds(300)) {
                        begun.withLock { $0.count >= 2 && $0[1] > 0 }
                    }
                default:
                    break
                }
            }
        }
        let session = DictationSession(
            source: InMemoryAudioSource(samples: samples), preprocessing: StandardPreprocessing(), recognizer: counting)
        var asked = DictationOptions(locale: "en-US", reports: [])
        asked.finalDecoderLimit = 2
        let options = asked
        let finals = try await withDeadline(.seconds(900), "a Whisper session over five sentences") {
            var finals = 0
            for await event in try await session.start(options) {
                if case .final = event { finals += 1 }
            }
            return finals
        }
        return (begun.withLock { $0.count }, finals)
    }
}
