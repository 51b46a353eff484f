/// A line at the bottom of a terminal that is redrawn in place (progress, the current partial)
/// and cleared before real output is printed, so the two never mix.
struct StatusLine {
    private var shownOnStandardError: Bool?

    /// Replaces the line, cut to the terminal's width so it never wraps.
    /// - Parameters:
    ///   - text: What to show.
    ///   - toStandardError: Which stream the line goes to.
    ///   - visibleExtra: Characters of escape sequences in `text` that take no room on screen.
    mutating func show(_ text: String, toStandardError: Bool, visibleExtra: Int = 0) {
        if let shown = shownOnStandardError, shown != toStandardError { clear() }
        Terminal.write(
            Terminal.clearLine + Terminal.fittingLine(text, visibleExtra: visibleExtra), toStandardError: toStandardError)
        shownOnStandardError = toStandardError
    }

    /// Clears the line, if one is shown.
    mutating func clear() {
        guard let onStandardError = shownOnStandardError else { return }
        Terminal.write(Terminal.clearLine, toStandardError: onStandardError)
        shownOnStandardError = nil
    }
}
