/// The formatters this target has, chosen by locale.
public enum TextFormatters {
    /// The formatter for a locale: English (`en`, `en-US`, `en_GB`...) gets
    /// ``EnglishTextFormatter``, Norwegian (`nb`, `no`, `nn`) ``NorwegianTextFormatter``, every
    /// other language ``IdentityTextFormatter``.
    /// - Parameters:
    ///   - locale: A BCP 47 or POSIX locale identifier, e.g. `en-US`, `nb_NO.UTF-8`.
    ///   - options: What the formatter does.
    /// - Returns: The formatter.
    public static func formatter(for locale: String, options: FormattingOptions = FormattingOptions()) -> any TextFormatter {
        let language = locale.lowercased().prefix { $0.isLetter }
        switch language {
        case "en": return EnglishTextFormatter(options: options)
        case "nb", "no", "nn": return NorwegianTextFormatter(options: options)
        default: return IdentityTextFormatter()
        }
    }
}
