import DictationKit
import DictationTestSupport
import Foundation
import Testing

@testable import DictationPocketSphinx

@Suite("Model discovery", .timeLimit(.minutes(25)))
struct ModelDiscoveryTests {
    /// The parts of a model folder a test lays out, as links to Debian's US English model.
    struct Parts: OptionSet {
        let rawValue: Int
        static let acousticModel = Parts(rawValue: 1)
        static let languageModel = Parts(rawValue: 2)
        static let dictionary = Parts(rawValue: 4)
        static let phoneLanguageModel = Parts(rawValue: 8)
        static let all: Parts = [.acousticModel, .languageModel, .dictionary, .phoneLanguageModel]
    }

    /// Lays out a model folder of symbolic links to the system model.
    static func makeModel(at directory: String, parts: Parts = .all) throws {
        let system = try PocketSphinxSystemModel.requireEnglishUS()
        let manager = FileManager.default
        try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let links: [(Parts, String, String)] = [
            (.acousticModel, "acoustic", "en-us"), (.languageModel, "words.lm.bin", "en-us.lm.bin"),
            (.dictionary, "words.dict", "cmudict-en-us.dict"),
            (.phoneLanguageModel, "en-us-phone.lm.bin", "en-us-phone.lm.bin"),
        ]
        for (part, name, target) in links where parts.contains(part) {
            try manager.createSymbolicLink(atPath: directory + "/" + name, withDestinationPath: system + "/" + target)
        }
    }

    /// The error a call throws, `nil` when it succeeds. Anything but a DictationError fails the test.
    static func error(_ body: () throws -> Void) -> DictationError? {
        do {
            try body()
            return nil
        } catch let error as DictationError {
            return error
        } catch {
            Issue.record("not a DictationError: \(error)")
            return nil
        }
    }

    @Test("The system model is found for en-US and listed")
    func systemModel() throws {
        _ = try PocketSphinxSystemModel.requireEnglishUS()
        let locator = PocketSphinxModelLocator(environment: [:])
        let model = try locator.model(for: "en-US")
        #expect(model.locale == "en-US")
        #expect(model.acousticModel == PocketSphinxSystemModel.englishUS + "/en-us")
        #expect(model.languageModel == PocketSphinxSystemModel.englishUS + "/en-us.lm.bin", "the phone LM must not be chosen")
        #expect(model.dictionary == PocketSphinxSystemModel.englishUS + "/cmudict-en-us.dict")
        #expect(locator.supportedLocales().contains("en-US"))
        #expect(PocketSphinxRecognizer(environment: [:]).supportedLocales().contains("en-US"))
    }

    @Test(
        "Locale spellings match the en-us folder",
        arguments: ["en-US", "en_US", "en-us", "EN-us", "en_US.UTF-8", "en_US.utf8@euro", "en"])
    func spellings(locale: String) throws {
        _ = try PocketSphinxSystemModel.requireEnglishUS()
        let model = try PocketSphinxModelLocator(environment: [:]).model(for: locale)
        #expect(model.directory == PocketSphinxSystemModel.englishUS)
        #expect(model.locale == "en-US")
    }

    @Test("An unknown locale is unsupported")
    func unknownLocale() throws {
        _ = try PocketSphinxSystemModel.requireEnglishUS()
        let locator = PocketSphinxModelLocator(environment: [:])
        for locale in ["zz-ZZ", "nb-NO", "fr", "C", ""] {
            let error = Self.error { _ = try locator.model(for: locale) }
            #expect(error?.code == .localeUnsupported, "\(locale): \(String(describing: error))")
        }
        let error = Self.error { _ = try PocketSphinxRecognizer(environment: [:]).makeStreamDecoder(locale: "zz-ZZ") }
        #expect(error?.code == .localeUnsupported)
    }

    @Test("With no model installed anywhere, the model is not found")
    func nothingInstalled() throws {
        let empty = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let locator = PocketSphinxModelLocator(environment: [:], systemModelRoot: empty)
        let error = Self.error { _ = try locator.model(for: "en-US") }
        #expect(error?.code == .modelNotFound)
        #expect(error?.message.contains(empty) == true)
        #expect(locator.supportedLocales().isEmpty)
    }

    @Test("An explicit model folder is used whatever the locale")
    func explicitModelFolder() throws {
        let recognizer = PocketSphinxRecognizer(modelDirectory: try PocketSphinxSystemModel.requireEnglishUS(), environment: [:])
        #expect(try recognizer.model(for: "en-US").directory == PocketSphinxSystemModel.englishUS)
        #expect(try recognizer.model(for: "zz-ZZ").locale == "en-US", "the folder name says the locale")
        #expect(recognizer.supportedLocales().first == "en-US")
    }

