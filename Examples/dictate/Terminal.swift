#if canImport(Glibc)
    import Glibc
#endif

/// What the process's standard streams are connected to, and writing to them unbuffered.
enum Terminal {
    static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    static func write(_ text: String, toStandardError: Bool = false) {
        let bytes = Array(text.utf8)
        let descriptor = toStandardError ? STDERR_FILENO : STDOUT_FILENO
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                // A closed pipe (e.g. `dictate ... | head`) ends output; nothing more to do.
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// The width of the terminal, so a status line never wraps (a wrapped line can't be redrawn in place).
    static var columns: Int {
        var size = winsize()
        for descriptor in [STDERR_FILENO, STDOUT_FILENO] where ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0
        {
            return Int(size.ws_col)
        }
        return 80
    }

    /// The end of `text` that fits on one terminal line: the newest words of a partial matter most.
    /// - Parameter visibleExtra: Characters of escape sequences in `text` that take no room on screen.
    static func fittingLine(_ text: String, visibleExtra: Int = 0) -> String {
        let width = max(10, columns - 1) + visibleExtra
        guard text.count > width else { return text }
        return "…" + text.suffix(width - 1)
    }

    /// Clears the current line of a terminal (the progress or partial line) before real output.
    static let clearLine = "\r\u{1B}[2K"
}
