import DictationKit

extension PocketSphinxRecognizer {
    /// Decoder options from `NAME=VALUE` settings, as a command line or a settings file gives
    /// them, for ``init(modelDirectory:environment:decoderOptions:logger:)``.
    ///
    /// ```swift
    /// let options = try PocketSphinxRecognizer.decoderOptions(parsing: ["-lw=8", "-beam=1e-60"])
    /// // ["-lw": "8", "-beam": "1e-60"]
    /// let recognizer = PocketSphinxRecognizer(decoderOptions: options)
    /// ```
    ///
    /// Each setting is split at its first `=` after the first character, so a name may start
    /// with `-` (or be `=`), and a value may be empty or hold `=`. A name given twice takes the
    /// later value. Whether PocketSphinx knows the name and takes the value is only found out when
    /// a decoder is made (``makeDecoder(_:)`` throws then).
    /// - Parameter settings: Settings such as `-lw=8`.
    /// - Returns: The options by name, names as given (with or without the leading `-`).
    /// - Throws: ``DictationKit/DictationError`` with code
    ///   `DictationError.Code.recognitionFailed`, as when PocketSphinx rejects an
    ///   option, for a setting with no `=` after its first character.
    public static func decoderOptions(parsing settings: [String]) throws(DictationError) -> [String: String] {
        var options: [String: String] = [:]
        for setting in settings {
            guard let equals = setting.dropFirst().firstIndex(of: "=") else {
                throw ModelProblem.malformedOption(setting).error
            }
            options[String(setting[..<equals])] = String(setting[setting.index(after: equals)...])
        }
        return options
    }
}
