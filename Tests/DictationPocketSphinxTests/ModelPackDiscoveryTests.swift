import DictationKit
import DictationTestSupport
import Foundation
import Testing

@testable import DictationPocketSphinx

/// The locator with model packs: the user's XDG models folder, ranks from `model-pack.json`, and
/// pack folders named `<language>-<region>-<variant>`.
@Suite("Model pack discovery", .timeLimit(.minutes(25)))
struct ModelPackDiscoveryTests {
    /// A temporary XDG data folder and its models folder.
    struct DataHome {
        let root: String
        var models: String { root + "/dictationkit/models" }
        var environment: [String: String] { ["XDG_DATA_HOME": root] }

        init() throws {
            root = try Fixtures.temporaryDirectory()
            try FileManager.default.createDirectory(atPath: models, withIntermediateDirectories: true)
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    /// Lays out a model of links to Debian's files, with a manifest when a rank is given.
    static func makePack(
        at directory: String, name: String? = nil, locale: String = "en-US", rank: Int?,
        parts: ModelDiscoveryTests.Parts = .all
    ) throws {
        try ModelDiscoveryTests.makeModel(at: directory, parts: parts)
        guard let rank else { return }
        let manifest = ModelPackManifest(
            name: name ?? (directory as NSString).lastPathComponent, locale: locale, rank: rank)
        try manifest.encoded().write(to: URL(fileURLWithPath: directory + "/" + ModelPackManifest.fileName))
    }

    @Test("The user's models folder comes after DICTATIONKIT_MODEL_PATH and before the system's")
    func searchOrder() {
        let environment = [PocketSphinxModelLocator.environmentVariable: "/a:/b", "XDG_DATA_HOME": "/data/", "HOME": "/home/me"]
        #expect(
            PocketSphinxModelLocator(environment: environment).searchRoots
                == ["/a", "/b", "/data/dictationkit/models", PocketSphinxModelLocator.systemModelRoot])
    }

    @Test("XDG_DATA_HOME, else HOME, says where the user's models are")
    func userModelRoot() {
        #expect(
            PocketSphinxModelLocator.userModelRoot(environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"]) == "/x/dictationkit/models"
        )
        #expect(
            PocketSphinxModelLocator.userModelRoot(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h/"])
                == "/h/.local/share/dictationkit/models", "a relative XDG_DATA_HOME is ignored, as the spec says")
        #expect(PocketSphinxModelLocator.userModelRoot(environment: ["HOME": "/"]) == "/.local/share/dictationkit/models")
        #expect(PocketSphinxModelLocator.userModelRoot(environment: [:]) == nil)
        #expect(
            ModelPackInstaller(environment: ["HOME": "/h"]).directory(for: .englishUSLarge)
                == "/h/.local/share/dictationkit/models/en-US-large")
    }

    @Test("A pack of higher rank is preferred to Debian's model, and listed with its name and rank")
    func higherRankWins() throws {
        _ = try PocketSphinxSystemModel.requireEnglishUS()
        let home = try DataHome()
        defer { home.remove() }
        try Self.makePack(at: home.models + "/en-US-large", rank: 10)
        let locator = PocketSphinxModelLocator(environment: home.environment)

        let model = try locator.model(for: "en-US")
        #expect(model.directory == home.models + "/en-US-large")
        #expect(model.locale == "en-US")
        #expect(model.name == "en-US-large")
        #expect(model.rank == 10)
        #expect(model.pack?.name == "en-US-large")
        #expect(try locator.model(for: "en").directory == home.models + "/en-US-large")
        #expect(locator.supportedLocales() == ["en-US"])
        #expect(locator.installedModels().map(\.directory) == [home.models + "/en-US-large"])

        let folders = locator.modelFolders()
        #expect(folders.map(\.name) == ["en-US-large", "en-us"])
        #expect(folders.map(\.rank) == [10, 0])
        #expect(folders.map(\.isPreferred) == [true, false])
        #expect(folders.map(\.locale) == ["en-US", "en-US"])
        #expect(folders.last?.directory == PocketSphinxSystemModel.englishUS)
        #expect(folders.allSatisfy { (try? $0.model.get()) != nil })

        let decoder = try PocketSphinxRecognizer(environment: home.environment).makeStreamDecoder(locale: "en-US")
        #expect(decoder.locale == "en-US")
    }

