import DictationKit
import Foundation
import NIOCore

/// A line a client sends: `{"command":"start"}`, or `{"command":"status","follow":true}` to get
/// the status and then every change until the instance ends.
struct ControlRequest: Codable, Hashable {
    var command: DictationControlCommand
    var follow: Bool?

    /// Whether the client asks to follow the status rather than for one reply.
    var isFollow: Bool { command == .status && follow == true }
}

/// A line the server sends: `{"status":{...}}`, or `{"error":{"code":...,"message":...}}`.
struct ControlReply: Codable, Hashable {
    /// A `DictationError` as it crosses the socket: its code and both its texts, so that the
    /// client shows it in its user's language.
    struct Failure: Codable, Hashable {
        var code: String
        var message: String
        var norwegianBokmal: String?

        init(_ error: DictationError) {
            code = error.code.rawValue
            message = error.message(in: .english)
            norwegianBokmal = error.message(in: .norwegianBokmal)
        }

        /// The error as the client shows it: in the languages the server sent, English for a
        /// language it didn't (an older server sends English only).
        var error: DictationError {
            var translations: [DictationError.Language: String] = [.english: message]
            translations[.norwegianBokmal] = norwegianBokmal
            return DictationError(
                code: DictationError.Code(rawValue: code), message: DictationError.Text(translations: translations))
        }
    }

    var status: DictationControlStatus?
    var error: Failure?

    init(status: DictationControlStatus) { self.status = status }
    init(error: DictationError) { self.error = Failure(error) }

    /// The status, or the error the reply carries.
    func result() throws(DictationError) -> DictationControlStatus {
        if let status { return status }
        if let error { throw error.error }
        throw .controlFailed(
            DictationError.Text(.controlReplyEmpty))
    }
}

/// The newline-delimited JSON of the control protocol: one value a line.
enum ControlLines {
    /// The longest line either side accepts; a request is a few dozen bytes, a reply a few hundred.
    static let maximumLength = 16 * 1024

    /// A value as one line, newline included.
    static func encode(_ value: some Encodable, allocator: ByteBufferAllocator) -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // The protocol's values always encode: a status's level is clamped, strings are strings.
        var data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        data.append(UInt8(ascii: "\n"))
        return allocator.buffer(bytes: data)
    }

    /// A line (without its newline) as a value, or `nil` when it is not one.
    static func decode<Value: Decodable>(_ type: Value.Type, from line: ByteBuffer) -> Value? {
        try? JSONDecoder().decode(type, from: Data(line.readableBytesView))
    }

    /// A reply line that can't be read, as the client reports it.
    static func unreadableReply(_ line: ByteBuffer) -> DictationError {
        let text = String(decoding: line.readableBytesView.prefix(200), as: UTF8.self)
        return .controlFailed(
            DictationError.Text(.controlReplyUnreadable, ["text": "\(text)"]))
    }
}

/// Splits what arrives on a control connection into lines, refusing one longer than
/// ``ControlLines/maximumLength`` so that a client can't make the server hold unbounded input.
struct ControlLineDecoder: ByteToMessageDecoder {
    typealias InboundOut = ByteBuffer

    struct LineTooLong: Error {}

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.readableBytes > ControlLines.maximumLength { throw LineTooLong() }
            return .needMoreData
        }
        let length = newline - buffer.readerIndex
        guard length <= ControlLines.maximumLength, var line = buffer.readSlice(length: length) else {
            throw LineTooLong()
        }
        buffer.moveReaderIndex(forwardBy: 1)
        if line.readableBytesView.last == UInt8(ascii: "\r") {
            line = line.getSlice(at: line.readerIndex, length: line.readableBytes - 1) ?? line
        }
        context.fireChannelRead(wrapInboundOut(line))
        return .continue
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws
        -> DecodingState
    {
        // A last request without its newline still counts (`printf '{"command":"stop"}' | nc -U`).
        while try decode(context: context, buffer: &buffer) == .continue {}
        if buffer.readableBytes > 0, let line = buffer.readSlice(length: buffer.readableBytes) {
            context.fireChannelRead(wrapInboundOut(line))
        }
        return .needMoreData
    }
}
