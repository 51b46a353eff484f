import DictationTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `dictate models install NAME --url URL --sha256 HEX` end to end, offline: the installed tiny.en
/// model served by Python's `http.server` on the loopback address, into a temporary XDG data
/// folder; then `models list`, `locales`, `doctor` and `transcribe --recognizer whisper` with
/// what was installed, and the coded exits of a wrong hash and a missing file.
@Suite(.timeLimit(.minutes(25))) struct ModelDownloadCommandTests {
    /// A temporary XDG data folder with a served folder beside it holding a link to tiny.en.
    struct Setup {
        let root: URL
        let model: String
        var whisperFolder: URL { root.appendingPathComponent("data/dictationkit/models/whisper") }
        var served: URL { root.appendingPathComponent("served") }
        var environment: [String: String] {
            var environment = DictateProcess.environment
            environment["XDG_DATA_HOME"] = root.appendingPathComponent("data").path
            return environment
        }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("dictate-download-\(UUID().uuidString)")
            model = try WhisperTestModels.path("tiny.en")
            try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: served.appendingPathComponent("tiny.en.bin").path, withDestinationPath: model)
        }

        var whisperContents: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: whisperFolder.path)) ?? []).sorted()
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test func aFileInstalledByItsAddressIsListedServesEnglishAndTranscribes() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        let server = try LocalFileServer(serving: setup.served.path)
        defer { server.stop() }
        let hash = try await Checksum.hex(.sha256, of: setup.model)
        let installed = setup.whisperFolder.appendingPathComponent("my-tiny.en.bin").path

        let install = try DictateProcess.run(
            ["models", "install", "my-tiny.en", "--url", server.url("tiny.en.bin").absoluteString, "--sha256", hash],
            environment: setup.environment)
        #expect(install.status == 0, "\(install.standardError)")
        #expect(install.standardOutput == installed + "\n")
        #expect(install.standardError.contains("Downloading my-tiny.en from \(server.url("tiny.en.bin").absoluteString)"))
        #expect(install.standardError.contains("Installed my-tiny.en."), "\(install.standardError)")
        #expect(setup.whisperContents == ["my-tiny.en.bin"])
        server.stop()

        let again = try DictateProcess.run(
            [
                "models", "install", "my-tiny.en", "--url", server.url("tiny.en.bin").absoluteString, "--sha256",
                hash.uppercased(),
            ],
            environment: setup.environment)
        #expect(again.status == 0, "the server is gone, yet nothing needs downloading: \(again.standardError)")
        #expect(again.standardError.contains("already installed"))

        let list = try DictateProcess.run(["models", "list"], environment: setup.environment)
        let rows = ModelsCommandTests.rows(list)
        #expect(rows.contains(["my-tiny.en", "en", "-", "default", "for", "en", installed]), "\(list.standardOutput)")
        #expect(
            rows.contains {
                $0.starts(with: [
                    "ggml-base", "multilingual", "-", "not", "installed", "dictate", "models", "install", "ggml-base",
                ])
            })

        let locales = try DictateProcess.run(["locales"], environment: setup.environment)
        #expect(locales.status == 0, "\(locales.standardError)")
        let localeRows = ModelsCommandTests.rows(locales)
        #expect(localeRows.first == ["LOCALE", "RECOGNIZER", "MODEL", "PATH"])
        #expect(localeRows.contains(["en-US", "whisper", "my-tiny.en", installed]), "\(locales.standardOutput)")
        #expect(localeRows.contains { $0.starts(with: ["en-US", "pocketsphinx"]) }, "\(locales.standardOutput)")

        let doctor = try DictateProcess.run(["doctor", "--device", "no_such_device_here"], environment: setup.environment)
        // Not on a terminal, the marks are words (PlainOutputTests).
        #expect(
            PlainOutputTests.line(marked: "ok", "whisper model en-US", in: doctor.lines)?
                .hasSuffix("my-tiny.en (English only, tiny) in \(installed)") == true,
            "\(doctor.standardOutput)")
        let norwegian = try DictateProcess.run(
            ["doctor", "--device", "no_such_device_here", "--locale", "nb-NO"], environment: setup.environment)
        #expect(
            PlainOutputTests.line(marked: "optional", "whisper model nb-NO", in: norwegian.lines)?
                .contains("`dictate models install whisper-base`") == true,
            "an optional check, in the locale's language: \(norwegian.standardOutput)")

        let transcript = try DictateProcess.run(
            ["transcribe", "--recognizer", "whisper", DictateProcess.sample("goforward.wav")], environment: setup.environment)
        #expect(transcript.status == 0, "\(transcript.standardError)")
        #expect(
            transcript.standardOutput.lowercased().contains("go forward"),
            "the installed model decodes: \(transcript.standardOutput)")

        let remove = try DictateProcess.run(["models", "remove", "my-tiny.en"], environment: setup.environment)
        #expect(remove.status == 0, "\(remove.standardError)")
        #expect(setup.whisperContents.isEmpty)
    }

    @Test func aWrongHashExits65AndA404Exits69LeavingNothing() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        let server = try LocalFileServer(serving: setup.served.path)
        defer { server.stop() }

        let wrong = try DictateProcess.run(
            [
                "models", "install", "tiny", "--url", server.url("tiny.en.bin").absoluteString, "--sha1",
                String(repeating: "ab", count: 20),
            ],
            environment: setup.environment)
        #expect(wrong.status == 65, "\(wrong.standardError)")
        #expect(wrong.standardOutput.isEmpty)
        #expect(wrong.standardError.contains("(modelChecksumMismatch)"), "\(wrong.standardError)")
        #expect(setup.whisperContents.isEmpty, "no model and no partial download: \(setup.whisperContents)")

        let missing = try DictateProcess.run(
            [
                "models", "install", "tiny", "--url", server.url("ggml-model.bin").absoluteString, "--sha256",
                try await Checksum.hex(.sha256, of: setup.model),
            ],
            environment: setup.environment)
        #expect(missing.status == 69, "\(missing.standardError)")
        #expect(missing.standardError.contains("HTTP 404"), "\(missing.standardError)")
        #expect(missing.standardError.contains("(modelDownloadFailed)"))
        #expect(setup.whisperContents.isEmpty)

        var norwegian = setup.environment
        norwegian["LC_ALL"] = nil
        norwegian["LC_MESSAGES"] = nil
        norwegian["LANG"] = "nb_NO.UTF-8"
        let inNorwegian = try DictateProcess.run(
            [
                "models", "install", "tiny", "--url", server.url("ggml-model.bin").absoluteString, "--sha256",
                try await Checksum.hex(.sha256, of: setup.model),
            ],
            environment: norwegian)
        #expect(
            inNorwegian.standardError.contains("Jeg klarte ikke å laste ned Whisper-modellen tiny"),
            "\(inNorwegian.standardError)")
    }

    @Test func badDownloadArgumentsAreUsageErrors() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let hash = String(repeating: "0", count: 64)
        let cases: [([String], String)] = [
            (["mine", "--url", "https://example.invalid/m.bin"], "--sha256 HEX or --sha1 HEX"),
            (["mine", "--url", "https://example.invalid/m.bin", "--sha256", hash, "--sha1", String(hash.prefix(40))], "one of"),
            (["mine", "--url", "https://example.invalid/m.bin", "--sha1", hash], "not 40 hexadecimal digits"),
            (["mine", "--url", "ftp://example.invalid/m.bin", "--sha256", hash], "https, http or file"),
            (["whisper-base", "--url", "https://example.invalid/m.bin", "--sha256", hash], "name of a model in the catalog"),
            (["base", "--url", "https://example.invalid/m.bin", "--sha256", hash], "name of a model in the catalog"),
            (["../mine", "--url", "https://example.invalid/m.bin", "--sha256", hash], "can't be a model's name"),
            (["mine", "--sha256", hash], "go with --url"),
        ]
        for (arguments, message) in cases {
            let result = try DictateProcess.run(["models", "install"] + arguments, environment: setup.environment)
            #expect(result.status == 64, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        }
        #expect(setup.whisperContents.isEmpty)
    }
}
