import DictationKit

/// What a session's store and its consumer did, in one order: the store notes when each save
/// begins and ends, the consumer each event as it receives it. Positions, not clock times, say
/// what happened while what.
final class SaveTimeline: Sendable {
    enum Entry: Sendable, Hashable {
        case saveBegun(Int)
        case saveEnded(Int)
        case received(DictationEvent)
    }

    let entries = WaitableState<[Entry]>([])

    func note(_ entry: Entry) { entries.withLock { $0.append(entry) } }

    var all: [Entry] { entries.read { $0 } }

    /// Whether the consumer has received, since the save of `utterance` began, a level, then a
    /// speech start, then a partial of a later utterance: the next utterance as the audio thread
    /// shows it.
    static func laterUtteranceReceived(during utterance: Int, in entries: borrowing [Entry]) -> Bool {
        guard let begun = entries.firstIndex(of: .saveBegun(utterance)) else { return false }
        var step = 0
        for entry in entries[begun...] {
            guard case .received(let event) = entry else { continue }
            switch (step, event) {
            case (0, .level): step = 1
            case (1, .speechStarted): step = 2
            case (2, .partial(let transcript)) where transcript.utteranceIndex > utterance: return true
            default: break
            }
        }
        return false
    }

    /// The events received while the save of `utterance` was under way: after it began, before it ended.
    func receivedDuringSave(of utterance: Int) -> [DictationEvent] {
        let all = self.all
        guard let begun = all.firstIndex(of: .saveBegun(utterance)),
            let ended = all.firstIndex(of: .saveEnded(utterance))
        else { return [] }
        return all[begun..<ended].compactMap { entry in
            if case .received(let event) = entry { event } else { nil }
        }
    }

    /// Where an entry is, if it is there.
    func position(of entry: Entry) -> Int? { all.firstIndex(of: entry) }

    /// The events the consumer received, in order.
    var received: [DictationEvent] {
        all.compactMap { entry in
            if case .received(let event) = entry { event } else { nil }
        }
    }
}
