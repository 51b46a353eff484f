import DictationKit
import Foundation

/// Finds the PocketSphinx model for a locale.
///
/// Models are looked for in these places:
/// 1. an explicit model directory: either a model folder, used whatever locale is asked for, or a
///    folder of per-locale model folders, then the only place searched;
/// 2. each directory of the `DICTATIONKIT_MODEL_PATH` environment variable (colon-separated), each
///    holding per-locale model folders named `<language>-<region>` (`en-us`, matched in any case,
///    `_` or `-`), optionally followed by a variant (`en-US-large`);
/// 3. the user's model packs, as ``ModelPackInstaller`` installs them:
///    `$XDG_DATA_HOME/dictationkit/models`, by default `~/.local/share/dictationkit/models`;
/// 4. `/usr/share/pocketsphinx/model/<language>-<region>`, where Debian's `pocketsphinx-en-us` installs.
///
/// When several folders serve a locale, the one of highest rank is used: a pack's rank is in its
/// `model-pack.json` (see ``ModelPackManifest``), and a folder without one ranks 0, as Debian's
/// model does. Among equal ranks the earlier place wins. So an installed `en-US-large` (rank 10)
/// is preferred to Debian's `en-us`, and to a plain folder on `DICTATIONKIT_MODEL_PATH`; to use a
/// particular model whatever is installed, give its folder as the explicit model directory.
///
/// A model folder that is chosen but incomplete, or whose manifest is broken, is reported, not
/// skipped: a model put in place was meant to be used, and silently using another would hide the
/// mistake.
public struct PocketSphinxModelLocator: Sendable, Hashable {
    /// The environment variable listing extra model roots: `"DICTATIONKIT_MODEL_PATH"`.
    public static let environmentVariable = "DICTATIONKIT_MODEL_PATH"
    /// Where Debian's PocketSphinx model packages install: `"/usr/share/pocketsphinx/model"`.
    public static let systemModelRoot = "/usr/share/pocketsphinx/model"
    /// The user's model folder below the XDG data directory: `"dictationkit/models"`.
    public static let userModelSubdirectory = "dictationkit/models"

    /// The explicit model directory, if one was given.
    public var modelDirectory: String?
    /// The folders of per-locale model folders, in search order, used when there is no ``modelDirectory``.
    public var searchRoots: [String]

    /// Creates a locator.
    /// - Parameters:
    ///   - modelDirectory: A model folder, or a folder of per-locale model folders; when given, the
    ///     only place searched.
    ///   - environment: The environment whose `DICTATIONKIT_MODEL_PATH` adds model roots and whose
    ///     `XDG_DATA_HOME` or `HOME` says where the user's model packs are (see ``userModelRoot(environment:)``).
    ///   - systemModelRoot: The last root searched; Debian's location by default.
    public init(
        modelDirectory: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        systemModelRoot: String = PocketSphinxModelLocator.systemModelRoot
    ) {
        self.modelDirectory = modelDirectory
        let fromEnvironment = (environment[Self.environmentVariable] ?? "")
            .split(separator: ":").map(String.init).filter { !$0.isEmpty }
        let user = Self.userModelRoot(environment: environment).map { [$0] } ?? []
        searchRoots = fromEnvironment + user + [systemModelRoot]
    }

    /// Where the user's model packs are, and where ``ModelPackInstaller`` installs them by default:
    /// `$XDG_DATA_HOME/dictationkit/models`, or `$HOME/.local/share/dictationkit/models` when
    /// `XDG_DATA_HOME` is unset or not an absolute path (the XDG Base Directory rule).
    /// - Parameter environment: The environment to read `XDG_DATA_HOME` and `HOME` from.
    /// - Returns: The folder, which may not exist yet; `nil` when neither variable is an absolute path.
    public static func userModelRoot(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        UserDataFolder.path(userModelSubdirectory, environment: environment)
    }

    /// Finds the model to use for a locale.
    /// - Parameter locale: A BCP 47 or POSIX locale name: `"en-US"`, `"en_US.UTF-8"`, or a bare
    ///   language such as `"en"`, which takes the first model of that language.
    /// - Returns: The model, with all three parts present.
    /// - Throws: `DictationError` with `DictationError.Code.modelNotFound` when the folder found is
    ///   incomplete, the explicit directory does not exist or holds no model for the locale, or no
    ///   model is installed at all;
    ///   `DictationError.Code.localeUnsupported` when models exist but none for this locale.
    public func model(for locale: String) throws(DictationError) -> PocketSphinxModel {
        let requested = ModelLocale(locale)
        if let modelDirectory {
            if Self.isModelFolder(modelDirectory) {
                // The caller named the model to use; its manifest or folder name says its locale when it can.
                let own = Self.ownLocale(ofModelFolder: modelDirectory)?.identifier ?? requested?.identifier ?? locale
                return try PocketSphinxModel(directory: modelDirectory, locale: own)
            }
            if !FileManager.default.fileExists(atPath: modelDirectory) {
                throw ModelProblem.folderMissing(modelDirectory).error
            }
            // A folder the caller named must hold the model: falling back to the installed ones
            // would hide a typo and decode with a model the caller did not ask for.
            if let requested, let match = Self.best(for: requested, among: candidateFolders()) {
                return try match.model()
            }
            throw ModelProblem.noModelInFolder(directory: modelDirectory, locale: locale).error
        }
        let candidates = candidateFolders()
        if let requested, let match = Self.best(for: requested, among: candidates) {
            return try match.model()
        }
        if candidates.isEmpty {
            throw ModelProblem.noneInstalled(roots: roots).error
        }
        throw DictationError.localeUnsupported(locale)
    }

