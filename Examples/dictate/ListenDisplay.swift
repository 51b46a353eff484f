import DictationKit

/// How `dictate listen` prints a session's events: ``LiveDisplay`` redraws a status line on a
/// terminal or prints JSON lines, ``PlainDisplay`` appends plain lines for screen readers.
protocol ListenDisplay {
    /// Prints what an event changes.
    mutating func show(_ event: DictationEvent)

    /// Leaves the output tidy once the session has ended.
    mutating func finish()
}
