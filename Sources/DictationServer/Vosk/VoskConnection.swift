import Dictation
import DictationStreamProtocol
import Foundation
import HummingbirdWebSocket
import Logging
import NIOCore
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
        /// The session's events are all in.
        var ended = false
    }

    /// A running session, its place among the server's, and what it said (written by the
    /// connection's task that reads the session's events).
    private struct Running {
        var source: PushAudioSource
        var session: DictationSession
        var slot: SessionSlots.Slot
        var heard: WaitableState<Heard>
    }

    /// What the connection's loop handles, in order.
    private enum Inbound: Sendable {
        case message(WebSocketMessage)
        /// The client sent more than the session can queue without waiting for replies.
        case tooFarAhead
        /// The server is shutting down: the session ends as at eof, and the connection closes.
        case serverShuttingDown
    }

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        // The frames are read by a task of their own, so the library answers the client's pings
        // while a message waits for the session or the last result is decoded: vosk's client
        // pings every 20 s and closes (1011) when a pong is 20 s late, which a Whisper final on
        // a busy machine can take.
        let (messages, continuation) = AsyncStream.makeStream(of: Inbound.self)
        let backlog = ByteBacklog()
        let backlogLimit = Self.queueSeconds * StreamAudioFormat.sampleRates.upperBound * 2 + limits.webSocketMessageCeiling
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    try await backlog.read(
                        inbound.messages(maxSize: limits.webSocketMessageCeiling), limit: backlogLimit, size: \.byteCount,
                        handOn: { continuation.yield(.message($0)) }, tooFarAhead: { continuation.yield(.tooFarAhead) })
                } catch {
                    logger.debug("vosk connection ended", metadata: ["error": "\(error)"])
                }
                continuation.finish()
            }
            await serve(messages, inbound: continuation, backlog: backlog, outbound: outbound, tasks: &group)
            group.cancelAll()
        }
    }

    /// Handles the client's messages in order, with the session (once audio comes) and its event
    /// reader as tasks of the connection's group.
    private func serve(
        _ messages: AsyncStream<Inbound>, inbound: AsyncStream<Inbound>.Continuation, backlog: ByteBacklog,
        outbound: WebSocketOutboundWriter, tasks: inout TaskGroup<Void>
    ) async {
        var config = Config()
        var running: Running?
        defer { if let running { slots.release(running.slot) } }
        do {
            for await item in messages {
                let message: WebSocketMessage
                switch item {
                case .message(let received): message = received
                case .tooFarAhead:
                    try await outbound.close(.policyViolation, reason: "limitExceeded: audio sent ahead of the replies")
                    return await cancel(running)
                case .serverShuttingDown:
                    // What the client sent is decoded and its last result sent, as at eof.
                    if let running { try await sendLastResult(of: running, words: config.words, to: outbound) }
                    try await outbound.close(
                        .goingAway, reason: "\(DictationError.Code.serverShuttingDown.rawValue): the server is shutting down")
                    return
                }
                defer { _ = backlog.add(-message.byteCount) }
                switch message {
                case .text(let text):
                    if let eof = Self.isEndOfFile(text), eof {
                        if running == nil {
                            guard let started = try await start(config, inbound: inbound, tasks: &tasks) else {
                                return try await refuse(outbound)
                            }
                            running = started
                        }
                        guard let running else { return }
                        try await sendLastResult(of: running, words: config.words, to: outbound)
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
                        guard let started = try await start(config, inbound: inbound, tasks: &tasks) else {
                            return try await refuse(outbound)
                        }
                        running = started
                    }
                    guard let running else { return }
                    try await feed(buffer, to: running.source)
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
        await cancel(running)
    }

    private func cancel(_ running: Running?) async {
        await running?.session.cancel()
    }

    /// Ends the session's audio, waits for its last events and sends what they held.
    private func sendLastResult(of running: Running, words: Bool, to outbound: WebSocketOutboundWriter) async throws {
        running.source.finish()
        try await running.heard.waiting { $0.ended }
        let finals = running.heard.read { $0.finals }
        try await outbound.write(.text(VoskResult.final(finals, words: words)))
    }

    private func refuse(_ outbound: WebSocketOutboundWriter) async throws {
        if slots.isShuttingDown {
            try await outbound.close(
                .goingAway, reason: "\(DictationError.Code.serverShuttingDown.rawValue): the server is shutting down")
        } else {
            try await outbound.close(.init(codeNumber: 1013), reason: "limitExceeded: too many sessions")
        }
    }

    /// Takes a slot and starts a session, whose events a task of the connection collects.
    /// - Returns: `nil` when the server has no slot for it.
    private func start(
        _ config: Config, inbound: AsyncStream<Inbound>.Continuation, tasks: inout TaskGroup<Void>
    ) async throws -> Running? {
        guard let slot = slots.take() else { return nil }
        let source = PushAudioSource(
            format: AudioFormat(sampleRate: config.sampleRate, channelCount: 1, encoding: .int16),
            capacitySeconds: Double(Self.queueSeconds))
        let request = ServerSessionFactory.Request(
            locale: locale, partials: true, formatting: false, vocabulary: config.vocabulary,
            maxDuration: Double(limits.maxSessionSeconds))
        let (session, options) = factory.makeSession(source: source, request: request)
        let events: AsyncStream<DictationEvent>
        do {
            events = try await session.start(options)
        } catch {
            slots.release(slot)
            throw error
        }
        slots.onShutdown(of: slot) { inbound.yield(.serverShuttingDown) }
        let heard = WaitableState(Heard())
        let logger = self.logger
        tasks.addTask {
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
            heard.withLock { $0.ended = true }
        }
        return Running(source: source, session: session, slot: slot, heard: heard)
    }

    /// Appends 16-bit samples, waiting while the session is behind, then waits (a second at
    /// most) until the session has taken them: vosk-server decodes a message before it replies,
    /// and its clients expect the reply to say what that audio held.
    private func feed(_ buffer: ByteBuffer, to source: PushAudioSource) async throws {
        try await source.appendWhenRoom(PCMFrame.samples(of: buffer, encoding: .s16le))
        try await source.waitUntilTaken(timeout: .seconds(1))
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
