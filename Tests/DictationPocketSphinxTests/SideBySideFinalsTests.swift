import DictationCapture
import DictationKit
import DictationPocketSphinx
import DictationPreprocessing
import DictationTestSupport
import DictationTesting
import Foundation
import Synchronization
import Testing

/// A file's utterances decoded side by side (`DictationOptions.finalDecoderLimit`): real
/// PocketSphinx decoding of LibriVox speech gives the same finals, in the same order, with one
/// decoder or two, and two are really loaded and used.
@Suite("Finals decoded side by side", .timeLimit(.minutes(25)))
struct SideBySideFinalsTests {
    /// Counts the decoders a recognizer loads, and how many utterances each began.
    ///
    /// With `holdingTheFirst`, the first decoder does not end its first utterance until a second
    /// decoder has begun one (or five minutes have passed): on a busy machine the first decoder
    /// might otherwise keep up alone, and the test would depend on timing. The wait is long
    /// because CI runs every suite at once on two cores: a minute was once too short for the
    /// audio thread to queue the ten seconds of speech that make a second decoder worthwhile.
    final class DecoderCounts: Sendable {
        private let counts = Mutex<[Int]>([])

        /// Utterances begun, per decoder loaded, in the order they were loaded.
        var utterancesPerDecoder: [Int] { counts.withLock { $0 } }

        /// `base`, counting its final decoders here.
        func counting(_ base: PocketSphinxRecognizer, holdingTheFirst: Bool) -> InterceptingRecognizer {
            InterceptingRecognizer(base) { [self] decoder, role in
                guard case .finals = role else { return decoder }
                let index = counts.withLock { counts in
                    counts.append(0)
                    return counts.count - 1
                }
                var holding = holdingTheFirst && index == 0
                return InterceptingDecoder.wrap(decoder) { [self] call in
                    switch call {
                    case .beginUtterance:
                        counts.withLock { $0[index] += 1 }
                    case .endUtterance where holding:
                        holding = false
                        // Not the test's verdict: with no second decoder the counts say so.
                        try? waitUntil("a second final decoder has begun an utterance", within: .seconds(300)) {
                            counts.withLock { $0.count >= 2 && $0[1] > 0 }
                        }
                    default:
                        break
                    }
                }
            }
        }
    }

    @Test("One decoder or two: the same finals in the same order; two decoders share the utterances")
    func sameFinalsWithTwoDecoders() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/ten-utterances.wav"
        // Ten LibriVox sentences with 1.5 s pauses: the file is read far faster than decoded, so
        // utterances wait for a decoder.
        let pause = [Float](repeating: 0, count: 16_000 * 3 / 2)
        var samples: [Float] = []
        for id in LibriVoxSessionAccuracyTests.recordings + LibriVoxSessionAccuracyTests.recordings {
            samples += pause
            samples += try Fixtures.readWAV(try PocketSphinxTestData.path("librivox/\(id).wav"))
        }
        samples += pause
        try LibriVoxSessionAccuracyTests.writeWAV(samples, to: path)

        let (one, oneCounts) = try await Self.transcribe(path, finalDecoderLimit: 1)
        let (two, twoCounts) = try await Self.transcribe(path, finalDecoderLimit: 2)
        print("utterances per decoder: one \(oneCounts), two \(twoCounts); \(two.count) finals")

        #expect(one.count >= 10, "ten sentences with pauses: \(one.count) finals")
        #expect(oneCounts.count == 1 && oneCounts[0] >= one.count, "one decoder for every utterance: \(oneCounts)")
        #expect(twoCounts.count == 2, "a second decoder should be loaded: \(twoCounts)")
        #expect(twoCounts.allSatisfy { $0 > 0 }, "both decoders should decode utterances: \(twoCounts)")
        #expect(twoCounts.reduce(0, +) == oneCounts.reduce(0, +), "each utterance decoded once")
        #expect(two.map(\.text) == one.map(\.text))
        #expect(two.map(\.words) == one.map(\.words))
        #expect(two.map(\.utteranceIndex) == Array(0..<two.count), "finals in utterance order")
        let starts = two.map(\.startTime)
        #expect(starts == starts.sorted(), "finals in the order they were spoken")
    }

    static func transcribe(_ path: String, finalDecoderLimit: Int) async throws -> ([Transcript], [Int]) {
        let counts = DecoderCounts()
        let session = DictationSession(
            source: AudioFileSource(path: path), preprocessing: StandardPreprocessing(),
            recognizer: counts.counting(try Fixtures.recognizer(), holdingTheFirst: finalDecoderLimit > 1))
        var options = DictationOptions(reports: [])
        options.finalDecoderLimit = finalDecoderLimit
        var finals: [Transcript] = []
        for await event in try await session.start(options) {
            switch event {
            case .final(let transcript): finals.append(transcript)
            case .error(let error): Issue.record("session error: \(error)")
            default: break
            }
        }
        return (finals, counts.utterancesPerDecoder)
    }
}
