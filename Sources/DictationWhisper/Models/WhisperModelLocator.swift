import CWhisper
import DictationKit
import Foundation

/// Where installed Whisper models are, and which serves a language.
///
/// Models are whisper.cpp's ggml files named `NAME.bin` in
/// `$XDG_DATA_HOME/dictationkit/models/whisper` (by default
/// `~/.local/share/dictationkit/models/whisper`), where `dictate models install` puts them:
/// `tiny.en.bin` and `base.bin` (converted from PyPI's packs), `ggml-base.bin` (whisper.cpp's
/// official files), or a name of the user's own (`nb-whisper-base.bin`). A model's size and
/// languages are read from its file's header, whatever its name.
///
/// For a language the largest model that knows it is used; of two the same size, for English the
/// English-only one (it is the more accurate there), then a model of the user's own before one
/// of the catalog (a fine-tuned model such as NB-Whisper is installed to be used), then the first
/// by name.
public struct WhisperModelLocator: Sendable, Hashable {
    /// An installed model file.
    public struct InstalledModel: Sendable, Hashable {
        /// The file.
        public var path: String
        /// The model's shape from the file's header; `nil` when the file does not start as a
        /// whisper.cpp model.
        let shape: WhisperModelFile.Hyperparameters?

        /// The file's name without `.bin` (`"tiny.en"`).
        public var name: String { ((path as NSString).lastPathComponent as NSString).deletingPathExtension }
        /// Whether the model knows many languages, by its vocabulary (or, for a file whose header
        /// can't be read, by its name: whisper.cpp's English-only models end in `.en`).
        public var isMultilingual: Bool { shape?.isMultilingual ?? !name.hasSuffix(".en") }
        /// Whisper's name for the model's size by its encoder's depth (`"tiny"`, `"base"`,
        /// `"small"`, `"medium"`, `"large"`), or `nil` when the header can't be read.
        public var sizeName: String? { shape?.sizeName }
        /// Whether it is a file of the user's own, not one `dictate models install` takes by name
        /// from a catalog.
        public var isOwn: Bool {
            !WhisperModelPack.catalog.contains { $0.modelName == name } && WhisperModelDownload.named(name) == nil
        }

        /// The size: tiny 1, base 2, small 3, medium 4, large 5; 0 when unknown.
        var sizeRank: Int {
            let size = sizeName ?? name.split(separator: ".").first.map(String.init) ?? name
            let order = ["tiny", "base", "small", "medium", "large"]
            return order.firstIndex(where: { size.lowercased().hasPrefix($0) }).map { $0 + 1 } ?? 0
        }

        /// Describes a model file, reading its header.
        /// - Parameter path: The file.
        public init(path: String) {
            self.path = path
            shape = WhisperModelFile.header(path: path)
        }

        /// Checks the whole file as it is checked before whisper.cpp loads it.
        /// - Throws: ``DictationError`` with ``DictationError/Code/modelNotFound``, saying what is
        ///   wrong, when the file is missing, unreadable or not a whole whisper.cpp model.
        public func check() throws(DictationError) {
            _ = try WhisperModelFile(path: path)
        }
    }

    /// The folder searched.
    public var folder: String?

    /// The user's Whisper model folder below the XDG data directory.
    public static let userModelSubdirectory = "dictationkit/models/whisper"

    /// Creates a locator.
    /// - Parameters:
    ///   - folder: The folder to search; `nil` for the user's (see the type's description).
    ///   - environment: Where `XDG_DATA_HOME` and `HOME` are read.
    public init(folder: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.folder = folder ?? UserDataFolder.path(Self.userModelSubdirectory, environment: environment)
    }

    /// The model files in the folder, by name.
    /// - Returns: The `.bin` files (not the hidden ones, such as a download under way).
    public func installedModels() -> [InstalledModel] {
        guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.filter { $0.hasSuffix(".bin") && !$0.hasPrefix(".") }.sorted().map {
            InstalledModel(path: folder + "/" + $0)
        }
    }

    /// The model that serves a language best, if one is installed.
    /// - Parameter language: Whisper's language code (`"en"`, `"no"`).
    /// - Returns: The largest model that knows the language (see the type's description for ties).
    public func model(forLanguage language: String) -> InstalledModel? {
        func rank(_ model: InstalledModel) -> (Int, Int, Int) {
            (model.sizeRank, !model.isMultilingual && language == "en" ? 1 : 0, model.isOwn ? 1 : 0)
        }
        // max(by:) keeps the first of equals: the first by name.
        return installedModels().filter { $0.isMultilingual || language == "en" }.max { rank($0) < rank($1) }
    }

    /// The model that serves a locale best.
    /// - Parameter locale: A BCP 47 identifier such as `"nb-NO"` (Whisper's language `no`).
    /// - Returns: The model (its file is not read whole; see ``InstalledModel/check()``).
    /// - Throws: ``DictationError`` with ``DictationError/Code/modelNotFound`` when none is
    ///   installed that knows the locale's language, naming the pack to install; or with
    ///   ``DictationError/Code/localeUnsupported`` when Whisper does not know the language.
    public func model(forLocale locale: String) throws(DictationError) -> InstalledModel {
        let language = WhisperDecoding.language(of: locale)
        guard Self.knows(language) else {
            throw WhisperProblem.unknownLanguage(locale: locale, language: language).error
        }
        guard let model = model(forLanguage: language) else {
            throw WhisperProblem.noModel(locale: locale, installed: installedModels().map(\.name)).error
        }
        return model
    }

    /// Whether Whisper knows a language, by whisper.cpp's own table (no model needed).
    /// - Parameter language: Whisper's language code (`"no"`).
    /// - Returns: Whether whisper.cpp has it.
    static func knows(_ language: String) -> Bool {
        // whisper_lang_id logs an unknown code as an error; the table is searched here instead.
        (0...whisper_lang_max_id()).contains { id in whisper_lang_str(id).map { String(cString: $0) } == language }
    }
}
