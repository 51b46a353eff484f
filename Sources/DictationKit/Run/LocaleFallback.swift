import Foundation
import Logging

/// The locale a session recognizes when the recognizer has no model for the one asked for.
///
/// DESIGN.md's chain: the requested locale, then the process locale (`LC_ALL`, `LC_MESSAGES`,
/// `LANG`), then `en-US`. At each step an installed locale of the same language and region is
/// taken first, else one of the same language, so `en-GB` is served by an `en-US` model before
/// falling back to another language. It lives here rather than in a backend so that every
/// ``SpeechRecognizer`` gets it, and it works from ``SpeechRecognizer/supportedLocales()``, so
/// a model installed for a new locale is used with no code change.
struct LocaleFallback: Sendable {
    /// The last step of the chain.
    static let lastResort = "en-US"

    /// The user's locale for the process, as the environment spells it (`nb_NO.UTF-8`); `nil` when unset.
    var processLocale: String?

    /// Creates a chain whose second step is a given locale, as tests do.
    /// - Parameter processLocale: The process locale to fall back to before `en-US`.
    init(processLocale: String?) {
        self.processLocale = processLocale
    }

    /// Creates a chain whose second step is the process locale the environment sets.
    /// - Parameter environment: The environment to read; the process's by default.
    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(processLocale: ProcessLocale.identifier(in: environment))
    }

    /// The installed locale to use for a requested one.
    /// - Parameters:
    ///   - requested: The locale asked for, in any BCP 47 or POSIX spelling.
    ///   - installed: The recognizer's ``SpeechRecognizer/supportedLocales()``, best first.
    /// - Returns: The first installed locale the chain reaches; `nil` when it reaches none.
    func locale(for requested: String, installed: [String]) -> String? {
        let offered = installed.compactMap { spelling in LocaleKey(spelling).map { (spelling, $0) } }
        for step in [requested, processLocale, Self.lastResort] {
            guard let step, let wanted = LocaleKey(step) else { continue }
            if let exact = offered.first(where: { $0.1.full == wanted.full }) { return exact.0 }
            if let sameLanguage = offered.first(where: { $0.1.language == wanted.language }) { return sameLanguage.0 }
        }
        return nil
    }

    /// A decoder and, when it is not for the locale asked for, the event that says so.
    struct Choice {
        /// The decoder the session uses.
        var decoder: any SpeechDecoder
        /// ``DictationEvent/localeSelected(requested:used:)`` when the chain fell back to another
        /// locale; `nil` when the decoder is for the one asked for, however it was spelled.
        var event: DictationEvent?
    }

    /// Makes the decoder for the requested locale, or for the chain's fallback when the recognizer
    /// has no model for it.
    ///
    /// The requested locale is tried first, as the recognizer sees it: only its
    /// ``DictationError/Code/localeUnsupported`` leads to the fallback. Any other failure, such as
    /// an incomplete model installed for that locale, is reported: a model put in place was meant
    /// to be used, and decoding with another would hide the mistake. When nothing is installed,
    /// or the chain reaches no installed locale, the recognizer's own error is thrown.
    /// - Parameters:
    ///   - configuration: The decoder asked for, with the locale of the session's ``DictationOptions``.
    ///   - recognizer: The backend.
    ///   - logger: Where the fallback is logged, as a warning.
    /// - Returns: The decoder, and the event to emit when it is for another locale.
    /// - Throws: What ``SpeechRecognizer/makeDecoder(_:)`` throws.
    func makeDecoder(
        _ configuration: DecoderConfiguration, recognizer: any SpeechRecognizer, logger: Logger
    ) throws(DictationError) -> Choice {
        let requested = configuration.locale
        do throws(DictationError) {
            return Choice(decoder: try recognizer.makeDecoder(configuration))
        } catch let error where error.code == .localeUnsupported {
            guard let fallback = locale(for: requested, installed: recognizer.supportedLocales()) else { throw error }
            let decoder = try recognizer.makeDecoder(configuration.with(locale: fallback))
            // A recognizer strict about spelling (`en_US.UTF-8` for `en-US`) gets the same locale back: no news.
            if LocaleKey(requested)?.full == LocaleKey(decoder.locale)?.full { return Choice(decoder: decoder) }
            logger.warning(
                "no speech model for the requested locale; using another",
                metadata: [
                    "requested": "\(requested)", "used": "\(decoder.locale)",
                    "processLocale": "\(processLocale ?? "unset")",
                ])
            return Choice(decoder: decoder, event: .localeSelected(requested: requested, used: decoder.locale))
        }
    }
}

/// A locale reduced to what matching needs: `nb_NO.UTF-8` is language `nb`, full `nb-no`.
private struct LocaleKey {
    let language: String
    let full: String

    /// `nil` for spellings that name no language: `C`, `POSIX`, `C.UTF-8`, empty.
    init?(_ spelling: String) {
        var text = Substring(spelling.trimmingCharacters(in: .whitespaces))
        // POSIX decorations say nothing about the language: `en_US.UTF-8@euro` is `en-us`.
        if let dot = text.firstIndex(of: ".") { text = text[..<dot] }
        if let at = text.firstIndex(of: "@") { text = text[..<at] }
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        language = first
        full = parts.joined(separator: "-")
    }
}