    @Test("Among equal ranks the earlier place wins; a higher rank beats an earlier place")
    func ties() throws {
        _ = try PocketSphinxSystemModel.requireEnglishUS()
        let home = try DataHome()
        let extra = try Fixtures.temporaryDirectory()
        defer {
            home.remove()
            try? FileManager.default.removeItem(atPath: extra)
        }
        // A folder without a manifest ranks 0, as Debian's does; the user's folder comes first.
        try Self.makePack(at: home.models + "/en-us-plain", rank: nil)
        var environment = home.environment
        #expect(
            try PocketSphinxModelLocator(environment: environment).model(for: "en-US").directory == home.models + "/en-us-plain")

        // A plain folder on DICTATIONKIT_MODEL_PATH comes before it, at the same rank.
        try Self.makePack(at: extra + "/en-us", rank: nil)
        environment[PocketSphinxModelLocator.environmentVariable] = extra
        #expect(try PocketSphinxModelLocator(environment: environment).model(for: "en-US").directory == extra + "/en-us")

        // A ranked pack in the user's folder beats both.
        try Self.makePack(at: home.models + "/en-US-large", rank: 10)
        let locator = PocketSphinxModelLocator(environment: environment)
        #expect(try locator.model(for: "en-US").directory == home.models + "/en-US-large")
        #expect(locator.modelFolders().filter(\.isPreferred).map(\.name) == ["en-US-large"])

        // Within one folder, the higher rank wins whatever the names' order.
        try Self.makePack(at: extra + "/en-US-huge", rank: 20)
        #expect(try PocketSphinxModelLocator(environment: environment).model(for: "en-US").directory == extra + "/en-US-huge")
    }

    @Test("An explicit model directory still wins over every pack")
    func explicitDirectoryWins() throws {
        let system = try PocketSphinxSystemModel.requireEnglishUS()
        let home = try DataHome()
        defer { home.remove() }
        try Self.makePack(at: home.models + "/en-US-large", rank: 10)
        let recognizer = PocketSphinxRecognizer(modelDirectory: system, environment: home.environment)
        #expect(try recognizer.model(for: "en-US").directory == system)
        #expect(recognizer.supportedLocales() == ["en-US"])
        #expect(recognizer.locator.modelFolders().map(\.directory) == [system])

        // An explicit pack folder says its locale through its manifest.
        try Self.makePack(at: home.models + "/custom", name: "custom", locale: "en-GB", rank: 1)
        let pack = PocketSphinxModelLocator(modelDirectory: home.models + "/custom", environment: [:])
        #expect(try pack.model(for: "zz-ZZ").locale == "en-GB")
        #expect(pack.modelFolders().first?.name == "custom")
    }

    @Test("A chosen pack that is incomplete is reported, not passed over for Debian's")
    func incompletePack() throws {
        _ = try PocketSphinxSystemModel.requireEnglishUS()
        let home = try DataHome()
        defer { home.remove() }
        try Self.makePack(at: home.models + "/en-US-large", rank: 10, parts: [.acousticModel, .languageModel])
        let locator = PocketSphinxModelLocator(environment: home.environment)
        let error = ModelDiscoveryTests.error { _ = try locator.model(for: "en-US") }
        #expect(error?.code == .modelNotFound)
        #expect(error?.message.contains("dictionary") == true, "\(String(describing: error))")
        #expect(error?.message.contains(home.models + "/en-US-large") == true)
        #expect(locator.supportedLocales().isEmpty)
        let folders = locator.modelFolders()
        #expect(folders.first?.isPreferred == true)
        if case .success = folders.first?.model { Issue.record("an incomplete pack is listed as usable") }
    }

    @Test("A pack folder without a manifest takes its locale from its name, without the variant")
    func variantFolderName() throws {
        _ = try PocketSphinxSystemModel.requireEnglishUS()
        let home = try DataHome()
        defer { home.remove() }
        try Self.makePack(at: home.models + "/xx-YY-large", rank: nil)
        let locator = PocketSphinxModelLocator(environment: home.environment)
        let model = try locator.model(for: "xx_YY.UTF-8")
        #expect(model.directory == home.models + "/xx-YY-large")
        #expect(model.locale == "xx-YY")
        #expect(model.name == "xx-YY-large")
        #expect(model.rank == 0)
        #expect(model.pack == nil)
    }

    @Test("Hidden folders, where the installer unpacks, are never candidates")
    func hiddenFoldersSkipped() throws {
        _ = try PocketSphinxSystemModel.requireEnglishUS()
        let home = try DataHome()
        defer { home.remove() }
        try Self.makePack(at: home.models + "/.install-xx-YY-1234/xx-YY", rank: 10)
        try Self.makePack(at: home.models + "/.xx-YY", rank: 10)
        let locator = PocketSphinxModelLocator(environment: home.environment)
        #expect(!locator.supportedLocales().contains("xx-YY"))
        #expect(locator.modelFolders().allSatisfy { !$0.directory.contains("/.") })
    }
}

