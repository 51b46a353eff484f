import ArgumentParser
import DictationKit
import DictationPocketSphinx
import DictationWhisper

extension Dictate.Models {
    /// `dictate models remove NAME`: removes an installed pack.
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove an installed model (only folders and files the installer made are removed).")

        @Argument(
            help: ArgumentHelp(
                "The model to remove, as `dictate models list` names it: en-US-large, whisper-base, ggml-base, "
                    + "or a name given with --url.",
                valueName: "name"))
        var name: String

        func run() async throws {
            let installer = ModelPackInstaller()
            let name = self.name
            do {
                if let whisper = WhisperModelPack.named(name) {
                    let removed = try await DedicatedThread.run { () throws(DictationError) in
                        try WhisperModelInstaller().remove(whisper)
                    }
                    Terminal.write(removed ? "Removed \(name).\n" : "\(name) is not installed.\n", toStandardError: true)
                    return
                }
                // A whisper.cpp file by its name: the catalog's (ggml-base) or one of the user's own.
                if WhisperModelDownload.named(name) != nil || ModelPack.named(name) == nil {
                    let removed = try await DedicatedThread.run { () throws(DictationError) in
                        try WhisperModelInstaller().remove(modelNamed: name)
                    }
                    if removed {
                        Terminal.write("Removed \(name).\n", toStandardError: true)
                        return
                    }
                }
                // Deleting a pack's files blocks; it is kept off the cooperative pool like an install.
                if try await DedicatedThread.run({ () throws(DictationError) in try installer.remove(packNamed: name) }) {
                    Terminal.write("Removed \(name).\n", toStandardError: true)
                } else {
                    Terminal.write(
                        "\(name) is not installed in \(installer.modelsRoot ?? "the models folder").\n", toStandardError: true)
                }
            } catch {
                let error = error.localized(to: DictationError.Language())
                Terminal.write("dictate: \(error.description)\n", toStandardError: true)
                throw ExitCode(CLIExitCode.for(error))
            }
        }
    }
}
