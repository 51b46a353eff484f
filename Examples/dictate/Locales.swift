import ArgumentParser
import DictationKit
import DictationPocketSphinx

extension Dictate {
    /// `dictate locales`: the installed models, one line each.
    struct Locales: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the locales with an installed speech model.")

        @Option(help: ArgumentHelp("Also look in this model directory.", valueName: "dir"))
        var model: String?

        func run() throws {
            let locator = PocketSphinxModelLocator(modelDirectory: model)
            let models = locator.installedModels()
            guard !models.isEmpty else {
                let places = ([model].compactMap { $0 } + locator.searchRoots).joined(separator: ", ")
                let error = DictationError.modelNotFound(
                    DictationError.Text(
                        english: "none is installed in \(places)", norwegianBokmal: "ingen er installert i \(places)")
                ).localized(to: DictationError.Language())
                Terminal.write("dictate: \(error.description)\n", toStandardError: true)
                throw ExitCode(CLIExitCode.for(error))
            }
            let width = models.map(\.locale.count).max() ?? 0
            for model in models {
                Terminal.write(model.locale.padding(toLength: width + 2, withPad: " ", startingAt: 0) + model.directory + "\n")
            }
        }
    }
}
