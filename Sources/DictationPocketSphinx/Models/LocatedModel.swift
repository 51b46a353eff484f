import DictationKit

/// A model folder ``PocketSphinxModelLocator`` found, complete or not: where it is, which pack it
/// holds, and whether it is the one used for its locale.
///
/// ``PocketSphinxModelLocator/modelFolders()`` lists them, for a listing such as `dictate models list`.
public struct LocatedModel: Sendable, Hashable {
    /// The model folder.
    public var directory: String
    /// The locale of the model, as a BCP 47 identifier (`"en-US"`): its manifest's, else its folder name's.
    public var locale: String
    /// The pack's name, or the folder's name for a plain model folder.
    public var name: String
    /// The pack's rank, or 0 for a plain model folder (or one whose manifest is broken).
    public var rank: Int
    /// The pack's manifest, `nil` for a plain model folder or a broken manifest.
    public var manifest: ModelPackManifest?
    /// Whether this is the model ``PocketSphinxModelLocator/model(for:)`` picks for its locale.
    public var isPreferred: Bool
    /// The model, or why it can't be used (an incomplete folder, a broken manifest).
    public var model: Result<PocketSphinxModel, DictationError>

    /// Creates a description of a found model folder.
    /// - Parameters:
    ///   - directory: The model folder.
    ///   - locale: Its locale.
    ///   - name: The pack's or the folder's name.
    ///   - rank: Its rank.
    ///   - manifest: Its pack manifest, if any.
    ///   - isPreferred: Whether it is the one used for its locale.
    ///   - model: The model, or why it can't be used.
    public init(
        directory: String, locale: String, name: String, rank: Int, manifest: ModelPackManifest?,
        isPreferred: Bool, model: Result<PocketSphinxModel, DictationError>
    ) {
        self.directory = directory
        self.locale = locale
        self.name = name
        self.rank = rank
        self.manifest = manifest
        self.isPreferred = isPreferred
        self.model = model
    }
}
