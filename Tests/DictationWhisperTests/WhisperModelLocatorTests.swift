import DictationKit
import DictationTesting
import DictationWhisper
import Foundation
import Testing

/// Which installed model serves a locale: size and languages from each file's header, whatever
/// it is named; a model of the user's own before the catalog's of the same size; and, for a
/// locale none serves, an error naming what to install.
@Suite("Whisper model choice", .timeLimit(.minutes(15)))
struct WhisperModelLocatorTests {
    /// A models folder of links to the installed tiny.en and base files, under the names given.
    static func folder(_ links: [String: String]) throws -> String {
        let folder = NSTemporaryDirectory() + "whisper-locator-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, target) in links {
            let path = target == "tiny.en" ? try WhisperFixtures.tinyEnglish() : try WhisperFixtures.base()
            try FileManager.default.createSymbolicLink(atPath: "\(folder)/\(name).bin", withDestinationPath: path)
        }
        return folder
    }

    @Test("size and languages come from the header, not the name")
    func headerNotName() throws {
        let folder = try Self.folder(["large-v3": "tiny.en", "ggml-small.en": "base"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let models = WhisperModelLocator(folder: folder).installedModels()
        let large = try #require(models.first { $0.name == "large-v3" })
        #expect(large.sizeName == "tiny" && !large.isMultilingual)
        let small = try #require(models.first { $0.name == "ggml-small.en" })
        #expect(small.sizeName == "base" && small.isMultilingual)
        let locator = WhisperModelLocator(folder: folder)
        #expect(locator.model(forLanguage: "no")?.name == "ggml-small.en", "the multilingual one, whatever its name says")
        #expect(locator.model(forLanguage: "en")?.name == "ggml-small.en", "base is larger than tiny")
    }

    @Test("of two the same size: English-only for English, then the user's own before the catalog's")
    func ties() throws {
        let folder = try Self.folder(["base": "base", "nb-whisper-base": "base", "tiny.en": "tiny.en", "ggml-tiny.en": "tiny.en"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let locator = WhisperModelLocator(folder: folder)
        #expect(try locator.model(forLocale: "nb-NO").name == "nb-whisper-base")
        #expect(try locator.model(forLocale: "nn-NO").name == "nb-whisper-base")
        #expect(try locator.model(forLocale: "en-US").name == "nb-whisper-base", "base is larger than tiny.en")
        let models = locator.installedModels()
        #expect(models.filter(\.isOwn).map(\.name) == ["nb-whisper-base"])

        let english = try Self.folder(["tiny.en": "tiny.en", "ggml-tiny.en": "tiny.en", "tiny": "base"])
        defer { try? FileManager.default.removeItem(atPath: english) }
        #expect(WhisperModelLocator(folder: english).model(forLanguage: "en")?.name == "tiny", "base by its header")
    }

    @Test("no model for a locale names the pack to install, in both languages; an unknown language is localeUnsupported")
    func missing() throws {
        let folder = try Self.folder(["tiny.en": "tiny.en"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let locator = WhisperModelLocator(folder: folder)
        #expect(try locator.model(forLocale: "en-US").name == "tiny.en")
        let error = try #require(Self.error { () throws(DictationError) in _ = try locator.model(forLocale: "nb-NO") })
        #expect(error.code == .modelNotFound)
        #expect(
            error.message == "I have no Whisper model for nb-NO (installed: tiny.en). Install one with "
                + "`dictate models install whisper-base`; `dictate models list` shows the others.")
        #expect(error.localized(to: .norwegianBokmal).message.hasPrefix("Jeg har ingen Whisper-modell for nb-NO"))
        #expect(error.localized(to: .norwegianBokmal).message.contains("`dictate models install whisper-base`"))
        #expect(ErrorTranslationCheck.problems(in: error) == [])

        let empty = WhisperModelLocator(folder: folder + "/none")
        let english = try #require(Self.error { () throws(DictationError) in _ = try empty.model(forLocale: "en-GB") })
        #expect(english.message.contains("`dictate models install whisper-tiny.en`"), "\(english.message)")
        let unknown = try #require(Self.error { () throws(DictationError) in _ = try locator.model(forLocale: "xx-YY") })
        #expect(unknown.code == .localeUnsupported)
        #expect(ErrorTranslationCheck.problems(in: unknown) == [])
    }

    @Test("check() reads the whole file: a damaged one is modelNotFound with Whisper's advice")
    func check() throws {
        let folder = try Self.folder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let model = try Data(contentsOf: URL(fileURLWithPath: try WhisperFixtures.tinyEnglish()), options: .alwaysMapped)
        try model.prefix(model.count - 1000).write(to: URL(fileURLWithPath: folder + "/cut.bin"))
        let cut = try #require(WhisperModelLocator(folder: folder).installedModels().first)
        #expect(cut.sizeName == "tiny", "the header is whole")
        let error = try #require(Self.error { () throws(DictationError) in try cut.check() })
        #expect(error.code == .modelNotFound)
        #expect(error.message.hasPrefix("I can't use the Whisper model: \(folder)/cut.bin is not a whole whisper.cpp model"))
        #expect(!error.message.contains("pocketsphinx"), "no PocketSphinx advice for a Whisper model: \(error.message)")
        #expect(ErrorTranslationCheck.problems(in: error) == [])
    }

    static func error(_ body: () throws(DictationError) -> Void) -> DictationError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }
}
