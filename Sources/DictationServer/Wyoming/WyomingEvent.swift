import DictationKit
import Foundation
import NIOCore

/// One event of Home Assistant's Wyoming protocol: a JSON header line (`type`, and `data` inline
/// or as `data_length` bytes after the line), then `payload_length` bytes of payload (audio).
///
/// Unchecked: `data` holds what `JSONSerialization` makes of JSON (strings, numbers, arrays,
/// dictionaries), values nobody mutates once made.
struct WyomingEvent: @unchecked Sendable {
    var type: String
    /// The event's data, as JSON values: the events' fields are of mixed types.
    var data: [String: Any]
    var payload: ByteBuffer?

    init(type: String, data: [String: Any] = [:], payload: ByteBuffer? = nil) {
        self.type = type
        self.data = data
        self.payload = payload
    }

    /// An error event: the text for people, the stable code for programs.
    static func error(_ error: DictationError) -> WyomingEvent {
        WyomingEvent(type: "error", data: ["text": error.message, "code": error.code.rawValue])
    }

    /// The data's integer field, `nil` when it is missing or not a whole number.
    func integer(_ key: String) -> Int? {
        Self.wholeNumber(data[key])
    }

    /// A JSON number that is a whole `Int`; `nil` for anything else. `Int(exactly:)`: a rate or
    /// length of 1e300 must be refused, not trap in the conversion.
    static func wholeNumber(_ value: Any?) -> Int? {
        switch value {
        case let value as Int: value
        case let value as Double: Int(exactly: value)
        default: nil
        }
    }

    /// The data's string field, `nil` when it is missing, null or not a string.
    func string(_ key: String) -> String? { data[key] as? String }

    /// The event as the protocol writes it: its header line with the data inline, then the payload.
    func write(to buffer: inout ByteBuffer) {
        var header: [String: Any] = ["type": type]
        if !data.isEmpty { header["data"] = data }
        if let payload, payload.readableBytes > 0 { header["payload_length"] = payload.readableBytes }
        // The header holds strings, numbers, booleans, arrays and objects only: it always encodes.
        let json =
            (try? JSONSerialization.data(withJSONObject: header, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data(#"{"type":"error"}"#.utf8)
        buffer.writeBytes(json)
        buffer.writeInteger(UInt8(ascii: "\n"))
        if let payload { buffer.writeImmutableBuffer(payload) }
    }
}

/// What can be wrong with the bytes of an event. Once a header can't be read, the stream's
/// framing is lost: the connection gets the error event and is closed.
enum WyomingFramingProblem: Error, Equatable {
    case notAnEvent
    case tooLarge(part: String, bytes: Int, limit: Int)

    var error: DictationError {
        switch self {
        case .notAnEvent:
            DictationError(code: .protocolViolation, message: .init(.wyomingNotAnEvent))
        case .tooLarge(let part, let bytes, let limit):
            DictationError(
                code: .limitExceeded,
                message: .init(.wyomingEventTooLarge, ["part": "\(part)", "bytes": "\(bytes)", "limit": "\(limit)"]))
        }
    }
}

/// Reads events from the bytes of a connection as they come, with limits on each part, so that a
/// client can't make the server hold more than one event's worth of memory for a line without
/// an end. Pure: no channel, so it can be fuzzed and tested on any split of the bytes.
struct WyomingEventParser {
    /// The longest header line, and the longest separate data.
    static let headerLimit = 64 * 1024
    /// The largest payload.
    let payloadLimit: Int

    /// A header read whose data or payload has not all arrived.
    private var pending: (event: WyomingEvent, dataLength: Int, payloadLength: Int)?

    init(payloadLimit: Int) {
        self.payloadLimit = payloadLimit
    }

    /// The next whole event in `buffer`, taken from it; `nil` until more bytes come.
    /// - Throws: ``WyomingFramingProblem`` when the bytes are no event or too large: the framing
    ///   is lost, and the connection must end.
    mutating func next(from buffer: inout ByteBuffer) throws(WyomingFramingProblem) -> WyomingEvent? {
        if pending == nil {
            let searched = buffer.readableBytesView.prefix(Self.headerLimit + 1)
            guard let newline = searched.firstIndex(of: UInt8(ascii: "\n")) else {
                if searched.count > Self.headerLimit {
                    throw .tooLarge(part: "header", bytes: buffer.readableBytes, limit: Self.headerLimit)
                }
                return nil
            }
            guard let line = buffer.readBytes(length: newline - buffer.readerIndex) else { return nil }
            buffer.moveReaderIndex(forwardBy: 1)
            pending = try Self.header(Data(line), payloadLimit: payloadLimit)
        }
        guard let (event, dataLength, payloadLength) = pending,
            buffer.readableBytes >= dataLength + payloadLength
        else { return nil }
        var complete = event
        if dataLength > 0, let bytes = buffer.readBytes(length: dataLength) {
            guard let data = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
                throw .notAnEvent
            }
            complete.data.merge(data) { _, separate in separate }
        }
        if payloadLength > 0 { complete.payload = buffer.readSlice(length: payloadLength) }
        pending = nil
        return complete
    }

    private static func header(_ line: Data, payloadLimit: Int) throws(WyomingFramingProblem) -> (WyomingEvent, Int, Int) {
        guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
            let type = object["type"] as? String, !type.isEmpty
        else { throw .notAnEvent }
        let inline = object["data"] as? [String: Any] ?? [:]
        let dataLength = try length(object["data_length"], part: "data", limit: headerLimit)
        let payloadLength = try length(object["payload_length"], part: "payload", limit: payloadLimit)
        return (WyomingEvent(type: type, data: inline), dataLength, payloadLength)
    }

    private static func length(_ value: Any?, part: String, limit: Int) throws(WyomingFramingProblem) -> Int {
        guard let value, !(value is NSNull) else { return 0 }
        guard let length = WyomingEvent.wholeNumber(value), length >= 0 else { throw .notAnEvent }
        guard length <= limit else { throw .tooLarge(part: part, bytes: length, limit: limit) }
        return length
    }
}

/// The parser in a channel's pipeline.
struct WyomingEventDecoder: ByteToMessageDecoder {
    typealias InboundOut = WyomingEvent

    var parser: WyomingEventParser

    init(payloadLimit: Int) {
        parser = WyomingEventParser(payloadLimit: payloadLimit)
    }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let event = try parser.next(from: &buffer) else { return .needMoreData }
        context.fireChannelRead(wrapInboundOut(event))
        return .continue
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws
        -> DecodingState
    {
        // An event cut off by the end of the connection is dropped: its sender is gone.
        while try decode(context: context, buffer: &buffer) == .continue {}
        buffer.clear()
        return .needMoreData
    }
}

/// Writes events in the protocol's framing.
struct WyomingEventEncoder: MessageToByteEncoder {
    typealias OutboundIn = WyomingEvent

    func encode(data: WyomingEvent, out: inout ByteBuffer) {
        data.write(to: &out)
    }
}
