import DictationKit
import Foundation

/// A text message a client sends on `/v1/stream` (docs/server-protocol.md).
public enum StreamClientMessage: Sendable, Hashable {
    /// Opens a session.
    case start(StreamStart)
    /// Reattaches to a session after a lost connection.
    case resume(session: String, lastEventId: Int)
    /// Announces a segment of audio; its binary frames follow.
    case segment(StreamSegment)
    /// The audio is over after segment `lastSequenceId` (-1: none was sent).
    case end(lastSequenceId: Int)
    /// Drops the session.
    case cancel

    /// The message as one line of JSON.
    public var jsonText: String {
        switch self {
        case .start(let start): StreamJSON.encode(start)
        case .resume(let session, let lastEventId): StreamJSON.encode(Resume(session: session, lastEventId: lastEventId))
        case .segment(let segment): StreamJSON.encode(segment)
        case .end(let lastSequenceId): StreamJSON.encode(End(lastSequenceId: lastSequenceId))
        case .cancel: #"{"type":"cancel"}"#
        }
    }

    /// Reads a client's text message.
    /// - Parameter text: The message.
    /// - Throws: `DictationError` with `DictationError/Code/protocolViolation` for text that is
    ///   not JSON, not an object with a known `type`, or has a field of the wrong type.
    public init(jsonText text: String) throws(DictationError) {
        let data = Data(text.utf8)
        let type = try StreamJSON.type(of: data)
        switch type {
        case "start": self = .start(try StreamJSON.decode(StreamStart.self, from: data))
        case "resume":
            let resume = try StreamJSON.decode(Resume.self, from: data)
            self = .resume(session: resume.session, lastEventId: resume.lastEventId ?? -1)
        case "segment": self = .segment(try StreamJSON.decode(StreamSegment.self, from: data))
        case "end": self = .end(lastSequenceId: try StreamJSON.decode(End.self, from: data).lastSequenceId)
        case "cancel": self = .cancel
        default: throw StreamProblem.unknownType(type).error
        }
    }

    private struct Resume: Codable {
        var type = "resume"
        var session: String
        var lastEventId: Int?
    }

    private struct End: Codable {
        var type = "end"
        var lastSequenceId: Int
    }
}

/// A `start` message: the session's locale, audio format and options.
public struct StreamStart: Sendable, Hashable, Codable {
    /// The locale to recognize.
    public var locale: String
    /// The audio's format.
    public var format: StreamAudioFormat
    /// What to report and how to recognize.
    public var options: StreamOptions

    /// Creates a start message.
    /// - Parameters:
    ///   - locale: The locale to recognize, `en-US` by default.
    ///   - format: The audio's format, 16 kHz mono 16-bit in 20 ms frames by default.
    ///   - options: What to report and how to recognize.
    public init(
        locale: String = "en-US", format: StreamAudioFormat = StreamAudioFormat(), options: StreamOptions = StreamOptions()
    ) {
        self.locale = locale
        self.format = format
        self.options = options
    }

    private enum CodingKeys: String, CodingKey {
        case type, locale, sampleRate, channels, encoding, frameMilliseconds, options
    }

    /// Decodes a start message; every field but `type` may be left out.
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` for a field of the wrong type or an unknown encoding.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = StreamAudioFormat()
        locale = try container.decodeIfPresent(String.self, forKey: .locale) ?? "en-US"
        format = StreamAudioFormat(
            sampleRate: try container.decodeIfPresent(Int.self, forKey: .sampleRate) ?? defaults.sampleRate,
            channelCount: try container.decodeIfPresent(Int.self, forKey: .channels) ?? defaults.channelCount,
            encoding: try container.decodeIfPresent(StreamAudioFormat.Encoding.self, forKey: .encoding) ?? defaults.encoding,
            frameMilliseconds: try container.decodeIfPresent(Int.self, forKey: .frameMilliseconds)
                ?? defaults.frameMilliseconds)
        options = try container.decodeIfPresent(StreamOptions.self, forKey: .options) ?? StreamOptions()
    }

    /// Encodes the message with its `type`.
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("start", forKey: .type)
        try container.encode(locale, forKey: .locale)
        try container.encode(format.sampleRate, forKey: .sampleRate)
        try container.encode(format.channelCount, forKey: .channels)
        try container.encode(format.encoding, forKey: .encoding)
        try container.encode(format.frameMilliseconds, forKey: .frameMilliseconds)
        try container.encode(options, forKey: .options)
    }
}

/// A `segment` message: which audio the binary frames after it hold.
public struct StreamSegment: Sendable, Hashable, Codable {
    private var type = "segment"
    /// The segment's number, from 0, one by one.
    public var sequenceId: Int
    /// The session sample frame (per channel) the segment starts at.
    public var startSampleIndex: Int
    /// The sample frame after the segment's last.
    public var endSampleIndex: Int
    /// The last event the client has received, if it says.
    public var lastEventId: Int?

    /// Creates a segment message.
    /// - Parameters:
    ///   - sequenceId: The segment's number.
    ///   - startSampleIndex: Its first sample frame.
    ///   - endSampleIndex: The sample frame after its last.
    ///   - lastEventId: The last event the client has received.
    public init(sequenceId: Int, startSampleIndex: Int, endSampleIndex: Int, lastEventId: Int? = nil) {
        self.sequenceId = sequenceId
        self.startSampleIndex = startSampleIndex
        self.endSampleIndex = endSampleIndex
        self.lastEventId = lastEventId
    }

    /// Sample frames the segment holds; 0 for indices out of order or too far apart to count
    /// (they come from the client, and must not overflow).
    public var sampleCount: Int {
        let (count, overflow) = endSampleIndex.subtractingReportingOverflow(startSampleIndex)
        return overflow || startSampleIndex < 0 ? 0 : max(count, 0)
    }
}
