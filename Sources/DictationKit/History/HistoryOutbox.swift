import DequeModule

/// The order in which a run's events reach the consumer while its history keeps the finals: a
/// final waits until the store has kept it, and so does every event that came after it, except
/// the events of the audio as it is heard, which go on at once.
///
/// Those are partials, levels, speech starts and ends, and progress (``overtakes(_:)``). The
/// contract already lets the next utterance's speech start, partials and speech end come before
/// an utterance's final (a final comes from a search beside the audio thread, and can always be
/// later), so a final kept a little later changes nothing a consumer may rely on. Everything else
/// that came after a final waiting to be kept stays behind it, in order: the command a formatting
/// stage found in it, the history's own error about it, the next finals, a block that holds it,
/// state changes, errors, the events of the run's end.
///
/// A plain value: ``TranscriptHistory`` uses it under its lock.
struct HistoryOutbox {
    private struct Entry {
        var event: DictationEvent
        /// The save the event waits for; `nil` once it may go.
        var ticket: Int?
        /// What goes right after it: the history's error about the final.
        var after: [DictationEvent] = []
    }

    /// Events waiting, in the order they came; the first one waits for a save.
    private var waiting: Deque<Entry> = []

    /// Whether nothing waits: every final that came so far is kept and on its way to the stream.
    var isEmpty: Bool { waiting.isEmpty }

    /// Whether an event goes to the stream at once, whatever waits before it: the events of the
    /// audio as it is heard.
    static func overtakes(_ event: DictationEvent) -> Bool {
        switch event {
        case .partial, .level, .speechStarted, .speechEnded, .progress: true
        default: false
        }
    }

    /// Takes an event that needs no save.
    /// - Parameter event: The next event from the stages.
    /// - Returns: What goes to the stream now: the event, unless it must wait behind a final.
    mutating func add(_ event: DictationEvent) -> [DictationEvent] {
        guard !waiting.isEmpty, !Self.overtakes(event) else { return [event] }
        waiting.append(Entry(event: event))
        return []
    }

    /// Takes a final that waits until its save is done (``kept(_:then:)``).
    /// - Parameters:
    ///   - final: The final event.
    ///   - ticket: Names its save; unique in the run.
    mutating func hold(_ final: DictationEvent, until ticket: Int) {
        waiting.append(Entry(event: final, ticket: ticket))
    }

    /// A save is done.
    /// - Parameters:
    ///   - ticket: The save's ticket, as given to ``hold(_:until:)``.
    ///   - after: What goes right after its final (the history's error when the save failed).
    /// - Returns: What goes to the stream now, in order: the events up to the next final that
    ///   still waits.
    mutating func kept(_ ticket: Int, then after: [DictationEvent] = []) -> [DictationEvent] {
        if let index = waiting.firstIndex(where: { $0.ticket == ticket }) {
            waiting[index].ticket = nil
            waiting[index].after = after
        }
        var released: [DictationEvent] = []
        while let first = waiting.first, first.ticket == nil {
            waiting.removeFirst()
            released.append(first.event)
            released += first.after
        }
        return released
    }
}
