import DictationKit
import DictationPocketSphinx
import DictationPreprocessing
import DictationTestSupport
import DictationTesting
import Foundation
import Testing

@testable import DictationCapture

/// The same LibriVox sentence from every format people have, made here with Debian's encoders
/// (sox, opusenc, lame), decodes as well as the WAV original through `AudioFileSource`; a FLAC
/// piped to standard input does too.
@Suite("Every audio format decodes like WAV", .timeLimit(.minutes(25)))
struct AudioFormatAccuracyTests {
    static let id = "sense_and_sensibility_01_austen_64kb-0870"

    /// Lossless copies must score the original's WER exactly; lossy ones (Vorbis, Opus, MP3 at the
    /// encoders' defaults) may lose up to 10 points of WER, as a recording made that way would.
    static let formats: [(name: String, losslessly: Bool, encode: @Sendable (String, String) throws -> Void)] = [
        ("FLAC", true, { input, output in _ = try tool("sox", [input, output + ".flac"]) }),
        ("AIFF", true, { input, output in _ = try tool("sox", [input, output + ".aiff"]) }),
        ("Ogg Vorbis", false, { input, output in _ = try tool("sox", [input, output + ".ogg"]) }),
        ("Opus", false, { input, output in _ = try tool("opusenc", ["--quiet", input, output + ".opus"]) }),
        ("MP3", false, { input, output in _ = try tool("lame", ["--quiet", input, output + ".mp3"]) }),
    ]

    static func tool(_ name: String, _ arguments: [String]) throws -> String {
        let path = try #require(
            ["/usr/bin/\(name)", "/usr/local/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "\(name) is missing: install the Debian package \(name == "opusenc" ? "opus-tools" : name)")
        return try Fixtures.run(path, arguments)
    }

    /// The WAV original's WER, decoded once per test run: each format's test compares against the
    /// same figure (a fresh recognizer decodes the same file the same way).
    static func originalWER() async throws -> WordErrorRate {
        try await Baseline.shared.figure("the WAV original's WER (\(id))") {
            try await wer(AudioFileSource(path: try PocketSphinxTestData.path("librivox/\(id).wav")))
        }
    }

    static func wer(_ source: any AudioSource) async throws -> WordErrorRate {
        let reference = try #require(try PocketSphinxTestData.librivoxTranscripts()[id])
        let text = try await LibriVoxSessionAccuracyTests.transcribe(source).map(\.text).joined(separator: " ")
        return WordErrorRate(reference: reference, hypothesis: text)
    }

    @Test("Each format within the WAV original's WER", arguments: 0..<formats.count)
    func formatDecodesLikeTheWAV(index: Int) async throws {
        let format = Self.formats[index]
        let wav = try PocketSphinxTestData.path("librivox/\(Self.id).wav")
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let base = "\(directory)/copy"
        try format.encode(wav, base)
        let copy = try #require(
            try FileManager.default.contentsOfDirectory(atPath: directory).first.map { "\(directory)/\($0)" })
        // Named plainly, so only the content can say what it is.
        let unnamed = "\(directory)/recording"
        try FileManager.default.moveItem(atPath: copy, toPath: unnamed)
        let original = try await Self.originalWER()
        let ours = try await Self.wer(AudioFileSource(path: unnamed))
        print("\(format.name): WER \(ours) against WAV \(original)")
        let margin = format.losslessly ? 0 : 0.10
        #expect(ours.rate <= original.rate + margin, "\(format.name): \(ours) against the WAV's \(original)")
    }

    @Test("A FLAC piped to standard input decodes like the WAV")
    func pipedFLACDecodes() async throws {
        let wav = try PocketSphinxTestData.path("librivox/\(Self.id).wav")
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try Self.tool("sox", [wav, "\(directory)/copy.flac"])
        let flac = try Data(contentsOf: URL(fileURLWithPath: "\(directory)/copy.flac"))
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        // A thread writes as a producer process would; the FLAC is larger than a pipe's buffer.
        Thread {
            writer.write(flac)
            try? writer.close()
        }.start()
        defer { try? pipe.fileHandleForReading.close() }
        let piped = try await Self.wer(StandardInputSource(descriptor: pipe.fileHandleForReading.fileDescriptor))
        let original = try await Self.originalWER()
        print("FLAC on standard input: WER \(piped) against WAV \(original)")
        #expect(piped.rate == original.rate, "lossless: \(piped) against \(original)")
    }
}
