import Foundation

/// A locale as PocketSphinx model folders name it (`en-us`), parsed from the many spellings
/// callers and the environment use (`en-US`, `en_US`, `en_US.UTF-8`, `EN-us`).
///
/// Model folders are matched on ``key`` (lowercase, hyphenated) so that the spelling of a folder
/// never decides whether a model is found; ``identifier`` is the BCP 47 form we show people.
struct ModelLocale: Hashable, Sendable {
    /// The language subtag, lowercase (`en`).
    let language: String
    /// The subtags after the language, lowercase (`["us"]`). Empty for a bare language.
    let subtags: [String]

    /// Parses a locale spelling.
    ///
    /// POSIX decorations are dropped first: `en_US.UTF-8@euro` is `en-us`. Anything whose first part
    /// is not 2-3 letters (`C`, `POSIX`, `C.UTF-8`) names no language and gives `nil`.
    /// - Parameter spelling: A BCP 47 or POSIX locale name, or a model folder's name.
    init?(_ spelling: String) {
        var text = Substring(spelling.trimmingCharacters(in: .whitespaces))
        if let dot = text.firstIndex(of: ".") { text = text[..<dot] }
        if let at = text.firstIndex(of: "@") { text = text[..<at] }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
            .map { $0.lowercased() }
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy(\.isASCIILetter)
        else { return nil }
        let rest = Array(parts.dropFirst())
        guard rest.allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy(\.isASCIIAlphanumeric) }) else {
            return nil
        }
        self.init(language: first, subtags: rest)
    }

    private init(language: String, subtags: [String]) {
        self.language = language
        self.subtags = subtags
    }

    /// The form used to compare with model folder names: `en-us`.
    var key: String { ([language] + subtags).joined(separator: "-") }

    /// Whether this is a bare language such as `en`, which matches any model of that language.
    var isLanguageOnly: Bool { subtags.isEmpty }

    /// This locale without its variant and what follows it: `en-us-large` is `en-us`.
    ///
    /// Model pack folders are named `<language>-<region>-<variant>` (`en-US-large`), so that two
    /// models of one locale can sit side by side and the folder name still says the locale.
    /// A variant is a BCP 47 variant subtag: 5 to 8 letters or digits, or 4 starting with a
    /// digit. Scripts (`Latn`, 4 letters) and regions (`US`, `419`) are kept.
    var withoutVariants: ModelLocale {
        guard let first = subtags.firstIndex(where: Self.isVariant) else { return self }
        return ModelLocale(language: language, subtags: Array(subtags[..<first]))
    }

    private static func isVariant(_ subtag: String) -> Bool {
        (5...8).contains(subtag.count) || (subtag.count == 4 && subtag.first?.isNumber == true)
    }

    /// The BCP 47 spelling: `en-US`, `sr-Latn-RS`, `es-419`.
    var identifier: String {
        let tail = subtags.map { tag -> String in
            switch tag.count {
            case 2 where tag.allSatisfy(\.isASCIILetter): return tag.uppercased()
            case 4 where tag.allSatisfy(\.isASCIILetter): return tag.prefix(1).uppercased() + tag.dropFirst()
            default: return tag
            }
        }
        return ([language] + tail).joined(separator: "-")
    }

    /// Whether a model for `candidate` serves a request for this locale: the same language and
    /// region, or, for a bare language, any model of that language.
    /// - Parameter candidate: The locale of an installed model.
    /// - Returns: `true` when the model can be used.
    func accepts(_ candidate: ModelLocale) -> Bool {
        isLanguageOnly ? candidate.language == language : candidate.key == key
    }
}

extension Character {
    fileprivate var isASCIILetter: Bool { isASCII && isLetter }
    fileprivate var isASCIIAlphanumeric: Bool { isASCII && (isLetter || isNumber) }
}
