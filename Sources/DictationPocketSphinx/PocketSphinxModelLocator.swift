import DictationKit
import Foundation

/// Finds the PocketSphinx model for a locale.
///
/// Models are looked for in this order, and the first folder found for a locale is the one used:
/// 1. an explicit model directory: either a model folder, used whatever locale is asked for, or a
///    folder of per-locale model folders, searched like the ones below;
/// 2. each directory of the `DICTATIONKIT_MODEL_PATH` environment variable (colon-separated), each
///    holding per-locale model folders named `<language>-<region>` (`en-us`, matched in any case,
///    `_` or `-`);
/// 3. `/usr/share/pocketsphinx/model/<language>-<region>`, where Debian's `pocketsphinx-en-us` installs.
///
/// A model folder that is found but incomplete is reported, not skipped: a model put on
/// `DICTATIONKIT_MODEL_PATH` was meant to be used, and silently using another would hide the mistake.
public struct PocketSphinxModelLocator: Sendable, Hashable {
    /// The environment variable listing extra model roots: `"DICTATIONKIT_MODEL_PATH"`.
    public static let environmentVariable = "DICTATIONKIT_MODEL_PATH"
    /// Where Debian's PocketSphinx model packages install: `"/usr/share/pocketsphinx/model"`.
    public static let systemModelRoot = "/usr/share/pocketsphinx/model"

    /// The explicit model directory, if one was given.
    public var modelDirectory: String?
    /// The folders of per-locale model folders, in search order, used when there is no ``modelDirectory``.
    public var searchRoots: [String]

    /// Creates a locator.
    /// - Parameters:
    ///   - modelDirectory: A model folder, or a folder of per-locale model folders; when given, the
    ///     only place searched.
    ///   - environment: The environment whose `DICTATIONKIT_MODEL_PATH` adds model roots.
    ///   - systemModelRoot: The last root searched; Debian's location by default.
    public init(
        modelDirectory: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        systemModelRoot: String = PocketSphinxModelLocator.systemModelRoot
    ) {
        self.modelDirectory = modelDirectory
        let fromEnvironment = (environment[Self.environmentVariable] ?? "")
            .split(separator: ":").map(String.init).filter { !$0.isEmpty }
        searchRoots = fromEnvironment + [systemModelRoot]
    }

    /// Finds the model to use for a locale.
    /// - Parameter locale: A BCP 47 or POSIX locale name: `"en-US"`, `"en_US.UTF-8"`, or a bare
    ///   language such as `"en"`, which takes the first model of that language.
    /// - Returns: The model, with all three parts present.
    /// - Throws: ``DictationError`` with ``DictationError/Code/modelNotFound`` when the folder found is
    ///   incomplete, the explicit directory does not exist or holds no model for the locale, or no
    ///   model is installed at all;
    ///   ``DictationError/Code/localeUnsupported`` when models exist but none for this locale.
    public func model(for locale: String) throws(DictationError) -> PocketSphinxModel {
        let requested = ModelLocale(locale)
        if let modelDirectory {
            if Self.isModelFolder(modelDirectory) {
                // The caller named the model to use; its folder name says its locale when it can.
                let name = (modelDirectory as NSString).lastPathComponent
                let own = ModelLocale(name)?.identifier ?? requested?.identifier ?? locale
                return try PocketSphinxModel(directory: modelDirectory, locale: own)
            }
            if !FileManager.default.fileExists(atPath: modelDirectory) {
                throw DictationError.modelNotFound("the model folder \(modelDirectory) does not exist")
            }
            // A folder the caller named must hold the model: falling back to the installed ones
            // would hide a typo and decode with a model the caller did not ask for.
            if let requested, let match = candidateFolders().first(where: { requested.accepts($0.locale) }) {
                return try PocketSphinxModel(directory: match.path, locale: match.locale.identifier)
            }
            throw DictationError.modelNotFound(
                "the folder \(modelDirectory) is not a model and holds no model for \(locale) (a model has an "
                    + "acoustic-model folder with mdef, feat.params and means, a *.lm.bin language model and a "
                    + "*.dict dictionary; a folder of models has <language>-<region>/ folders)")
        }
        let candidates = candidateFolders()
        if let requested, let match = candidates.first(where: { requested.accepts($0.locale) }) {
            return try PocketSphinxModel(directory: match.path, locale: match.locale.identifier)
        }
        if candidates.isEmpty {
            let places = roots.map { "\($0)/<language>-<region>" }.joined(separator: ", ")
            throw DictationError.modelNotFound("no model is installed; I looked in \(places)")
        }
        throw DictationError.localeUnsupported(locale)
    }

    /// The complete models that can be used, one per locale, in search order.
    /// - Returns: The models; an explicit model folder whose name is not a locale is listed as `"und"`.
    public func installedModels() -> [PocketSphinxModel] {
        var models: [PocketSphinxModel] = []
        var seen: Set<String> = []
        if let modelDirectory, Self.isModelFolder(modelDirectory) {
            let name = (modelDirectory as NSString).lastPathComponent
            let locale = ModelLocale(name)?.identifier ?? "und"
            if let model = try? PocketSphinxModel(directory: modelDirectory, locale: locale) {
                models.append(model)
                seen.insert(locale.lowercased())
            }
        }
        for candidate in candidateFolders() where !seen.contains(candidate.locale.key) {
            // An incomplete folder hides later ones for its locale (see model(for:)), so it is
            // marked as seen even when it can't be listed.
            seen.insert(candidate.locale.key)
            if let model = try? PocketSphinxModel(directory: candidate.path, locale: candidate.locale.identifier) {
                models.append(model)
            }
        }
        return models
    }

    /// The locales of ``installedModels()``, as BCP 47 identifiers (`"en-US"`).
    /// - Returns: The locales that can be recognized, in search order.
    public func supportedLocales() -> [String] {
        installedModels().map(\.locale)
    }

    // MARK: - Search

    /// The roots searched for per-locale folders: only the explicit directory when one was given
    /// (the caller chose where the models are), else the environment's and the system's.
    private var roots: [String] {
        guard let modelDirectory else { return searchRoots }
        return Self.isModelFolder(modelDirectory) ? [] : [modelDirectory]
    }

    private func candidateFolders() -> [(path: String, locale: ModelLocale)] {
        var found: [(path: String, locale: ModelLocale)] = []
        let manager = FileManager.default
        for root in roots {
            guard let names = try? manager.contentsOfDirectory(atPath: root) else { continue }
            for name in names.sorted(by: { ($0.lowercased(), $0) < ($1.lowercased(), $1) }) {
                var isDirectory: ObjCBool = false
                let path = root + "/" + name
                guard let locale = ModelLocale(name), !locale.isLanguageOnly,
                    manager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue
                else { continue }
                found.append((path, locale))
            }
        }
        return found
    }

    /// Whether a folder is itself a model (rather than a folder of models).
    private static func isModelFolder(_ path: String) -> Bool {
        PocketSphinxModel.looksLikeModel(path)
    }
}
