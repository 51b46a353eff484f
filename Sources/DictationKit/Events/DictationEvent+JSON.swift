import Foundation

extension DictationEvent {
    /// The event as one line of JSON, with a stable `type` field, e.g.
    /// `{"type":"final","utterance":0,"text":"go forward ten meters","start":0.46,"end":2.11,"words":[...]}`.
    ///
    /// A partial or final that a formatting stage wrote carries its ``Transcript/writtenText`` as
    /// `written` beside the recognizer's `text`; a command carries `command` (its kind),
    /// `utterance` and, for "scratch that", `scratched` (the utterance to remove).
    ///
    /// A final asked for alternatives carries them as `alternatives`, each with its `text` and
    /// `score`, likeliest first (none: no key).
    ///
    /// Errors carry `errorCode`, `message` (in the error's language) and `fatal`; state changes
    /// carry `state`; blocks carry `block`, `text` and the indices of their `utterances`; a locale
    /// fallback carries `requestedLocale` and `locale`, the one used; a recording carries its `path`. Keys are sorted, so the line
    /// is stable.
    /// - Returns: A single line of JSON without a trailing newline.
    public func jsonLine() -> String {
        // Encoding a struct of strings and finite numbers cannot fail; the fallback keeps the
        // line well-formed if a non-finite number ever slips in.
        Self.line(EventJSON(self)) ?? #"{"type":"\#(type)"}"#
    }

    /// The event as one line of JSON, as ``jsonLine()`` gives it, with a `file` field naming the
    /// recording it came from: the lines of a batch of recordings (`dictate transcribe a.wav b.wav
    /// --format jsonl`) say which file each belongs to.
    /// - Parameter file: The recording's path, as the user gave it.
    /// - Returns: A single line of JSON without a trailing newline.
    public func jsonLine(file: String) -> String {
        var json = EventJSON(self)
        json.file = file
        return Self.line(json) ?? jsonLine()
    }

    /// The event as one line of JSON with an `eventId`: the number a server's stream gives each
    /// event of a session (`DictationServer`, docs/server-protocol.md).
    /// - Parameter eventId: The event's number in its session, from 0.
    /// - Returns: A single line of JSON without a trailing newline.
    package func jsonLine(eventId: Int) -> String {
        var json = EventJSON(self)
        json.eventId = eventId
        return Self.line(json) ?? jsonLine()
    }

    private static func line(_ json: EventJSON) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(json) else { return nil }
        return String(data: data, encoding: .utf8)
    }
}

/// The wire form of an event: one flat object, fields present only where they mean something.
struct EventJSON: Codable, Hashable {
    struct WordJSON: Codable, Hashable {
        var text: String
        var start: Double
        var end: Double
        var confidence: Double
    }

    struct AlternativeJSON: Codable, Hashable {
        var text: String
        var score: Double
    }

    var type: String
    var utterance: Int?
    var text: String?
    var written: String?
    var start: Double?
    var end: Double?
    var words: [WordJSON]?
    var stable: Int?
    /// A final's alternatives, when it has any (``Transcript/alternatives``).
    var alternatives: [AlternativeJSON]?
    var errorCode: String?
    var message: String?
    var fatal: Bool?
    var time: Double?
    var level: Double?
    var processed: Double?
    var total: Double?
    var state: String?
    var block: Int?
    var utterances: [Int]?
    var requestedLocale: String?
    var locale: String?
    var path: String?
    var command: String?
    var scratched: Int?
    /// The recording a batch's event came from (``DictationEvent/jsonLine(file:)``).
    var file: String?
    /// The event's number in a server stream's session (``DictationEvent/jsonLine(eventId:)``).
    var eventId: Int?

    init(_ event: DictationEvent) {
        type = event.type
        switch event {
        case .partial(let transcript), .final(let transcript):
            utterance = transcript.utteranceIndex
            if case .partial = event { stable = transcript.stableWordCount }
            text = transcript.text
            written = transcript.writtenText
            start = Self.rounded(transcript.startTime)
            end = Self.rounded(transcript.endTime)
            words = transcript.words.map {
                WordJSON(
                    text: $0.text, start: Self.rounded($0.start), end: Self.rounded($0.end),
                    confidence: Self.rounded($0.confidence))
            }
            if !transcript.alternatives.isEmpty {
                alternatives = transcript.alternatives.map { AlternativeJSON(text: $0.text, score: Self.rounded($0.score)) }
            }
        case .error(let error):
            errorCode = error.code.rawValue
            message = error.message
            fatal = error.isFatal
        case .speechStarted(let at), .speechEnded(let at):
            time = Self.rounded(at)
        case .level(let dbfs):
            level = Self.rounded(Double(dbfs))
        case .progress(let done, let all):
            processed = Self.rounded(done)
            total = all.map(Self.rounded)
        case .stateChanged(let newState):
            state = newState.rawValue
        case .blockCommitted(let committed), .blockDiscarded(let committed):
            block = committed.index
            text = committed.text
            utterances = committed.utterances.map(\.utteranceIndex)
        case .localeSelected(let requested, let used):
            requestedLocale = requested
            locale = used
        case .recordingStarted(let file):
            path = file
        case .command(let spoken):
            command = spoken.kind.rawValue
            utterance = spoken.utteranceIndex
            scratched = spoken.scratchedUtterance
        }
    }

    /// Milliseconds are plenty for audio times, and short numbers keep lines readable.
    private static func rounded(_ value: Double) -> Double {
        value.isFinite ? (value * 1000).rounded() / 1000 : 0
    }
}
