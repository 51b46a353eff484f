import Dictation
import DictationStreamProtocol
import Foundation
import Logging
import NIOCore
import Synchronization
import HummingbirdWebSocket
import NIOWebSocket

/// One connection that speaks vosk-server's WebSocket protocol (`/vosk`): an optional
/// `{"config": {"sample_rate": 16000, "words": 1, "phrase_list": [...]}}`, then 16-bit mono PCM in
/// binary messages of any size, each answered by one reply (a `partial`, or the `text` and
/// `result` of what ended since the last reply), and `{"eof" : 1}`, answered by the last result
/// before the server closes.
///
/// Behind it is an ordinary session of the server's, with partials and without formatting
/// (vosk clients expect the recognizer's words). The protocol has no resume.
struct VoskConnection: Sendable {
    let slots: SessionSlots
    let factory: ServerSessionFactory
    let limits: ServerLimits
    let locale: String
    let logger: Logger

    /// How much audio may wait for the session.
    private static let queueSeconds = 30

    private struct Config {
        var sampleRate = 16_000
        var words = true
        var vocabulary = Vocabulary()
    }

    /// What the session said since the last reply.
    private struct Heard {
        var partial = ""
        var finals: [Transcript] = []
    }

    /// A running session and what it said.
    private struct Running {
        var source: PushAudioSource
        var session: DictationSession
        var heard: HeardBox
        var done: Task<Void, Never>
    }

    /// What the session said, shared between its event task and the connection.
    private final class HeardBox: Sendable {
        private let heard = Mutex(Heard())

        func withLock<Result>(_ body: (inout Heard) -> Result) -> Result {
            heard.withLock { body(&$0) }
        }
    }

    /// What the reader hands the connection's loop.
    private enum Inbound: Sendable {
        case message(WebSocketMessage)
        /// The client sent more than the session can queue without waiting for replies.
        case tooFarAhead
    }

    /// The bytes read from the client and not yet handled.
    private final class Backlog: Sendable {
        private let bytes = Mutex(0)

