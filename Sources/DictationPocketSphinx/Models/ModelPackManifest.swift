import DictationKit
import Foundation

/// The record ``ModelPackInstaller`` leaves in an installed pack's folder, as `model-pack.json`:
/// which pack it is, its locale and rank, where it came from and when it was installed.
///
/// ``PocketSphinxModelLocator`` reads it to know a folder's locale and rank; a folder without one
/// is a plain model folder of rank 0. Unknown keys are ignored, so a newer DictationKit can add some.
public struct ModelPackManifest: Sendable, Hashable, Codable {
    /// The manifest's file name in a model folder: `"model-pack.json"`.
    public static let fileName = "model-pack.json"
    /// The manifest format this version of DictationKit writes.
    public static let currentFormat = 1

    /// The manifest format; 1 so far.
    public var format: Int
    /// The pack's name, such as `"en-US-large"`.
    public var name: String
    /// The locale the model recognizes, as a BCP 47 identifier (`"en-US"`).
    public var locale: String
    /// How the model ranks against others of its locale; the highest installed one is used.
    public var rank: Int
    /// One line for people about the model.
    public var summary: String?
    /// Where the files came from.
    public var source: ModelPack.Source?
    /// The licence files installed with the model, relative to its folder.
    public var licenseFiles: [String]
    /// When the pack was installed.
    public var installedAt: Date?

    /// Creates a manifest.
    /// - Parameters:
    ///   - name: The pack's name.
    ///   - locale: The locale the model recognizes.
    ///   - rank: Its rank against other models of its locale.
    ///   - summary: One line for people.
    ///   - source: Where the files came from.
    ///   - licenseFiles: The licence files, relative to the model folder.
    ///   - installedAt: When it was installed.
    public init(
        name: String, locale: String, rank: Int, summary: String? = nil, source: ModelPack.Source? = nil,
        licenseFiles: [String] = [], installedAt: Date? = nil
    ) {
        format = Self.currentFormat
        self.name = name
        self.locale = locale
        self.rank = rank
        self.summary = summary
        self.source = source
        self.licenseFiles = licenseFiles
        self.installedAt = installedAt
    }

    /// The manifest of a pack installed from a catalog entry.
    /// - Parameters:
    ///   - pack: The pack.
    ///   - licenseFiles: The licence files installed, relative to the model folder.
    ///   - installedAt: When it was installed.
    public init(pack: ModelPack, licenseFiles: [String], installedAt: Date) {
        self.init(
            name: pack.name, locale: pack.locale, rank: pack.rank, summary: pack.summary, source: pack.source,
            licenseFiles: licenseFiles, installedAt: installedAt)
    }

    private enum CodingKeys: String, CodingKey {
        case format, name, locale, rank, summary, source, licenseFiles, installedAt
    }

    /// Decodes a manifest; `licenseFiles` may be missing, the rest of the required keys may not.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when a required key is missing or has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(Int.self, forKey: .format)
        name = try container.decode(String.self, forKey: .name)
        locale = try container.decode(String.self, forKey: .locale)
        rank = try container.decode(Int.self, forKey: .rank)
        summary = try container.decodeIfPresent(String.self, forKey: .summary)
        source = try container.decodeIfPresent(ModelPack.Source.self, forKey: .source)
        licenseFiles = try container.decodeIfPresent([String].self, forKey: .licenseFiles) ?? []
        installedAt = try container.decodeIfPresent(Date.self, forKey: .installedAt)
    }

    // MARK: - Files

    /// Parses a manifest's JSON.
    /// - Parameters:
    ///   - data: The file's contents.
    ///   - path: Where it was read from, for the error message.
    /// - Returns: The manifest.
    /// - Throws: `DictationError` with `DictationError.Code.modelNotFound` when the JSON is
    ///   malformed, lacks `format`, `name`, `locale` or `rank`, has no name, or names no
    ///   `<language>-<region>` locale.
    public static func decode(_ data: Data, from path: String) throws(DictationError) -> ModelPackManifest {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let manifest: ModelPackManifest
        do {
            manifest = try decoder.decode(ModelPackManifest.self, from: data)
        } catch let error as DecodingError {
            throw ModelProblem.brokenManifest(path: path, Self.explain(error)).error
        } catch {
            throw ModelProblem.brokenManifest(path: path, .notJSON).error
        }
        if manifest.name.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ModelProblem.brokenManifest(path: path, .emptyName).error
        }
        guard let locale = ModelLocale(manifest.locale)?.withoutVariants, !locale.isLanguageOnly else {
            throw ModelProblem.brokenManifest(path: path, .badLocale(manifest.locale)).error
        }
        return manifest
    }

    /// Reads the manifest of a model folder, if it has one.
    /// - Parameter directory: The model folder.
    /// - Returns: The manifest, or `nil` when the folder has no `model-pack.json`.
    /// - Throws: `DictationError` with `DictationError.Code.modelNotFound` when the manifest
    ///   exists but can't be read or parsed (see ``decode(_:from:)``).
    public static func read(inModelFolder directory: String) throws(DictationError) -> ModelPackManifest? {
        let path = directory + "/" + fileName
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ModelProblem.brokenManifest(path: path, .unreadable).error
        }
        return try decode(data, from: path)
    }

    /// The manifest as pretty-printed JSON, as it is written to a pack folder.
    /// - Returns: UTF-8 JSON with sorted keys and an ISO 8601 date, ending with a newline.
    /// - Throws: `EncodingError` if a value can't be encoded (it always can).
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// A decoding error in a few words: which key is missing or has the wrong type.
    private static func explain(_ error: DecodingError) -> ModelProblem.ManifestFault {
        switch error {
        case .keyNotFound(let key, _): .missingKey(key.stringValue)
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            .wrongType(path: context.codingPath.map(\.stringValue).joined(separator: "."))
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            .malformed(path: context.codingPath.map(\.stringValue).joined(separator: "."))
        // Foundation leaves the path empty for some values, such as a date that isn't ISO 8601.
        case .dataCorrupted(let context) where !context.debugDescription.contains("JSON"):
            .malformedValue(context.debugDescription)
        default: .invalidJSON
        }
    }
}
