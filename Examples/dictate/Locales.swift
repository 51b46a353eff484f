import ArgumentParser
import DictationKit
import DictationPocketSphinx
import DictationWhisper

extension Dictate {
    /// `dictate locales`: per locale, the PocketSphinx model and the Whisper model that serve it.
    struct Locales: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the locales with an installed speech model, and the model of each recognizer that serves them.",
            discussion: """
                One line per locale and recognizer: the PocketSphinx model of highest rank, and the Whisper model \
                (the largest installed that knows the language; a multilingual one serves Norwegian too). A locale \
                without a Whisper model says which to install.
                """)

        @Option(help: ArgumentHelp("Also look in this PocketSphinx model directory.", valueName: "dir"))
        var model: String?

        func run() throws {
            let locator = PocketSphinxModelLocator(modelDirectory: model)
            let models = locator.installedModels()
            let whisper = WhisperModelLocator()
            let whisperModels = whisper.installedModels()
            guard !models.isEmpty || !whisperModels.isEmpty else {
                let places = ([model].compactMap { $0 } + locator.searchRoots + [whisper.folder].compactMap { $0 })
                    .joined(separator: ", ")
                let error = DictationError.modelNotFound(
                    DictationError.Text(.dictateNoModelInstalled, ["places": "\(places)"])
                ).localized(to: DictationError.Language())
                Terminal.write("dictate: \(error.description)\n", toStandardError: true)
                throw ExitCode(CLIExitCode.for(error))
            }
            var locales = models.map(\.locale)
            let whisperLocales = ["en-US"] + (whisperModels.contains(where: \.isMultilingual) ? ["nb-NO", "nn-NO"] : [])
            for locale in whisperLocales where !locales.contains(locale) { locales.append(locale) }

            var table = ModelTable(header: ["LOCALE", "RECOGNIZER", "MODEL", "PATH"])
            for locale in locales {
                if let model = models.first(where: { $0.locale == locale }) {
                    table.add(locale, "pocketsphinx", model.name, model.directory)
                }
                do throws(DictationError) {
                    let served = try whisper.model(forLocale: locale)
                    table.add(locale, "whisper", Dictate.Models.List.whisperName(served), served.path)
                } catch  where error.code == .modelNotFound {
                    table.add(
                        locale, "whisper", "-",
                        "not installed: dictate models install \(WhisperModelPack.recommended(forLocale: locale).name)")
                } catch {
                    // A language Whisper does not know: nothing to say.
                }
            }
            Terminal.write(table.text)
        }
    }
}
