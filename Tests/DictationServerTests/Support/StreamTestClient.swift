import DictationKit
import DictationStreamProtocol
import DictationTesting
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
    private let steps: ConnectionSteps

    init(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, steps: ConnectionSteps) {
        messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
        self.outbound = outbound
        self.steps = steps
    }

    func send(_ message: StreamClientMessage) async throws {
        steps.note("sending \(message.jsonText.prefix(60))")
        try await outbound.write(.text(message.jsonText))
    }

    func sendText(_ text: String) async throws {
        steps.note("sending text \(text.prefix(60))")
        try await outbound.write(.text(text))
    }

    func sendBytes(_ bytes: [UInt8]) async throws {
        try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
    }

    /// Sends segment `sequenceId` of `samples` (mono 16-bit, segments of `segmentSamples`) in
    /// 20 ms frames; `frames` limits how many frames go (to cut a segment off).
    func sendSegment(
        _ sequenceId: Int, of samples: [Int16], segmentSamples: Int = 16_000, frames: Int = .max, lastEventId: Int? = nil
    ) async throws {
        let start = sequenceId * segmentSamples
        let end = min(start + segmentSamples, samples.count)
        try await send(
            .segment(
                StreamSegment(sequenceId: sequenceId, startSampleIndex: start, endSampleIndex: end, lastEventId: lastEventId)))
        for (index, frameStart) in stride(from: start, to: end, by: 320).enumerated() where index < frames {
            let frame = samples[frameStart..<min(frameStart + 320, end)]
            try await sendBytes(frame.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] })
        }
    }

    /// The server's next message; `nil` once it closed.
    mutating func next() async throws -> StreamServerMessage? {
        steps.note("waiting for the server's next message")
        guard let message = try await messages.next() else {
            steps.note("the server closed")
            return nil
        }
        guard case .text(let text) = message else { return try await next() }
        steps.note("received \(text.prefix(60))")
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
    /// The longest a connection may go without a step (connecting, a message sent or received).
    /// Far more than any step takes on a loaded machine, far less than the suite's time limit: a
    /// connection that stalls fails its test with the step it stalled on, and the other tests go
    /// on. The whole connection has no limit of its own: with the machine 8 times oversubscribed,
    /// one took 105 s to upgrade and 100 s more for its acknowledgements, still moving on.
    static let stallLimit = Duration.seconds(300)

    /// Runs one connection's script.
    /// - Returns: The script's result and the server's close code (`nil`: none).
    /// - Throws: What the connection or the script throws; ``ConnectionStalled`` after
    ///   ``stallLimit`` without a step.
    static func connect<Result: Sendable>(
        _ url: String, token: String? = nil,
        _ script: @escaping @Sendable (inout StreamConversation) async throws -> Result
    ) async throws -> (result: Result, closeCode: Int?) {
        let steps = ConnectionSteps()
        do {
            return try await withStallLimit(stallLimit, "the connection to \(url)", lastProgress: { steps.lastStep }) {
                try await run(url, token: token, steps: steps, script)
            }
        } catch let deadline as DeadlineExceeded {
            throw ConnectionStalled(deadline: deadline, steps: steps.all)
        }
    }

    private static func run<Result: Sendable>(
        _ url: String, token: String?, steps: ConnectionSteps,
        _ script: @escaping @Sendable (inout StreamConversation) async throws -> Result
    ) async throws -> (result: Result, closeCode: Int?) {
        let result = Mutex<Result?>(nil)
        var configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 20)
        if let token { configuration.additionalHeaders[.authorization] = "Bearer \(token)" }
        steps.note("connecting")
        let close = try await WebSocketClient.connect(url: url, configuration: configuration, logger: Logger(label: "test")) {
            inbound, outbound, _ in
            steps.note("upgraded")
            var conversation = StreamConversation(inbound: inbound, outbound: outbound, steps: steps)
            let value = try await script(&conversation)
            steps.note("the script returned; closing")
            result.withLock { $0 = value }
        }
        steps.note("closed")
        guard let value = result.withLock({ $0 }) else { throw CancellationError() }
        return (value, close.map { Int(UInt16(webSocketErrorCode: $0.closeCode)) })
    }
}

/// What a connection of the test client did, with the time of each step since it began.
final class ConnectionSteps: Sendable {
    private let start = ContinuousClock.now
    private let steps = Mutex<(lines: [String], last: ContinuousClock.Instant?)>(([], nil))

    func note(_ step: String) {
        let now = ContinuousClock.now
        let elapsed = now - start
        steps.withLock {
            $0.lines.append("\(elapsed.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 3)))) \(step)")
            $0.last = now
        }
    }

    var all: [String] { steps.withLock { $0.lines } }

    /// When the last step was taken.
    var lastStep: ContinuousClock.Instant? { steps.withLock { $0.last } }
}

/// A connection that took no step for ``StreamTestClient/stallLimit``, with what it did.
struct ConnectionStalled: Error, CustomStringConvertible {
    let deadline: DeadlineExceeded
    let steps: [String]

    var description: String { "\(deadline); its steps:\n" + steps.joined(separator: "\n") }
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
