import DictationKit
import DictationStreamProtocol
import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import NIOWebSocket
import Synchronization

/// One connection of a scripted client of `/v1/stream`: it sends what the test says and reads
/// what the server answers.
struct StreamConversation {
    private var messages: WebSocketInboundMessageStream.AsyncIterator
    private let outbound: WebSocketOutboundWriter

    init(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) {
        messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
        self.outbound = outbound
    }

    func send(_ message: StreamClientMessage) async throws {
        try await outbound.write(.text(message.jsonText))
    }

    func sendText(_ text: String) async throws {
        try await outbound.write(.text(text))
    }

    func sendBytes(_ bytes: [UInt8]) async throws {
        try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
    }

    /// Sends segment `sequenceId` of `samples` (mono 16-bit, segments of `segmentSamples`) in
    /// 20 ms frames; `frames` limits how many frames go (to cut a segment off).
    func sendSegment(_ sequenceId: Int, of samples: [Int16], segmentSamples: Int = 16_000, frames: Int = .max, lastEventId: Int? = nil) async throws {
        let start = sequenceId * segmentSamples
        let end = min(start + segmentSamples, samples.count)
        try await send(.segment(StreamSegment(sequenceId: sequenceId, startSampleIndex: start, endSampleIndex: end, lastEventId: lastEventId)))
        for (index, frameStart) in stride(from: start, to: end, by: 320).enumerated() where index < frames {
            let frame = samples[frameStart..<min(frameStart + 320, end)]
            try await sendBytes(frame.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] })
        }
    }

    /// The server's next message; `nil` once it closed.
    mutating func next() async throws -> StreamServerMessage? {
        guard let message = try await messages.next() else { return nil }
        guard case .text(let text) = message else { return try await next() }
        return try StreamServerMessage(jsonText: text)
    }

    /// Every message until the server closes.
    mutating func rest() async throws -> [StreamServerMessage] {
        var all: [StreamServerMessage] = []
        while let message = try await next() { all.append(message) }
        return all
    }
}

enum StreamTestClient {
    /// Runs one connection's script.
    /// - Returns: The script's result and the server's close code (`nil`: none).
    static func connect<Result: Sendable>(
        _ url: String, token: String? = nil,
        _ script: @escaping @Sendable (inout StreamConversation) async throws -> Result
    ) async throws -> (result: Result, closeCode: Int?) {
        let result = Mutex<Result?>(nil)
        var configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 20)
        if let token { configuration.additionalHeaders[.authorization] = "Bearer \(token)" }
        let close = try await WebSocketClient.connect(url: url, configuration: configuration, logger: Logger(label: "test")) { inbound, outbound, _ in
            var conversation = StreamConversation(inbound: inbound, outbound: outbound)
            let value = try await script(&conversation)
            result.withLock { $0 = value }
        }
        guard let value = result.withLock({ $0 }) else { throw CancellationError() }
        return (value, close.map { Int(UInt16(webSocketErrorCode: $0.closeCode)) })
    }
}

extension Array where Element == StreamServerMessage {
    var finals: [Transcript] {
        compactMap { if case .event(.final(let final), _) = $0 { final } else { nil } }
    }

    var eventIds: [Int] {
        compactMap { if case .event(_, let id) = $0 { id } else { nil } }
    }

    var acknowledged: [Int] {
        compactMap { if case .ack(let id, _) = $0 { id } else { nil } }
    }

    var failures: [DictationError] {
        compactMap { if case .failure(let error) = $0 { error } else { nil } }
    }

    var text: String { finals.map(\.text).filter { !$0.isEmpty }.joined(separator: " ") }
}