    /// The complete models that can be used, one per locale: for each, the one ``model(for:)`` picks.
    /// - Returns: The models, locales in search order; an explicit model folder whose locale is
    ///   unknown is listed as `"und"`.
    public func installedModels() -> [PocketSphinxModel] {
        var models: [PocketSphinxModel] = []
        if let modelDirectory, Self.isModelFolder(modelDirectory) {
            let locale = Self.ownLocale(ofModelFolder: modelDirectory)?.identifier ?? "und"
            if let model = try? PocketSphinxModel(directory: modelDirectory, locale: locale) { models.append(model) }
            return models
        }
        let candidates = candidateFolders()
        var seen: Set<String> = []
        for candidate in candidates where !seen.contains(candidate.locale.key) {
            // A chosen folder that is incomplete hides the others of its locale (see model(for:)),
            // so the locale is marked as seen even when nothing can be listed for it.
            seen.insert(candidate.locale.key)
            if let best = Self.best(for: candidate.locale, among: candidates), let model = try? best.model() {
                models.append(model)
            }
        }
        return models
    }

    /// Every model folder found, complete or not, with the one used for each locale marked.
    /// - Returns: The folders in search order (by place, then by name).
    public func modelFolders() -> [LocatedModel] {
        if let modelDirectory, Self.isModelFolder(modelDirectory) {
            let locale = Self.ownLocale(ofModelFolder: modelDirectory)?.identifier ?? "und"
            return [
                Self.located(
                    path: modelDirectory, locale: locale, manifest: Self.manifest(of: modelDirectory), isPreferred: true)
            ]
        }
        let candidates = candidateFolders()
        return candidates.map { candidate in
            let best = Self.best(for: candidate.locale, among: candidates)
            return Self.located(
                path: candidate.path, locale: candidate.locale.identifier, manifest: candidate.manifest,
                isPreferred: best?.path == candidate.path)
        }
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

    /// The model folders of the roots, in root order and by name within a root.
    private func candidateFolders() -> [Candidate] {
        var found: [Candidate] = []
        let manager = FileManager.default
        for root in roots {
            guard let names = try? manager.contentsOfDirectory(atPath: root) else { continue }
            // Hidden folders are skipped: ModelPackInstaller unpacks into .install-* folders first.
            for name in names.sorted(by: { ($0.lowercased(), $0) < ($1.lowercased(), $1) }) where !name.hasPrefix(".") {
                var isDirectory: ObjCBool = false
                let path = root + "/" + name
                guard manager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
                let manifest = Self.manifest(of: path)
                guard let locale = Self.locale(manifest: manifest, folderName: name), !locale.isLanguageOnly else { continue }
                found.append(Candidate(path: path, locale: locale, manifest: manifest))
            }
        }
        return found
    }

    /// The folder that serves a request: the highest rank, the earliest on a tie.
    private static func best(for requested: ModelLocale, among candidates: [Candidate]) -> Candidate? {
        var best: Candidate?
        for candidate in candidates where requested.accepts(candidate.locale) {
            if let current = best, current.rank >= candidate.rank { continue }
            best = candidate
        }
        return best
    }

    private static func manifest(of folder: String) -> Result<ModelPackManifest?, DictationError> {
        do throws(DictationError) {
            return .success(try ModelPackManifest.read(inModelFolder: folder))
        } catch {
            return .failure(error)
        }
    }

    /// A folder's locale: its manifest's, else its name's without the variant (`en-US-large` is `en-US`).
    private static func locale(
        manifest: Result<ModelPackManifest?, DictationError>, folderName: String
    ) -> ModelLocale? {
        if case .success(let manifest?) = manifest, let locale = ModelLocale(manifest.locale) {
            return locale.withoutVariants
        }
        return ModelLocale(folderName)?.withoutVariants
    }

    /// A found folder, checked, for ``modelFolders()``.
    private static func located(
        path: String, locale: String, manifest: Result<ModelPackManifest?, DictationError>, isPreferred: Bool
    ) -> LocatedModel {
        let model: Result<PocketSphinxModel, DictationError>
        do throws(DictationError) {
            if case .failure(let error) = manifest { throw error }
            model = .success(try PocketSphinxModel(directory: path, locale: locale))
        } catch {
            model = .failure(error)
        }
        let pack = try? manifest.get()
        return LocatedModel(
            directory: (path as NSString).standardizingPath, locale: locale,
            name: pack?.name ?? (path as NSString).lastPathComponent, rank: pack?.rank ?? 0, manifest: pack,
            isPreferred: isPreferred, model: model)
    }

    /// The locale of an explicit model folder, from its manifest or its name.
    private static func ownLocale(ofModelFolder folder: String) -> ModelLocale? {
        let name = (folder as NSString).lastPathComponent
        return locale(manifest: manifest(of: folder), folderName: name)
    }

    /// Whether a folder is itself a model (rather than a folder of models).
    private static func isModelFolder(_ path: String) -> Bool {
        PocketSphinxModel.looksLikeModel(path)
    }
}

/// A model folder found in a root, before it is checked.
private struct Candidate {
    let path: String
    let locale: ModelLocale
    let manifest: Result<ModelPackManifest?, DictationError>

    /// The rank it is chosen by. A broken manifest ranks above everything, so that the folder is
    /// chosen and its problem reported rather than passed over in silence.
    var rank: Int {
        switch manifest {
        case .success(let manifest): manifest?.rank ?? 0
        case .failure: .max
        }
    }

    /// The model in the folder.
    /// - Throws: ``DictationError`` when the folder is incomplete or its manifest is broken.
    func model() throws(DictationError) -> PocketSphinxModel {
        if case .failure(let error) = manifest { throw error }
        return try PocketSphinxModel(directory: path, locale: locale.identifier)
    }
}
