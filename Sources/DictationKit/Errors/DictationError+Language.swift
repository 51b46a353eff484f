import Foundation

extension DictationError {
    /// A language DictationKit writes its messages in.
    ///
    /// The code of an error never depends on the language; only ``DictationError/message`` does.
    public enum Language: String, Sendable, Hashable, CaseIterable {
        /// English, the language of errors that have not been localized.
        case english = "en"
        /// Norwegian bokmål.
        case norwegianBokmal = "nb"

        /// The message language for a locale: Norwegian bokmål for a Norwegian locale (`nb`,
        /// `nb-NO`, `nb_NO.UTF-8`, `no`, `no-NO`, `nn`), English for any other.
        /// - Parameter locale: A BCP 47 or POSIX locale name.
        public init(locale: String) {
            // The language subtag is the leading letters, whatever follows them: `nb-NO`, `nb_NO.UTF-8`, `nb@x`.
            let language = locale.trimmingCharacters(in: .whitespaces).prefix(while: \.isLetter).lowercased()
            switch language {
            // `no` is the macrolanguage; bokmål is what it is written in by most Norwegians.
            case "nb", "no": self = .norwegianBokmal
            // There are no nynorsk messages: a nynorsk reader reads bokmål far more easily than English.
            case "nn": self = .norwegianBokmal
            default: self = .english
            }
        }

        /// The message language of the process: that of the first of `LC_ALL`, `LC_MESSAGES` and
        /// `LANG` that is set, as POSIX orders them; English when none is (or it is `C`).
        /// - Parameter environment: The environment to read; the process's by default.
        public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
            self.init(locale: ProcessLocale.identifier(in: environment) ?? "")
        }
    }
}
