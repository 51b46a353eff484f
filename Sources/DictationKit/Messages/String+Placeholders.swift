extension String {
    /// The names of the placeholders in a message template, in order: `path` for `{path}`.
    ///
    /// A placeholder is a name of ASCII letters and digits (starting with a letter) in braces;
    /// any other brace, such as the JSON in `{"command":"start"}`, is text.
    package var placeholders: [String] {
        var names: [String] = []
        _ = filling { name in
            names.append(name)
            return nil
        }
        return names
    }

    /// The template with each placeholder replaced by its value.
    ///
    /// A value is put in as it is, never searched for placeholders itself, so a path or a tool's
    /// output with braces in it stays whole. A placeholder without a value stays as it is.
    /// - Parameter value: The value of a placeholder by its name, or `nil` for none.
    /// - Returns: The filled-in text.
    package func filling(_ value: (String) -> String?) -> String {
        var result = ""
        var rest = self[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            let name = rest[afterOpen...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
            let close = name.endIndex
            if let first = name.first, first.isLetter, close < rest.endIndex, rest[close] == "}",
                let filled = value(String(name))
            {
                result += filled
                rest = rest[rest.index(after: close)...]
            } else {
                result.append("{")
                rest = rest[afterOpen...]
            }
        }
        result += rest
        return result
    }
}
