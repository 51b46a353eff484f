import Foundation

extension DictationEvent {
    /// Reads an event back from its JSON line (``jsonLine()``), as a client of a server's stream
    /// gets it: partials, finals, commands, errors, speech activity, levels, progress, state
    /// changes and locale selections. Blocks and recordings are not sent over a stream and read
    /// as `nil`.
    /// - Parameter line: One line of JSON.
    /// - Returns: The event and its `eventId` (`nil` when the line has none), or `nil` when the
    ///   line is not an event this reads.
    package static func reading(jsonLine line: String) -> (event: DictationEvent, eventId: Int?)? {
        guard let json = try? JSONDecoder().decode(EventJSON.self, from: Data(line.utf8)), let event = json.event else {
            return nil
        }
        return (event, json.eventId)
    }
}

extension EventJSON {
    /// The event this JSON stands for, when it has the fields its kind needs.
    fileprivate var event: DictationEvent? {
        switch type {
        case "partial", "final":
            guard let transcript else { return nil }
            return type == "final" ? .final(transcript) : .partial(transcript)
        case "error":
            guard let errorCode, let message else { return nil }
            return .error(DictationError(code: .init(rawValue: errorCode), message: message, isFatal: fatal ?? true))
        case "speechStarted": return time.map { .speechStarted(at: $0) }
        case "speechEnded": return time.map { .speechEnded(at: $0) }
        case "level": return level.map { .level(Float($0)) }
        case "progress": return processed.map { .progress(processed: $0, total: total) }
        case "stateChanged": return state.flatMap(DictationState.init(rawValue:)).map { .stateChanged($0) }
        case "localeSelected":
            guard let requestedLocale, let locale else { return nil }
            return .localeSelected(requested: requestedLocale, used: locale)
        case "command":
            guard let command, let utterance else { return nil }
            return .command(
                DictationCommand(kind: .init(rawValue: command), utteranceIndex: utterance, scratchedUtterance: scratched))
        default: return nil
        }
    }

    private var transcript: Transcript? {
        guard let text, let utterance else { return nil }
        var transcript = Transcript(
            text: text,
            words: (words ?? []).map { Word(text: $0.text, start: $0.start, end: $0.end, confidence: $0.confidence) },
            utteranceIndex: utterance, startTime: start ?? 0, endTime: end ?? 0, stableWordCount: stable ?? 0,
            writtenText: written)
        transcript.alternatives = (alternatives ?? []).map { Transcript.Alternative(text: $0.text, score: $0.score) }
        return transcript
    }
}
