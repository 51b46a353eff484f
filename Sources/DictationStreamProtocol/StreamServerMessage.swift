import DictationKit
import Foundation

/// A text message the server sends on `/v1/stream` (docs/server-protocol.md).
public enum StreamServerMessage: Sendable, Hashable {
    /// The session is open.
    case started(StreamStarted)
    /// A segment's audio is in the session.
    case ack(sequenceId: Int, endSampleIndex: Int)
    /// The session is attached to this connection again.
    case resumed(session: String, nextSequenceId: Int, nextSampleIndex: Int)
    /// The session is over; `lastEventId` is its last event (-1: none).
    case ended(session: String, lastEventId: Int)
    /// A session event, numbered.
    case event(DictationEvent, eventId: Int)
    /// A protocol error; the server closes the connection after it.
    case failure(DictationError)

    /// The message as one line of JSON.
    public var jsonText: String {
        switch self {
        case .started(let started): StreamJSON.encode(started)
        case .ack(let sequenceId, let endSampleIndex):
            StreamJSON.encode(Ack(sequenceId: sequenceId, endSampleIndex: endSampleIndex))
        case .resumed(let session, let next, let sample):
            StreamJSON.encode(Resumed(session: session, nextSequenceId: next, nextSampleIndex: sample))
        case .ended(let session, let lastEventId): StreamJSON.encode(Ended(session: session, lastEventId: lastEventId))
        case .event(let event, let eventId): event.jsonLine(eventId: eventId)
        case .failure(let error): DictationEvent.error(error).jsonLine()
        }
    }

    /// Reads a server's text message.
    /// - Parameter text: The message.
    /// - Throws: `DictationError` with `DictationError/Code/protocolViolation` for text that is
    ///   not one of the server's messages.
    public init(jsonText text: String) throws(DictationError) {
        let data = Data(text.utf8)
        switch try StreamJSON.type(of: data) {
        case "started": self = .started(try StreamJSON.decode(StreamStarted.self, from: data))
        case "ack":
            let ack = try StreamJSON.decode(Ack.self, from: data)
            self = .ack(sequenceId: ack.sequenceId, endSampleIndex: ack.endSampleIndex)
        case "resumed":
            let resumed = try StreamJSON.decode(Resumed.self, from: data)
            self = .resumed(
                session: resumed.session, nextSequenceId: resumed.nextSequenceId, nextSampleIndex: resumed.nextSampleIndex)
        case "ended":
            let ended = try StreamJSON.decode(Ended.self, from: data)
            self = .ended(session: ended.session, lastEventId: ended.lastEventId)
        default:
            guard let (event, eventId) = DictationEvent.reading(jsonLine: text) else {
                throw StreamProblem.notAMessage.error
            }
            if let eventId {
                self = .event(event, eventId: eventId)
            } else if case .error(let error) = event {
                self = .failure(error)
            } else {
                throw StreamProblem.badField("eventId", .missing).error
            }
        }
    }

    private struct Ack: Codable {
        var type = "ack"
        var sequenceId: Int
        var endSampleIndex: Int
    }

    private struct Resumed: Codable {
        var type = "resumed"
        var session: String
        var nextSequenceId: Int
        var nextSampleIndex: Int
    }

    private struct Ended: Codable {
        var type = "ended"
        var session: String
        var lastEventId: Int
    }
}

/// A `started` message: the session's token and the sizes the server expects.
public struct StreamStarted: Sendable, Hashable, Codable {
    private var type = "started"
    /// The protocol version, 1.
    public var `protocol`: Int
    /// The session's token, to resume it.
    public var session: String
    /// How long the server keeps a session whose connection was lost.
    public var resumeSeconds: Double
    /// The most sample frames a segment may hold.
    public var maxSegmentSamples: Int
    /// Bytes of a whole binary frame.
    public var frameBytes: Int

    /// Creates a started message.
    /// - Parameters:
    ///   - session: The session's token.
    ///   - resumeSeconds: How long a session waits for its client.
    ///   - maxSegmentSamples: The most sample frames per segment.
    ///   - frameBytes: Bytes of a whole frame.
    public init(session: String, resumeSeconds: Double, maxSegmentSamples: Int, frameBytes: Int) {
        self.protocol = 1
        self.session = session
        self.resumeSeconds = resumeSeconds
        self.maxSegmentSamples = maxSegmentSamples
        self.frameBytes = frameBytes
    }
}
