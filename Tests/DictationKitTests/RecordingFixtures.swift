import DictationKit
import DictationTesting
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A WAV file as it is on disk: its header's claims and what really follows them.
struct RecordedWAV {
    var fileSize: Int
    var riffSize: Int
    var channelCount: Int
    var sampleRate: Int
    var bitsPerSample: Int
    var dataSize: Int
    /// The 16-bit samples after the 44-byte header, however many the header claims.
    var samples: [Int16]

    init(path: String) throws {
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: path), "no file at \(path)"))
        try #require(bytes.count >= 44, "\(path) is shorter than a WAV header")
        func text(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
        func uint16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func uint32(_ at: Int) -> Int { uint16(at) | uint16(at + 2) << 16 }
        #expect(text(0) == "RIFF" && text(8) == "WAVE" && text(12) == "fmt " && text(36) == "data")
        #expect(uint32(16) == 16 && uint16(20) == 1, "a 16-byte PCM fmt chunk")
        fileSize = bytes.count
        riffSize = uint32(4)
        channelCount = uint16(22)
        sampleRate = uint32(24)
        bitsPerSample = uint16(34)
        dataSize = uint32(40)
        #expect(uint32(28) == sampleRate * channelCount * 2 && uint16(32) == channelCount * 2, "byte rate, block align")
        samples = stride(from: 44, to: bytes.count - 1, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
    }

    /// The header's sizes match the file: RIFF size = file size − 8, data size = bytes after the header.
    var isConsistent: Bool { riffSize == fileSize - 8 && dataSize == fileSize - 44 }
}

extension RecordedWAV: CustomTestStringConvertible {
    /// Sizes and format only: a failed expectation must not print every sample.
    var testDescription: String {
        "WAV(file \(fileSize), RIFF \(riffSize), data \(dataSize), \(sampleRate) Hz, \(channelCount) ch)"
    }
}

/// A folder of its own under the temporary folder, removed by ``remove()``.
struct TemporaryFolder {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("dk-recording-\(UUID().uuidString)").path
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// The `.wav` files in `directory`, full paths, sorted.
    static func recordings(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".wav") }.sorted().map { directory + "/" + $0 }
    }

    /// The permission bits of a file or folder.
    static func permissions(_ path: String) -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else { return -1 }
        return Int(status.st_mode & 0o777)
    }
}

enum RecordingFixtures {
    /// `nil` when two sample arrays are equal; else where they part, briefly (an expectation on the
    /// arrays themselves would print every sample when it fails).
    static func difference(_ recorded: [Int16], _ expected: [Int16]) -> String? {
        guard recorded != expected else { return nil }
        let index = zip(recorded, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(recorded.count, expected.count)
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
