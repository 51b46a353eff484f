import DictationTestSupport
import Foundation
import Testing

/// `dictate models` end to end, offline: a pack laid out in a temporary XDG data folder, and an
/// install from a wheel that is not the pinned one.
@Suite(.timeLimit(.minutes(25))) struct ModelsCommandTests {
    static let system = PocketSphinxSystemModel.englishUS
    static let pinnedSHA256 = "754f2cd9d7fbeff5e05ad91b906350cb7983fd2ef82002d91e117ac44aa94efa"

    /// A temporary `XDG_DATA_HOME`, and `dictate`'s environment pointing at it.
    struct DataHome {
        let root: URL
        var models: URL { root.appendingPathComponent("dictationkit/models") }
        var environment: [String: String] {
            var environment = DictateProcess.environment
            environment["XDG_DATA_HOME"] = root.path
            return environment
        }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("dictate-models-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }

        /// Lays out `en-US-large` as the installer would, with links to Debian's model files and
        /// the manifest of the pinned pack.
        func layOutLargePack() throws -> URL {
            try #require(
                FileManager.default.fileExists(atPath: ModelsCommandTests.system + "/en-us.lm.bin"),
                "needs Debian's pocketsphinx-en-us")
            let folder = models.appendingPathComponent("en-US-large")
            let manager = FileManager.default
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, target) in [
                ("acoustic-model", "en-us"), ("language-model.lm.bin", "en-us.lm.bin"),
                ("pronounciation-dictionary.dict", "cmudict-en-us.dict"),
            ] {
                try manager.createSymbolicLink(
                    atPath: folder.appendingPathComponent(name).path,
                    withDestinationPath: ModelsCommandTests.system + "/" + target)
            }
            let manifest = """
                {"format": 1, "name": "en-US-large", "locale": "en-US", "rank": 10, "licenseFiles": [],
                 "source": {"project": "SpeechRecognition", "version": "3.17.0",
                  "fileName": "speechrecognition-3.17.0-py3-none-any.whl", "sha256": "\(ModelsCommandTests.pinnedSHA256)",
                  "modelPath": "speech_recognition/pocketsphinx-data/en-US", "size": 32855722}}
                """
            try Data(manifest.utf8).write(to: folder.appendingPathComponent("model-pack.json"))
            return folder
        }

        /// Everything in the models folder, hidden work folders included.
        var modelsContents: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: models.path)) ?? []).sorted()
        }
    }

    /// The table's rows, each cut into its columns.
    static func rows(_ result: DictateProcess.Result) -> [[String]] {
        result.standardOutput.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        }
    }

    @Test func listShowsTheSystemModelAndWhatCanBeInstalled() throws {
        let home = try DataHome()
        defer { home.remove() }
        let result = try DictateProcess.run(["models", "list"], environment: home.environment)
        #expect(result.status == 0, "\(result.standardError)")
        let rows = Self.rows(result)
        #expect(rows.first == ["NAME", "LOCALE", "RANK", "STATUS", "PATH"])
        #expect(rows.contains(["en-us", "en-US", "0", "default", Self.system]), "\(result.standardOutput)")
        #expect(
            rows.contains {
                $0.starts(with: ["en-US-large", "en-US", "10", "not", "installed", "dictate", "models", "install", "en-US-large"])
            },
            "\(result.standardOutput)")
        #expect(
            rows.contains {
                $0.starts(with: [
                    "whisper-tiny.en", "en", "-", "not", "installed", "dictate", "models", "install", "whisper-tiny.en",
                ])
            })
        #expect(
            try DictateProcess.run(["models"], environment: home.environment).standardOutput == result.standardOutput,
            "list is the default subcommand")
    }

    @Test func anInstalledPackIsTheDefaultAndIsNotInstalledTwice() throws {
        let home = try DataHome()
        defer { home.remove() }
        let folder = try home.layOutLargePack().path

        let list = try DictateProcess.run(["models", "list"], environment: home.environment)
        #expect(list.status == 0, "\(list.standardError)")
        let rows = Self.rows(list)
        #expect(rows.contains(["en-US-large", "en-US", "10", "default", folder]), "\(list.standardOutput)")
        #expect(rows.contains(["en-us", "en-US", "0", "installed", Self.system]), "\(list.standardOutput)")
        #expect(!rows.contains { $0.first == "en-US-large" && $0.contains("not") }, "the installed pack is not offered again")

        let locales = try DictateProcess.run(["locales"], environment: home.environment)
        #expect(
            Self.rows(locales).dropFirst().first == ["en-US", "pocketsphinx", "en-US-large", folder], "\(locales.standardOutput)")
        let transcript = try DictateProcess.run(
            ["transcribe", DictateProcess.sample("goforward.wav")], environment: home.environment)
        #expect(
            transcript.standardOutput == "Go forward 10 meters.\n",
            "the pack (Debian's files) decodes: \(transcript.standardError)")

        let again = try DictateProcess.run(["models", "install", "en-US-large"], environment: home.environment)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardOutput == folder + "\n")
        #expect(again.standardError.contains("already installed"))
    }

    @Test func installFromAWheelThatIsNotThePinnedOneFailsAndChangesNothing() throws {
        let home = try DataHome()
        defer { home.remove() }
        let folder = try home.layOutLargePack().path
        let wheel = home.root.appendingPathComponent("speechrecognition-3.17.0-py3-none-any.whl")
        try Data("PK not really a wheel".utf8).write(to: wheel)

        let result = try DictateProcess.run(
            ["models", "install", "en-US-large", "--from-wheel", wheel.path, "--force"], environment: home.environment)
        #expect(result.status == 69, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("(modelInstallFailed)"), "\(result.standardError)")
        #expect(result.standardError.contains("SHA-256"))
        #expect(home.modelsContents == ["en-US-large"], "no work folder is left, the installed pack is kept")
        let list = try DictateProcess.run(["models", "list"], environment: home.environment)
        #expect(Self.rows(list).contains(["en-US-large", "en-US", "10", "default", folder]))

        let missing = try DictateProcess.run(
            ["models", "install", "en-US-large", "--from-wheel", home.root.appendingPathComponent("none.whl").path, "--force"],
            environment: home.environment)
        #expect(missing.status == 69)
        #expect(missing.standardError.contains("does not exist"), "\(missing.standardError)")
    }

    @Test func unknownPacksAreUsageErrorsAndRemoveTakesOnlyPacks() throws {
        let home = try DataHome()
        defer { home.remove() }
        let unknown = try DictateProcess.run(["models", "install", "fr-FR-huge"], environment: home.environment)
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("en-US-large"), "it names the packs there are: \(unknown.standardError)")

        _ = try home.layOutLargePack()
        let removed = try DictateProcess.run(["models", "remove", "en-US-large"], environment: home.environment)
        #expect(removed.status == 0, "\(removed.standardError)")
        #expect(home.modelsContents.isEmpty)
        let list = try DictateProcess.run(["models", "list"], environment: home.environment)
        #expect(list.standardOutput.contains("not installed"))
        #expect(Self.rows(list).contains(["en-us", "en-US", "0", "default", Self.system]))
    }
}
