import DictationKit
import Foundation

/// The three files PocketSphinx needs to recognize one language: acoustic model, language model
/// and pronunciation dictionary.
///
/// Make one with ``init(directory:locale:)``, which looks inside a model folder laid out like
/// Debian's `pocketsphinx-en-us` package, or let ``PocketSphinxModelLocator`` find one for a locale.
/// A folder installed by ``ModelPackInstaller`` also says which ``pack`` it is.
public struct PocketSphinxModel: Sendable, Hashable {
    /// The locale the model recognizes, as a BCP 47 identifier (`"en-US"`).
    public var locale: String
    /// The model folder the parts were found in.
    public var directory: String
    /// The acoustic model folder (it holds `mdef`, `feat.params`, `means`, ...).
    public var acousticModel: String
    /// The word language model file (`*.lm.bin`, `*.lm`, `*.lm.dmp` or `*.DMP`).
    public var languageModel: String
    /// The pronunciation dictionary file (`*.dict` or `*.dic`).
    public var dictionary: String
    /// The manifest of the model pack the folder holds, or `nil` for a plain model folder (such as
    /// Debian's).
    public var pack: ModelPackManifest?

    /// Creates a model from known paths, without checking them.
    /// - Parameters:
    ///   - locale: The locale the model recognizes, such as `"en-US"`.
    ///   - directory: The model folder.
    ///   - acousticModel: The acoustic model folder.
    ///   - languageModel: The word language model file.
    ///   - dictionary: The pronunciation dictionary file.
    ///   - pack: The manifest of the pack the folder holds, if any.
    public init(
        locale: String, directory: String, acousticModel: String, languageModel: String, dictionary: String,
        pack: ModelPackManifest? = nil
    ) {
        self.locale = locale
        self.directory = directory
        self.acousticModel = acousticModel
        self.languageModel = languageModel
        self.dictionary = dictionary
        self.pack = pack
    }

    /// The pack's name, or the folder's name for a plain model folder (`"en-US-large"`, `"en-us"`).
    public var name: String { pack?.name ?? (directory as NSString).lastPathComponent }

    /// How the model ranks against others of its locale: the pack's rank, 0 for a plain folder.
    public var rank: Int { pack?.rank ?? 0 }

    /// Finds the parts of a model inside a folder.
    ///
    /// The acoustic model is the folder itself or its first subfolder (by name) holding `mdef`,
    /// `feat.params` and `means`. The language model is a `*.lm.bin`, `*.lm`, `*.lm.dmp` or `*.DMP`
    /// file whose name does not contain "phone" (Debian ships a phone-loop model beside the word
    /// model, and decoding words with it gives nonsense). The dictionary is a `*.dict` or `*.dic` file.
    /// - Parameters:
    ///   - directory: The model folder, such as `/usr/share/pocketsphinx/model/en-us`.
    ///   - locale: The locale the model recognizes, such as `"en-US"`. It is used as given, even
    ///     when the folder's pack manifest says another.
    /// - Throws: `DictationError` with `DictationError.Code.modelNotFound` naming every part that
    ///   is missing and the folder it was looked for in, or when the folder's `model-pack.json` is
    ///   broken.
    public init(directory: String, locale: String) throws(DictationError) {
        let listing = try ModelDirectoryListing(directory)
        var missing: [ModelProblem.MissingPart] = []
        let acoustic = listing.acousticModel()
        if case .failure(let problem) = acoustic { missing.append(problem.part) }
        let languageModel = listing.languageModel()
        if languageModel == nil { missing.append(.languageModel) }
        let dictionary = listing.dictionary()
        if dictionary == nil { missing.append(.dictionary) }
        guard case .success(let acousticModel) = acoustic, let languageModel, let dictionary else {
            throw ModelProblem.incomplete(directory: directory, missing: missing).error
        }
        self.init(
            locale: locale, directory: listing.path, acousticModel: acousticModel,
            languageModel: languageModel, dictionary: dictionary,
            pack: try ModelPackManifest.read(inModelFolder: listing.path))
    }

    /// Whether a folder holds at least one part of a model, so it is meant as a model folder
    /// (as opposed to a folder of model folders).
    /// - Parameter directory: The folder to look at.
    /// - Returns: `true` when an acoustic model, a language model or a dictionary is there.
    static func looksLikeModel(_ directory: String) -> Bool {
        guard let listing = try? ModelDirectoryListing(directory) else { return false }
        if case .success = listing.acousticModel() { return true }
        return listing.languageModel() != nil || listing.dictionary() != nil
    }
}

/// The files of one model folder and its subfolders, read once.
private struct ModelDirectoryListing {
    let path: String
    private let files: [String]
    private let subdirectories: [String]

    /// The files an acoustic model folder must hold. Others (`variances`, `sendump`,
    /// `transition_matrices`, `noisedict`) vary between model types, so PocketSphinx checks them.
    private static let acousticFiles = ["mdef", "feat.params", "means"]

    init(_ directory: String) throws(DictationError) {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ModelProblem.folderMissing(directory).error
        }
        guard let names = try? manager.contentsOfDirectory(atPath: directory) else {
            throw ModelProblem.folderUnreadable(directory).error
        }
        path = (directory as NSString).standardizingPath
        var files: [String] = []
        var subdirectories: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            var isDir: ObjCBool = false
            // fileExists follows symbolic links, so a linked copy of a model works like the original.
            guard manager.fileExists(atPath: path + "/" + name, isDirectory: &isDir) else { continue }
            if isDir.boolValue { subdirectories.append(name) } else { files.append(name) }
        }
        self.files = files
        self.subdirectories = subdirectories
    }

    /// The acoustic model folder, or what is missing from the most complete candidate.
    func acousticModel() -> Result<String, AcousticModelMissing> {
        let candidates = [path] + subdirectories.map { path + "/" + $0 }
        var best: (directory: String, missing: [String])?
        for candidate in candidates {
            let missing = Self.acousticFiles.filter { !FileManager.default.fileExists(atPath: candidate + "/" + $0) }
            if missing.isEmpty { return .success(candidate) }
            if missing.count < Self.acousticFiles.count, missing.count < best?.missing.count ?? .max {
                best = (candidate, missing)
            }
        }
        if let best {
            return .failure(AcousticModelMissing(part: .acousticModelFiles(directory: best.directory, lacking: best.missing)))
        }
        return .failure(AcousticModelMissing(part: .acousticModel))
    }

    /// The word language model; a binary one first, since it loads fastest.
    func languageModel() -> String? {
        let suffixes = [".lm.bin", ".lm", ".lm.dmp", ".dmp"]
        for suffix in suffixes {
            if let name = files.first(where: {
                let lower = $0.lowercased()
                return lower.hasSuffix(suffix) && !lower.contains("phone")
            }) {
                return path + "/" + name
            }
        }
        return nil
    }

    /// The pronunciation dictionary.
    func dictionary() -> String? {
        for suffix in [".dict", ".dic"] {
            if let name = files.first(where: { $0.lowercased().hasSuffix(suffix) }) { return path + "/" + name }
        }
        return nil
    }
}

/// What is missing from a model folder's acoustic model, for an error message.
private struct AcousticModelMissing: Error {
    let part: ModelProblem.MissingPart
}
