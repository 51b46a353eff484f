import DictationKit
import Foundation

/// Where installed Whisper models are, and which serves a language.
///
/// Models are whisper.cpp's ggml files named `NAME.bin` in
/// `$XDG_DATA_HOME/dictationkit/models/whisper` (by default
/// `~/.local/share/dictationkit/models/whisper`), where `dictate models install` puts them:
/// `tiny.en.bin`, `base.bin`. For a language the largest model that knows it is used, and of two
/// the same size, the English-only one for English (it is the more accurate there).
public struct WhisperModelLocator: Sendable, Hashable {
    /// An installed model file.
    public struct InstalledModel: Sendable, Hashable {
        /// The file.
        public var path: String
        /// The file's name without `.bin` (`"tiny.en"`).
        public var name: String { ((path as NSString).lastPathComponent as NSString).deletingPathExtension }
        /// Whether the model knows only English: whisper.cpp's English-only models end in `.en`.
        public var isMultilingual: Bool { !name.hasSuffix(".en") }
        /// The size, by name: tiny 1, base 2, small 3, medium 4, large 5; 0 when unknown.
        var sizeRank: Int {
            let size = name.split(separator: ".").first.map(String.init) ?? name
            let order = ["tiny", "base", "small", "medium", "large"]
            return order.firstIndex(where: { size.lowercased().hasPrefix($0) }).map { $0 + 1 } ?? 0
        }

        /// Describes a model file.
        /// - Parameter path: The file.
        public init(path: String) { self.path = path }
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
    /// - Returns: The `.bin` files.
    public func installedModels() -> [InstalledModel] {
        guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.filter { $0.hasSuffix(".bin") && !$0.hasPrefix(".") }.sorted().map {
            InstalledModel(path: folder + "/" + $0)
        }
    }

    /// The model that serves a language best, if one is installed.
    /// - Parameter language: Whisper's language code (`"en"`, `"no"`).
    /// - Returns: The largest model that knows the language; for English, of two the same size, the English-only one.
    public func model(forLanguage language: String) -> InstalledModel? {
        installedModels()
            .filter { $0.isMultilingual || language == "en" }
            .max { ($0.sizeRank, $0.isMultilingual ? 0 : 1) < ($1.sizeRank, $1.isMultilingual ? 0 : 1) }
    }
}
