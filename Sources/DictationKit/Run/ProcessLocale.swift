/// The locale the user set for the process, read from the environment.
enum ProcessLocale {
    /// The variables that say the user's language, strongest first, as POSIX orders them for
    /// messages: `LC_ALL` overrides every category, `LANG` is the default for all of them.
    static let variables = ["LC_ALL", "LC_MESSAGES", "LANG"]

    /// The first of ``variables`` that is set and not empty, e.g. `"nb_NO.UTF-8"` or `"C.UTF-8"`.
    /// - Parameter environment: The environment to read.
    /// - Returns: The value as written; `nil` when none is set.
    static func identifier(in environment: [String: String]) -> String? {
        for name in variables {
            if let value = environment[name], !value.isEmpty { return value }
        }
        return nil
    }
}
