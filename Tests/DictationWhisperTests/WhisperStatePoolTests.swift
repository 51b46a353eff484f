import DictationKit
import DictationTestSupport
import DictationTesting
import Foundation
import Testing

@testable import DictationWhisper

/// Whisper's working memory lent for each search (`WhisperStatePool`): live decoders share a
/// few states however many there are, and give the same text as with a state of their own; a
/// file's decoding, which may retry by sampling, gets a new state and keeps none.
///
/// Each test loads a copy of tiny.en of its own: a model is shared by path in the process, and
/// the other Whisper tests running beside these take states from its pool.
@Suite("Whisper state pool", .timeLimit(.minutes(10)))
struct WhisperStatePoolTests {
    /// A copy of tiny.en at a path of its own, so its model and pool are this test's alone.
    private static func privateModel() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("whisper-pool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent("tiny.en.bin").path
        try FileManager.default.copyItem(atPath: try WhisperFixtures.tinyEnglish(), toPath: copy)
        return copy
    }

    private static func decode(_ decoder: any SpeechDecoder, _ samples: [Float]) throws -> String {
        guard let utterances = decoder as? any UtteranceDecoder else {
            Issue.record("not an utterance decoder: \(decoder)")
            return ""
        }
        try utterances.beginUtterance(at: 0)
        _ = try utterances.process(samples, reportPartials: false)
        return try utterances.endUtterance().compactMap { if case .final(let final) = $0 { final.text } else { nil } }
            .joined(separator: " ")
    }

    @Test("six live decoders, three at a time: the same text each, and no more states kept than cores")
    func liveDecodersShareStates() async throws {
        let path = try Self.privateModel()
        defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent()) }
        let recognizer = WhisperRecognizer(modelPath: path, threads: 1)
        let live = DecoderConfiguration(locale: "en-US", segmentation: .endpointer, reportsPartials: false, isLive: true)
        let decoders = try (0..<6).map { _ in UncheckedDecoder(decoder: try recognizer.makeDecoder(live)) }
        let model = try WhisperModel.shared(path: path)
        #expect(model.states.idleCount == 0, "a decoder made holds no state")
        let samples = PCM16.floats(try PocketSphinxTestData.librivox("0880"))
        let texts = try await withDeadline(.seconds(300), "six decodings") {
            try await withThrowingTaskGroup(of: String.self) { group in
                for (index, box) in decoders.enumerated() {
                    // Blocking C calls stay off the cooperative pool: a thread each.
                    group.addTask {
                        try await Self.onThread(after: .milliseconds(100 * (index % 3))) { try Self.decode(box.decoder, samples) }
                    }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
        }
        #expect(Set(texts).count == 1, "\(texts)")
        #expect(texts.first?.lowercased().contains("young man") == true, "\(texts)")
        #expect(model.states.idleCount >= 1)
        #expect(
            model.states.idleCount <= model.states.keptIdle, "\(model.states.idleCount) kept, \(model.states.keptIdle) at most")
        withExtendedLifetime(decoders) {}
    }

    @Test("a file's decoder gets a new state for each decoding and keeps none after")
    func fileDecodingKeepsNoState() async throws {
        let path = try Self.privateModel()
        defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent()) }
        let recognizer = WhisperRecognizer(modelPath: path, threads: 1)
        let file = DecoderConfiguration(locale: "en-US", segmentation: .endpointer, reportsPartials: false, isLive: false)
        let decoder = UncheckedDecoder(decoder: try recognizer.makeDecoder(file))
        let model = try WhisperModel.shared(path: path)
        let before = model.states.idleCount
        let samples = PCM16.floats(try PocketSphinxTestData.librivox("0880"))
        let text = try await withDeadline(.seconds(120), "a decoding") {
            try await Self.onThread { try Self.decode(decoder.decoder, samples) }
        }
        #expect(text.lowercased().contains("young man"), "\(text)")
        #expect(model.states.idleCount == before)
    }

    private static func onThread<Value: Sendable>(
        after delay: Duration = .zero, _ work: @escaping @Sendable () throws -> Value
    ) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                Thread.sleep(forTimeInterval: Double(delay.components.attoseconds) / 1e18 + Double(delay.components.seconds))
                continuation.resume(with: Result { try work() })
            }
        }
    }
}

/// A decoder moved to the thread that uses it, one thread at a time.
private struct UncheckedDecoder: @unchecked Sendable {
    let decoder: any SpeechDecoder
}