@Suite("Model pack manifests", .timeLimit(.minutes(25)))
struct ModelPackManifestTests {
    static func decode(_ json: String) -> DictationError? {
        ModelDiscoveryTests.error { _ = try ModelPackManifest.decode(Data(json.utf8), from: "/p/model-pack.json") }
    }

    @Test("A manifest survives encoding; unknown keys and a missing licence list are accepted")
    func roundTrip() throws {
        let written = ModelPackManifest(
            pack: .englishUSLarge, licenseFiles: ["LICENSE.txt"], installedAt: Date(timeIntervalSince1970: 1_800_000_000))
        let read = try ModelPackManifest.decode(try written.encoded(), from: "test")
        #expect(read == written)
        #expect(read.source?.sha256 == ModelPack.englishUSLarge.source.sha256)

        let minimal = try ModelPackManifest.decode(
            Data(#"{"format": 2, "name": "x", "locale": "de_DE", "rank": -1, "future": [1, 2]}"#.utf8), from: "test")
        #expect(minimal.rank == -1)
        #expect(minimal.licenseFiles.isEmpty)
        #expect(minimal.source == nil)
    }

    @Test(
        "A broken manifest is a modelNotFound naming the file and what is wrong",
        arguments: [
            ("not json", "not valid JSON"),
            (#"{"format": 1, "name": "x", "locale": "en-US"}"#, "no \"rank\""),
            (#"{"format": 1, "name": "x", "locale": "en-US", "rank": "high"}"#, "\"rank\" has the wrong type"),
            (#"{"format": 1, "name": " ", "locale": "en-US", "rank": 1}"#, "name is empty"),
            (#"{"format": 1, "name": "x", "locale": "en", "rank": 1}"#, "not a <language>-<region> locale"),
            (#"{"format": 1, "name": "x", "locale": "C", "rank": 1}"#, "not a <language>-<region> locale"),
            (#"{"format": 1, "name": "x", "locale": "en-US", "rank": 1, "installedAt": "yesterday"}"#, "malformed"),
        ])
    func brokenManifest(json: String, reason: String) {
        let error = Self.decode(json)
        #expect(error?.code == .modelNotFound)
        #expect(error?.message.contains("/p/model-pack.json") == true)
        #expect(error?.message.contains(reason) == true, "\(String(describing: error))")
        #expect(error?.message.contains("dictate models install") == true, "it says how to repair it")
    }

    @Test("A pack with a broken manifest is chosen and reported, in the locator and the listing")
    func brokenManifestInFolder() throws {
        _ = try PocketSphinxSystemModel.requireEnglishUS()
        let home = try ModelPackDiscoveryTests.DataHome()
        defer { home.remove() }
        let folder = home.models + "/en-US-large"
        try ModelDiscoveryTests.makeModel(at: folder)
        try Data("{".utf8).write(to: URL(fileURLWithPath: folder + "/" + ModelPackManifest.fileName))
        let locator = PocketSphinxModelLocator(environment: home.environment)
        let error = ModelDiscoveryTests.error { _ = try locator.model(for: "en-US") }
        #expect(error?.code == .modelNotFound)
        #expect(error?.message.contains(folder + "/model-pack.json") == true, "\(String(describing: error))")
        let listed = try #require(locator.modelFolders().first)
        #expect(listed.name == "en-US-large")
        #expect(listed.manifest == nil)
        #expect(listed.isPreferred)
        if case .success = listed.model { Issue.record("a pack with a broken manifest is listed as usable") }
        #expect(
            ModelDiscoveryTests.error { _ = try PocketSphinxModel(directory: folder, locale: "en-US") }?.code == .modelNotFound)
    }
}

@Suite("Model locale variants", .timeLimit(.minutes(25)))
struct ModelLocaleVariantTests {
    @Test func withoutVariants() {
        #expect(ModelLocale("en-US-large")?.withoutVariants.identifier == "en-US")
        #expect(ModelLocale("en_us_large")?.withoutVariants.key == "en-us")
        #expect(ModelLocale("de-DE-1996")?.withoutVariants.identifier == "de-DE")
        #expect(ModelLocale("sr-Latn-RS")?.withoutVariants.identifier == "sr-Latn-RS", "a script is not a variant")
        #expect(ModelLocale("es-419")?.withoutVariants.identifier == "es-419")
        #expect(ModelLocale("en-large")?.withoutVariants.isLanguageOnly == true)
        #expect(ModelLocale("en-US")?.withoutVariants == ModelLocale("en-US"))
    }
}
