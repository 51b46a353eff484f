import DictationKit

/// What can be wrong between a client and the server, with its coded error in both languages.
public enum StreamProblem: Sendable, Hashable {
    /// Text that is not a JSON object with a `type`.
    case notAMessage
    /// A `type` the protocol doesn't have.
    case unknownType(String)
    /// A field that is missing, of the wrong type or out of range; the second value says how, in
    /// both languages.
    case badField(String, DictationError.Text)
    /// A message that can't come now, such as audio before `start`; the value names it.
    case outOfOrder(String)
    /// A binary frame of the wrong size.
    case badFrame(bytes: Int, expected: Int)
    /// A segment that doesn't follow the one before.
    case segmentOutOfOrder(expected: Int, got: Int)
    /// The server has its most sessions.
    case tooManySessions(Int)
    /// The server is shutting down and starts no new session.
    case shuttingDown
    /// A message larger than the server takes.
    case messageTooLarge(bytes: Int, limit: Int)
    /// Audio beyond the longest session the server allows, in seconds.
    case sessionTooLong(seconds: Int)
    /// A `resume` with a token the server doesn't have.
    case sessionNotFound
    /// A `resume` of a session another connection has.
    case sessionBusy
    /// No valid bearer token.
    case unauthorized

    /// The problem as a fatal, coded error.
    public var error: DictationError {
        switch self {
        case .notAMessage:
            return violation(
                english: "I can't read that message: it is not a JSON object with a \"type\". See docs/server-protocol.md.",
                norwegianBokmal:
                    "Jeg kan ikke lese den meldingen: den er ikke et JSON-objekt med \"type\". Se docs/server-protocol.md.")
        case .unknownType(let type):
            return violation(
                english:
                    "I don't know the message type \"\(type)\". The protocol's types are start, resume, segment, end and cancel.",
                norwegianBokmal:
                    "Jeg kjenner ikke meldingstypen \"\(type)\". Protokollens typer er start, resume, segment, end og cancel.")
        case .badField(let field, let how):
            return violation(
                english: "The field \"\(field)\" \(how.english). See docs/server-protocol.md for what it takes.",
                norwegianBokmal: "Feltet \"\(field)\" \(how.norwegianBokmal). Se docs/server-protocol.md for hva det tar.")
        case .outOfOrder(let what):
            return violation(
                english:
                    "\(what) can't come now. A connection starts with start or resume, and a segment's frames follow its segment message.",
                norwegianBokmal:
                    "\(what) kan ikke komme nå. En forbindelse starter med start eller resume, og et segments rammer kommer etter segmentmeldingen."
            )
        case .badFrame(let bytes, let expected):
            return violation(
                english:
                    "A frame of \(bytes) bytes doesn't fit: whole frames are \(expected) bytes, and only a segment's last frame may be shorter, in whole samples.",
                norwegianBokmal:
                    "En ramme på \(bytes) byte passer ikke: hele rammer er på \(expected) byte, og bare et segments siste ramme kan være kortere, i hele sampler."
            )
        case .segmentOutOfOrder(let expected, let got):
            return violation(
                english: "Segment \(got) doesn't follow on: I expected segment \(expected), starting where the one before ended.",
                norwegianBokmal:
                    "Segment \(got) henger ikke sammen med det forrige: jeg ventet segment \(expected), som begynner der det forrige sluttet."
            )
        case .tooManySessions(let limit):
            return limitError(
                english:
                    "I already run as many sessions as I am allowed (\(limit)). Try again when one has ended, or use another server.",
                norwegianBokmal:
                    "Jeg kjører allerede så mange økter som jeg får (\(limit)). Prøv igjen når en er ferdig, eller bruk en annen server."
            )
        case .shuttingDown:
            return DictationError(
                code: .serverShuttingDown,
                message: .init(
                    english: "I am shutting down and start no new sessions. Try again when I am back, or use another server.",
                    norwegianBokmal:
                        "Jeg avslutter og starter ingen nye økter. Prøv igjen når jeg er tilbake, eller bruk en annen server."))
        case .messageTooLarge(let bytes, let limit):
            return limitError(
                english:
                    "A message of \(bytes) bytes is larger than the \(limit) bytes I take. Send audio in frames of 20-60 ms.",
                norwegianBokmal:
                    "En melding på \(bytes) byte er større enn de \(limit) bytene jeg tar imot. Send lyd i rammer på 20-60 ms.")
        case .sessionTooLong(let seconds):
            return limitError(
                english:
                    "The session reached the longest I allow, \(seconds) s of audio. What came before is decoded; start a new session for more.",
                norwegianBokmal:
                    "Økten nådde det lengste jeg tillater, \(seconds) s lyd. Det som kom før, blir gjenkjent; start en ny økt for mer."
            )
        case .sessionNotFound:
            return DictationError(
                code: .sessionNotFound,
                message: .init(
                    english:
                        "I don't have that session: it ended, was cancelled, or waited longer than I keep a session for its client. Start a new one.",
                    norwegianBokmal:
                        "Jeg har ikke den økten: den er ferdig, ble avbrutt eller ventet lenger enn jeg holder en økt for klienten sin. Start en ny."
                ))
        case .sessionBusy:
            return DictationError(
                code: .sessionBusy,
                message: .init(
                    english:
                        "Another connection has that session now. Close it first, or wait until the server notices it is gone.",
                    norwegianBokmal:
                        "En annen forbindelse har den økten nå. Lukk den først, eller vent til serveren merker at den er borte."))
        case .unauthorized:
            return DictationError(
                code: .unauthorized,
                message: .init(
                    english:
                        "I need a valid bearer token, and this request has none: send \"Authorization: Bearer TOKEN\" (or ?token=TOKEN on a WebSocket URL).",
                    norwegianBokmal:
                        "Jeg trenger et gyldig bærertoken, og denne forespørselen har ikke noe: send \"Authorization: Bearer TOKEN\" (eller ?token=TOKEN i en WebSocket-URL)."
                ))
        }
    }

    private func violation(english: String, norwegianBokmal: String) -> DictationError {
        DictationError(code: .protocolViolation, message: .init(english: english, norwegianBokmal: norwegianBokmal))
    }

    private func limitError(english: String, norwegianBokmal: String) -> DictationError {
        DictationError(code: .limitExceeded, message: .init(english: english, norwegianBokmal: norwegianBokmal))
    }
}

extension DictationError.Text {
    /// "is missing", for a field a message lacks.
    static let missing = DictationError.Text(english: "is missing", norwegianBokmal: "mangler")
}