    @Test("An explicit folder of models is the only place searched, and its folder names give the locales")
    func explicitModelRoot() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.makeModel(at: root + "/en-gb")
        let recognizer = PocketSphinxRecognizer(modelDirectory: root, environment: [:])
        #expect(try recognizer.model(for: "en-GB").directory == root + "/en-gb")
        #expect(try recognizer.model(for: "en").directory == root + "/en-gb")
        let error = Self.error { _ = try recognizer.model(for: "en-US") }
        #expect(error?.code == .modelNotFound, "the installed models are not a silent fallback for an explicit folder")
        #expect(error?.message.contains(root) == true)
        #expect(recognizer.supportedLocales() == ["en-GB"])
    }

    @Test("An explicit model folder that does not exist is reported")
    func missingExplicitFolder() {
        let recognizer = PocketSphinxRecognizer(modelDirectory: "/nonexistent/model", environment: [:])
        let error = Self.error { _ = try recognizer.makeStreamDecoder(locale: "en-US") }
        #expect(error?.code == .modelNotFound)
        #expect(error?.message.contains("/nonexistent/model") == true)
    }

    @Test("DICTATIONKIT_MODEL_PATH folders are searched before the system, names matched in any case")
    func environmentPath() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.makeModel(at: root + "/XX_yy")
        try Self.makeModel(at: root + "/en-us")
        let environment = [PocketSphinxModelLocator.environmentVariable: "/nonexistent::" + root]
        let locator = PocketSphinxModelLocator(environment: environment)
        #expect(locator.searchRoots == ["/nonexistent", root, PocketSphinxModelLocator.systemModelRoot])
        for spelling in ["xx-YY", "xx_yy.UTF-8", "XX-YY", "xx"] {
            let model = try locator.model(for: spelling)
            #expect(model.directory == root + "/XX_yy")
            #expect(model.locale == "xx-YY")
            #expect(model.acousticModel == root + "/XX_yy/acoustic")
            #expect(model.languageModel == root + "/XX_yy/words.lm.bin")
            #expect(model.dictionary == root + "/XX_yy/words.dict")
        }
        #expect(try locator.model(for: "en-US").directory == root + "/en-us")
        #expect(locator.supportedLocales() == ["en-US", "xx-YY"])
    }

    @Test("A model found through DICTATIONKIT_MODEL_PATH decodes")
    func decodeWithLinkedModel() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.makeModel(at: root + "/xx-yy")
        let recognizer = PocketSphinxRecognizer(environment: [PocketSphinxModelLocator.environmentVariable: root])
        let decoder = try recognizer.makeStreamDecoder(locale: "xx-YY")
        #expect(decoder.locale == "xx-YY")
        let finals = try Fixtures.decode(try Fixtures.goForward(), with: decoder).finals
        #expect(finals.map(\.text) == ["go forward ten meters"])
    }

    @Test(
        "An incomplete model folder is reported with what is missing",
        arguments: [
            (Parts([.acousticModel, .languageModel]), "dictionary"),
            (Parts([.acousticModel, .dictionary, .phoneLanguageModel]), "language model"),
            (Parts([.languageModel, .dictionary]), "acoustic model"),
        ])
    func incompleteModel(parts: Parts, missing: String) throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.makeModel(at: root + "/xx-yy", parts: parts)
        let locator = PocketSphinxModelLocator(environment: [PocketSphinxModelLocator.environmentVariable: root])
        let error = Self.error { _ = try locator.model(for: "xx-YY") }
        #expect(error?.code == .modelNotFound)
        #expect(error?.message.contains(missing) == true, "\(String(describing: error))")
        #expect(error?.message.contains(root + "/xx-yy") == true)
        #expect(!locator.supportedLocales().contains("xx-YY"))

        let explicit = PocketSphinxRecognizer(modelDirectory: root + "/xx-yy", environment: [:])
        #expect(Self.error { _ = try explicit.makeStreamDecoder(locale: "xx-YY") }?.code == .modelNotFound)
    }

    @Test("An acoustic model folder lacking mdef is named with the missing file")
    func acousticModelLackingFile() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let model = root + "/xx-yy"
        try Self.makeModel(at: model, parts: [.languageModel, .dictionary])
        try FileManager.default.createDirectory(atPath: model + "/acoustic", withIntermediateDirectories: true)
        for name in ["feat.params", "means"] {
            try FileManager.default.createSymbolicLink(
                atPath: model + "/acoustic/" + name, withDestinationPath: PocketSphinxSystemModel.englishUS + "/en-us/" + name)
        }
        let error = Self.error { _ = try PocketSphinxModel(directory: model, locale: "xx-YY") }
        #expect(error?.code == .modelNotFound)
        #expect(error?.message.contains("lacks mdef") == true, "\(String(describing: error))")
    }

    @Test("Decoder options PocketSphinx doesn't know are rejected")
    func unknownDecoderOption() throws {
        _ = try PocketSphinxSystemModel.requireEnglishUS()
        let recognizer = PocketSphinxRecognizer(environment: [:], decoderOptions: ["-no_such_option": "1"])
        let error = Self.error { _ = try recognizer.makeStreamDecoder(locale: "en-US") }
        #expect(error?.code == .recognitionFailed)
    }
}

@Suite("Model locale spellings", .timeLimit(.minutes(25)))
struct ModelLocaleTests {
    @Test func parsing() {
        #expect(ModelLocale("en_US.UTF-8")?.key == "en-us")
        #expect(ModelLocale("en_US.UTF-8")?.identifier == "en-US")
        #expect(ModelLocale("sr-latn-rs")?.identifier == "sr-Latn-RS")
        #expect(ModelLocale("es-419")?.identifier == "es-419")
        #expect(ModelLocale("en")?.isLanguageOnly == true)
        #expect(ModelLocale("C") == nil)
        #expect(ModelLocale("POSIX") == nil)
        #expect(ModelLocale("C.UTF-8") == nil)
        #expect(ModelLocale("") == nil)
        #expect(ModelLocale("en--us") == nil)
    }

    @Test func matching() throws {
        let model = try #require(ModelLocale("en-us"))
        #expect(try #require(ModelLocale("en")).accepts(model))
        #expect(try #require(ModelLocale("EN_us")).accepts(model))
        #expect(!(try #require(ModelLocale("en-GB")).accepts(model)))
        #expect(!(try #require(ModelLocale("nb")).accepts(model)))
    }
}