        /// Adds `count` (negative once handled) and returns the new total.
        func add(_ count: Int) -> Int {
            bytes.withLock { bytes in
                bytes += count
                return bytes
            }
        }
    }

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        // The frames are read by a task of their own, so the library answers the client's pings
        // while a message waits for the session or the last result is decoded: vosk's client
        // pings every 20 s and closes (1011) when a pong is 20 s late, which a Whisper final on
        // a busy machine can take.
        let (messages, continuation) = AsyncStream.makeStream(of: Inbound.self)
        let backlog = Backlog()
        let backlogLimit = Self.queueSeconds * StreamAudioFormat.sampleRates.upperBound * 2 + limits.webSocketMessageCeiling
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    for try await message in inbound.messages(maxSize: limits.webSocketMessageCeiling) {
                        let over = backlog.add(message.byteCount) > backlogLimit
                        continuation.yield(over ? .tooFarAhead : .message(message))
                        if over { break }
                    }
                } catch {
                    logger.debug("vosk connection ended", metadata: ["error": "\(error)"])
                }
                continuation.finish()
            }
            await serve(messages, backlog: backlog, outbound: outbound)
            group.cancelAll()
        }
    }

    private func serve(_ messages: AsyncStream<Inbound>, backlog: Backlog, outbound: WebSocketOutboundWriter) async {
        var config = Config()
        var running: Running?
        var holdsSlot = false
        defer { if holdsSlot { slots.release() } }
        do {
            for await item in messages {
                guard case .message(let message) = item else {
                    try await outbound.close(.policyViolation, reason: "limitExceeded: audio sent ahead of the replies")
                    break
                }
                defer { _ = backlog.add(-message.byteCount) }
                switch message {
                case .text(let text):
                    if let eof = Self.isEndOfFile(text), eof {
                        if running == nil {
                            guard slots.take() else { return try await refuse(outbound) }
                            holdsSlot = true
                            running = try await start(config)
                        }
                        guard let running else { return }
                        running.source.finish()
                        await running.done.value
                        let finals = running.heard.withLock { $0.finals }
                        try await outbound.write(.text(VoskResult.final(finals, words: config.words)))
                        try await outbound.close(.normalClosure, reason: nil)
                        return
                    }
                    guard running == nil, let parsed = Self.config(from: text, current: config) else {
                        try await outbound.close(.unacceptableData, reason: "not a vosk config or eof message")
                        return
                    }
                    config = parsed
                case .binary(let buffer):
                    guard buffer.readableBytes <= limits.maxMessageBytes else {
                        try await outbound.close(.messageTooLarge, reason: "limitExceeded")
                        return
                    }
                    if running == nil {
                        guard slots.take() else { return try await refuse(outbound) }
                        holdsSlot = true
                        running = try await start(config)
                    }
                    guard let running else { return }
                    try await feed(buffer, to: running.source, capacity: Self.queueSeconds * config.sampleRate)
                    let reply = running.heard.withLock { heard -> String in
                        guard heard.finals.isEmpty else {
                            defer { heard.finals.removeAll() }
                            return VoskResult.final(heard.finals, words: config.words)
                        }
                        return VoskResult.partial(heard.partial)
                    }
                    try await outbound.write(.text(reply))
                }
            }
        } catch {
            logger.debug("vosk connection ended", metadata: ["error": "\(error)"])
        }
        // The client went away before eof: nobody will read the rest.
        if let running { await running.session.cancel() }
    }

    private func refuse(_ outbound: WebSocketOutboundWriter) async throws {
        try await outbound.close(.init(codeNumber: 1013), reason: "limitExceeded: too many sessions")
    }

    private func start(_ config: Config) async throws -> Running {
        let source = PushAudioSource(
            format: AudioFormat(sampleRate: config.sampleRate, channelCount: 1, encoding: .int16),
            capacitySeconds: Double(Self.queueSeconds))
        let request = ServerSessionFactory.Request(
            locale: locale, partials: true, formatting: false, vocabulary: config.vocabulary,
            maxDuration: Double(limits.maxSessionSeconds))
        let (session, options) = factory.makeSession(source: source, request: request)
        let events = try await session.start(options)
        let heard = HeardBox()
        let logger = self.logger
        let done = Task {
            for await event in events {
                switch event {
                case .partial(let transcript): heard.withLock { $0.partial = transcript.text }
                case .final(let transcript):
                    heard.withLock {
                        $0.partial = ""
                        $0.finals.append(transcript)
                    }
                case .error(let error): logger.info("vosk session error", metadata: ["code": "\(error.code)"])
                default: break
                }
            }
        }
        return Running(source: source, session: session, heard: heard, done: done)
    }

    /// Appends 16-bit samples, waiting while the session is behind, then waits (a second at
    /// most) until the session has taken them: vosk-server decodes a message before it replies,
    /// and its clients expect the reply to say what that audio held.
    private func feed(_ buffer: ByteBuffer, to source: PushAudioSource, capacity: Int) async throws {
        let samples = PCMFrame.samples(of: buffer, encoding: .s16le)
        while source.freeFrameCount < samples.count {
            try await Task.sleep(for: .milliseconds(20))
        }
        source.append(samples)
        let deadline = ContinuousClock.now + .seconds(1)
        while source.freeFrameCount < capacity, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// `true` for `{"eof" : 1}`, `nil` for text that is not an eof message.
    private static func isEndOfFile(_ text: String) -> Bool? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            let eof = object["eof"]
        else { return nil }
        return (eof as? Int).map { $0 != 0 } ?? (eof as? Bool) ?? true
    }

    /// The config a `{"config": {...}}` message sets, `nil` for anything else.
    private static func config(from text: String, current: Config) -> Config? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            let fields = object["config"] as? [String: Any]
        else { return nil }
        var config = current
        if let rate = fields["sample_rate"] as? Double {
            // `Int(exactly:)`: a rate of 1e300 must be refused, not trap in the conversion.
            guard let whole = Int(exactly: rate.rounded()), StreamAudioFormat.sampleRates.contains(whole) else { return nil }
            config.sampleRate = whole
        }
        if let words = fields["words"] {
            config.words = (words as? Bool) ?? ((words as? Int).map { $0 != 0 } ?? true)
        }
        if let phrases = fields["phrase_list"] as? [String] {
            config.vocabulary = Vocabulary(phrases.map { Vocabulary.Entry($0) })
        }
        return config
    }
}

extension WebSocketMessage {
    /// The bytes the message carries.
    fileprivate var byteCount: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .binary(let buffer): buffer.readableBytes
        }
    }
}
