import Foundation

/// A whisper.cpp ggml model file that ``WhisperModelInstaller`` can download whole from an
/// address and install as it is, once its hash is the pinned one and it reads as a whole model.
///
/// The ``catalog`` holds whisper.cpp's official files (on Hugging Face, pinned by the SHA-1
/// whisper.cpp's `models/README.md` lists); any other file, such as the National Library of
/// Norway's NB-Whisper, is a download made with its address and hash:
///
/// ```swift
/// let nbWhisper = WhisperModelDownload(
///     name: "nb-whisper-base",
///     url: URL(string: "https://huggingface.co/NbAiLab/nb-whisper-base/resolve/main/ggml-model.bin")!,
///     checksum: WhisperModelChecksum(.sha256, hashFromTheFilePage)!)
/// try WhisperModelInstaller().install(nbWhisper)   // → …/models/whisper/nb-whisper-base.bin
/// ```
public struct WhisperModelDownload: Sendable, Hashable, Identifiable {
    /// The name it is installed under: the file is `NAME.bin` in ``WhisperModelLocator``'s
    /// folder, and `dictate models install` and `remove` take it (`"ggml-base"`).
    public var name: String
    /// Where the file is: an `https`, `http` or `file` URL.
    public var url: URL
    /// The hash the file must have.
    public var checksum: WhisperModelChecksum
    /// One line for people; empty for a file of the user's own.
    public var summary: String
    /// About how large the file is, in bytes, for people (`nil` when not known before the download).
    public var approximateSize: Int?

    /// The download's identity: its name.
    public var id: String { name }

    /// Describes a file to download.
    /// - Parameters:
    ///   - name: The name to install it under (see ``isValidName(_:)``).
    ///   - url: Where it is: `https`, `http` or `file`.
    ///   - checksum: The hash it must have.
    ///   - summary: One line for people.
    ///   - approximateSize: About how large it is, in bytes, if known.
    public init(
        name: String, url: URL, checksum: WhisperModelChecksum, summary: String = "", approximateSize: Int? = nil
    ) {
        self.name = name
        self.url = url
        self.checksum = checksum
        self.summary = summary
        self.approximateSize = approximateSize
    }

    /// Whether a name can be a model's: 1 to 100 letters, digits, `.`, `-` and `_`, not starting
    /// with `.` or `-`, not ending in `.bin` (it is added), so that it is one plain file name.
    /// - Parameter name: The name.
    /// - Returns: Whether ``WhisperModelInstaller`` takes it.
    public static func isValidName(_ name: String) -> Bool {
        guard (1...100).contains(name.count), let first = name.first, first != ".", first != "-",
            !name.lowercased().hasSuffix(".bin")
        else { return false }
        return name.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "." || $0 == "-" || $0 == "_" }
    }

    /// The schemes a download may use.
    public static let schemes: Set<String> = ["https", "http", "file"]

    /// whisper.cpp's official ggml files, converted from OpenAI's weights by whisper.cpp's own
    /// script (MIT); names as the files are named there, without `.bin`.
    public static let catalog: [WhisperModelDownload] = [
        official("tiny", "c78c86eb1a8faa21b369bcd33207cc90d64ae9df", english: true, mebibytes: 75, parameters: "39 M"),
        official("tiny", "bd577a113a864445d4c299885e0cb97d4ba92b5f", english: false, mebibytes: 75, parameters: "39 M"),
        official("base", "137c40403d78fd54d454da0f9bd998f78703390c", english: true, mebibytes: 142, parameters: "74 M"),
        official("base", "465707469ff3a37a2b9b8d8f89f2f99de7299dac", english: false, mebibytes: 142, parameters: "74 M"),
        official("small", "db8a495a91d927739e50b3fc1cc4c6b8f6c2d022", english: true, mebibytes: 466, parameters: "244 M"),
        official("small", "55356645c2b361a969dfd0ef2c5a50d530afd8d5", english: false, mebibytes: 466, parameters: "244 M"),
        official("medium", "8c30f0e44ce9560643ebd10bbe50cd20eafd3723", english: true, mebibytes: 1_536, parameters: "769 M"),
        official("medium", "fd9727b6e1217c2f614f9b698455c4ffd82463b4", english: false, mebibytes: 1_536, parameters: "769 M"),
        official(
            "large-v3-turbo", "4af2b29d7ec73d781377bfd1758ca957a807e941", english: false, mebibytes: 1_536, parameters: "809 M"),
        official(
            "large-v3-turbo-q5_0", "e050f7970618a659205450ad97eb95a18d69c9ee", english: false, mebibytes: 547,
            parameters: "809 M, quantized to 5 bits"),
        official("large-v3", "ad82bf6a9043ceed055076d0fd39f5f186ff8062", english: false, mebibytes: 2_970, parameters: "1550 M"),
        official(
            "large-v3-q5_0", "e6e2ed78495d403bef4b7cff42ef4aaadcfea8de", english: false, mebibytes: 1_126,
            parameters: "1550 M, quantized to 5 bits"),
    ]

    /// The official file of this name, if the catalog has one.
    /// - Parameter name: A name such as `"ggml-base"`, in any case.
    /// - Returns: The download, or `nil`.
    public static func named(_ name: String) -> WhisperModelDownload? {
        catalog.first { $0.name.lowercased() == name.lowercased() }
    }

    /// Where whisper.cpp's official files are.
    static let officialAddress = "https://huggingface.co/ggerganov/whisper.cpp/resolve/main/"

    private static func official(
        _ size: String, _ sha1: String, english: Bool, mebibytes: Int, parameters: String
    ) -> WhisperModelDownload {
        let name = "ggml-" + size + (english ? ".en" : "")
        guard let url = URL(string: officialAddress + name + ".bin"), let checksum = WhisperModelChecksum(.sha1, sha1) else {
            preconditionFailure("the catalog entry \(name) is malformed")
        }
        let languages = english ? "English only" : "multilingual: Norwegian too"
        return WhisperModelDownload(
            name: name, url: url, checksum: checksum,
            summary: "Whisper \(size) (\(parameters) parameters, \(languages), MIT), whisper.cpp's official ggml file",
            approximateSize: mebibytes << 20)
    }
}
