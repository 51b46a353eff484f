/// Where DictationKit keeps a user's files (models, recordings, the history), by the XDG Base
/// Directory rule: under `$XDG_DATA_HOME`, or `$HOME/.local/share` when `XDG_DATA_HOME` is unset
/// or not an absolute path.
package enum UserDataFolder {
    /// A path inside the user's data folder.
    /// - Parameters:
    ///   - relative: The path inside it, e.g. `"dictationkit/recordings"`.
    ///   - environment: Where `XDG_DATA_HOME` and `HOME` are read.
    /// - Returns: The path, or `nil` when neither variable is an absolute path.
    package static func path(_ relative: String, environment: [String: String]) -> String? {
        func absolute(_ name: String) -> String? {
            guard let value = environment[name], value.hasPrefix("/") else { return nil }
            var path = Substring(value)
            while path.hasSuffix("/") { path = path.dropLast() }
            return String(path)
        }
        if let data = absolute("XDG_DATA_HOME") { return data + "/" + relative }
        if let home = absolute("HOME") { return home + "/.local/share/" + relative }
        return nil
    }
}
