import DictationKit
import DictationTesting
import Foundation
import Testing

/// A folder of its own under the temporary folder, removed by ``remove()``.
struct TemporaryFolder {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("dk-recording-\(UUID().uuidString)").path
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

enum RecordingFixtures {
    /// `nil` when two sample arrays are equal; else where they part, briefly (an expectation on the
    /// arrays themselves would print every sample when it fails).
    static func difference(_ recorded: [Int16], _ expected: [Int16]) -> String? {
        guard recorded != expected else { return nil }
        let index =
            zip(recorded, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(recorded.count, expected.count)
        return "\(recorded.count) samples recorded, \(expected.count) expected; they differ from sample \(index)"
    }

    /// Random 16-bit values, and the same as the `Float` samples a 16-bit source delivers (value / 32768).
    static func audio(frames: Int, channels: Int = 1, seed: UInt64 = 7) -> (pcm: [Int16], samples: [Float]) {
        var random = SplitMix64(seed: seed)
        let pcm = (0..<frames * channels).map { _ in Int16.random(in: -20_000...20_000, using: &random) }
        return (pcm, pcm.map { Float($0) / 32_768 })
    }

    static func options(reportsLevel: Bool = true) -> DictationOptions {
        DictationOptions(reports: reportsLevel ? [.partials, .level] : .partials, endpointing: .scripted)
    }

    /// A session over `source`, recorded into `directory` by a ``RecordingSource`` unless it is `nil`.
    static func session(
        _ source: InMemoryAudioSource, recordingTo directory: String?, recognizer: ScriptedRecognizer? = nil,
        preprocessing: any AudioPreprocessing = PassthroughPreprocessing()
    ) -> DictationSession {
        DictationSession(
            source: directory.map { RecordingSource(wrapping: source, directory: $0) } ?? source,
            preprocessing: preprocessing,
            recognizer: recognizer ?? ScriptedRecognizer(utterances: SessionContractTests.script))
    }

    /// Runs a session over a source that stays open; once `reads` buffers were read (one level
    /// event each), ends it with `stop()` or `cancel()`.
    static func run(
        _ session: DictationSession, options: DictationOptions, reads: Int, cancel: Bool = false
    ) async throws -> [DictationEvent] {
        var events: [DictationEvent] = []
        var levels = 0
        for await event in try await session.start(options) {
            events.append(event)
            guard case .level = event else { continue }
            levels += 1
            if levels == reads {
                if cancel { await session.cancel() } else { await session.stop() }
            }
        }
        return events
    }
}

/// Preprocessing for sources of any rate and channels: hands the recognizer silence of the right
/// length, so a session can run on audio that `PassthroughPreprocessing` would refuse.
struct AnyFormatPreprocessing: AudioPreprocessing {
    func makeProcessor(input: AudioFormat, outputSampleRate: Int) throws(DictationError) -> any AudioProcessor {
        Processor(outputSampleRate: outputSampleRate)
    }

    private final class Processor: AudioProcessor {
        let outputSampleRate: Int
        init(outputSampleRate: Int) { self.outputSampleRate = outputSampleRate }

        func process(_ frame: AudioFrame) throws(DictationError) -> AudioFrame {
            let count = frame.frameCount * outputSampleRate / max(frame.sampleRate, 1)
            return AudioFrame(
                samples: [Float](repeating: 0, count: count), sampleRate: outputSampleRate, channelCount: 1,
                startTime: frame.startTime)
        }

        func flush() throws(DictationError) -> AudioFrame {
            AudioFrame(samples: [], sampleRate: outputSampleRate, channelCount: 1, startTime: 0)
        }
    }
}
