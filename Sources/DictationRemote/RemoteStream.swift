import DictationKit
import DictationStreamProtocol
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOSSL
import NIOWebSocket
import Synchronization

/// One stream of a session's audio to a DictationKit server, across as many connections as it
/// takes (docs/server-protocol.md).
///
/// The session's audio thread appends audio and takes what the server said; a task of the
/// stream's own connects, sends the audio in segments of half a second, reads the server's
/// messages and, when a connection breaks, connects again and resumes. Audio stays here until a
/// final covers it: if the server lost the session (it restarted, or the client was away longer
/// than the server waits), a new server session decodes again what no final covered yet, and the
/// times it reports are moved back to this stream's.
final class RemoteStream: Sendable {
    /// Samples per segment: half a second, the shortest the protocol asks for, so the server
    /// hears speech at most that late.
    static let segmentSamples = 8_000
    /// Samples per binary frame: 20 ms.
    static let frameSamples = 320

    private struct State {
        /// The audio no final covers yet: `retained[0]` is sample `retainedStart` of the stream.
        var retained: [Float] = []
        var retainedStart = 0
        var total = 0
        /// The stream sample the server session's sample 0 is.
        var offset = 0
        /// The audio sent on this connection, or that the server has, up to this sample.
        var sentUpTo = 0
        var nextSequenceId = 0
        var token: String?
        var lastEventId = -1
        var updates: [RecognitionUpdate] = []
        var notices: [DictationError] = []
        var offline = false
        var finishing = false
        var endSent = false
        var ended = false
        var failure: DictationError?
        var closed = false
        /// Connections that got as far as the server's first reply.
        var connections = 0
        /// What each address did on the last try that found none answering.
        var lastAttempts: [String]?
    }

    private let url: String
    private let token: String?
    private let tlsConfiguration: TLSConfiguration?
    private let connectTimeout: Duration
    private let handshakeTimeout: Duration
    private let keepAlive: RemoteKeepAlive
    private let start: StreamStart
    private let maxOfflineSamples: Int
    private let logger: Logger
    private let state = WaitableState(State())
    /// A random key for this stream's connections, not a secret (see ``connectUntilDone()``).
    private let affinity = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    private let connection = Mutex<Task<Void, Never>?>(nil)

    init(
        url: String, token: String?, tlsConfiguration: TLSConfiguration?, connectTimeout: Duration,
        handshakeTimeout: Duration, keepAlive: RemoteKeepAlive, start: StreamStart, maxOfflineSeconds: Int,
        logger: Logger
    ) {
        self.url = url
        self.token = token
        self.tlsConfiguration = tlsConfiguration
        self.connectTimeout = connectTimeout
        self.handshakeTimeout = handshakeTimeout
        self.keepAlive = keepAlive
        self.start = start
        self.maxOfflineSamples = max(maxOfflineSeconds, 1) * 16_000
        self.logger = logger
        let task = Task { [weak self] in
            guard let self else { return }
            await self.connectUntilDone()
        }
        connection.withLock { $0 = task }
    }

    // MARK: - The audio thread's side

    func append(_ samples: [Float]) {
        state.withLock { state in
            state.retained += samples
            state.total += samples.count
            if state.offline, state.total - state.retainedStart > maxOfflineSamples, state.failure == nil {
                state.failure = gone(state)
            }
        }
    }

    /// What the server said since the last call.
    /// - Throws: The failure that ends the stream, once there is one.
    func takeUpdates() throws(DictationError) -> [RecognitionUpdate] {
        try state.withLock { (state) throws(DictationError) -> [RecognitionUpdate] in
            if let failure = state.failure { throw failure }
            defer { state.updates.removeAll() }
            return state.updates
        }
    }

    func takeNotices() -> [DictationError] {
        state.withLock { state in
            defer { state.notices.removeAll() }
            return state.notices
        }
    }

    /// Sends the rest and `end`, and waits until the server's session has ended, for at most as
    /// long as audio is kept for a server out of reach.
    /// - Returns: The rest of what the server said.
    /// - Throws: The failure that ended the stream, or `DictationError/Code/networkUnavailable`
    ///   when the server did not come back in time.
    func finish() throws(DictationError) -> [RecognitionUpdate] {
        state.withLock { $0.finishing = true }
        let done = state.wait(
            until: { $0.ended || $0.failure != nil || $0.closed }, timeout: .seconds(maxOfflineSamples / 16_000))
        return try state.withLock { (state) throws(DictationError) -> [RecognitionUpdate] in
            if let failure = state.failure { throw failure }
            guard done, state.ended else { throw gone(state) }
            defer { state.updates.removeAll() }
            return state.updates
        }
    }

    /// The failure of a server out of reach for longer than the audio kept; one never reached
    /// is told with what each of its addresses did.
    private func gone(_ state: State) -> DictationError {
        .serverGone(url, keptSeconds: maxOfflineSamples / 16_000, attempts: state.connections == 0 ? state.lastAttempts : nil)
    }

    /// Stops connecting; a server session still going is left to expire.
    func close() {
        state.withLock { $0.closed = true }
        connection.withLock { $0?.cancel() }
    }

    // MARK: - Connections

    private var isDone: Bool { state.read { $0.ended || $0.closed || $0.failure != nil } }

    private func connectUntilDone() async {
        let connector: RemoteConnector
        do {
            var headers = HTTPHeaders()
            if let token { headers.add(name: "Authorization", value: "Bearer \(token)") }
            // The same key on every connection of the stream lets a load balancer that hashes it
            // send a resume to the server that has the session (docs/deployment.md); the session
            // token itself stays out of URLs and their logs.
            connector = try RemoteConnector(
                url: url, query: "affinity=\(affinity)", headers: headers, tlsConfiguration: tlsConfiguration,
                connectTimeout: connectTimeout, handshakeTimeout: handshakeTimeout)
        } catch {
            state.withLock { $0.failure = error }
            return
        }
        var backoff = Duration.milliseconds(200)
        while !isDone, !Task.isCancelled {
            let before = state.read { $0.connections }
            var attempts: [String]?
            do {
                try await converse(try await connector.connect())
            } catch .misconfigured(let error) as RemoteConnector.Failure {
                state.withLock { if $0.failure == nil { $0.failure = error } }
                return
            } catch .unreachable(let reasons) as RemoteConnector.Failure {
                attempts = reasons
            } catch {
                logger.debug("the connection to the dictation server broke", metadata: ["error": "\(error)"])
            }
            if isDone || Task.isCancelled { return }
            let connected = state.read { $0.connections } > before
            state.withLock { state in
                if let attempts { state.lastAttempts = attempts }
                if !state.offline {
                    state.offline = true
                    // A server never reached is told with what each of its addresses did; one
                    // that was reached and lost, as lost.
                    if let attempts, state.connections == 0 {
                        state.notices.append(.serverNotAnswering(url, attempts: attempts))
                    } else {
                        state.notices.append(.serverUnreachable(url))
                    }
                }
            }
            if let attempts { logger.debug("no address of the dictation server answered", metadata: ["attempts": "\(attempts)"]) }
            backoff = connected ? .milliseconds(200) : min(backoff * 2, .seconds(5))
            try? await Task.sleep(for: backoff)
        }
    }

    /// One connection: start or resume, then send and receive until it ends. A keep-alive
    /// pings the server and closes the connection when the server has gone silent.
    private func converse(_ webSocket: NIOAsyncChannel<WebSocketFrame, WebSocketFrame>) async throws {
        try await webSocket.executeThenClose { inbound, outbound in
            let writer = RemoteWebSocketWriter(outbound: outbound)
            var reader = RemoteWebSocketReader(inbound, writer: writer)
            let lastHeard = reader.lastHeard
            let keepAlive = keepAlive
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await Self.keep(webSocket.channel, alive: keepAlive, writer: writer, lastHeard: lastHeard) }
                defer { group.cancelAll() }
                let opening = state.withLock { state -> StreamClientMessage in
                    state.endSent = false
                    if let token = state.token { return .resume(session: token, lastEventId: state.lastEventId) }
                    state.offset = state.retainedStart
                    state.sentUpTo = state.retainedStart
                    state.nextSequenceId = 0
                    state.lastEventId = -1
                    return .start(start)
                }
                try await writer.send(text: opening.jsonText)
                guard case .text(let reply)? = try await reader.next(), try receive(reply) else { return }
                state.withLock { state in
                    state.offline = false
                    state.connections += 1
                }
                group.addTask { try await self.sendAudio(writer) }
                while let message = try await reader.next() {
                    guard case .text(let text) = message, try receive(text) else { break }
                }
            }
            try? await writer.close()
        }
    }

    /// Pings the server, and closes the connection once the server has been silent too long.
    private static func keep(
        _ channel: any Channel, alive keepAlive: RemoteKeepAlive, writer: RemoteWebSocketWriter, lastHeard: LastHeard
    ) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: keepAlive.pingInterval)
            if Task.isCancelled { return }
            if lastHeard.silence > keepAlive.silenceLimit {
                channel.close(promise: nil)
                return
            }
            try? await writer.send(.ping, ByteBuffer())
        }
    }

    /// Handles a server message.
    /// - Returns: Whether the connection goes on.
    private func receive(_ text: String) throws -> Bool {
        let message: StreamServerMessage
        do {
            message = try StreamServerMessage(jsonText: text)
        } catch {
            logger.debug(
                "the dictation server sent something that is not the protocol", metadata: ["text": "\(text.prefix(200))"])
            return false
        }
        return state.withLock { state in
            switch message {
            case .started(let started):
                state.token = started.session
            case .resumed(_, let nextSequenceId, let nextSampleIndex):
                state.nextSequenceId = nextSequenceId
                state.sentUpTo = state.offset + nextSampleIndex
            case .ack:
                break
            case .event(let event, let eventId):
                guard eventId > state.lastEventId else { return true }
                state.lastEventId = eventId
                receive(event, into: &state)
            case .ended:
                state.ended = true
                return false
            case .failure(let error):
                if error.code == .sessionNotFound {
                    // The server lost the session: a new one decodes again what no final covered.
                    state.token = nil
                } else {
                    state.failure = error
                }
                return false
            }
            return true
        }
    }

    private func receive(_ event: DictationEvent, into state: inout State) {
        let shift = Double(state.offset) / 16_000
        switch event {
        case .partial(let transcript): state.updates.append(.partial(transcript.shifted(by: shift)))
        case .final(let transcript):
            let final = transcript.shifted(by: shift)
            state.updates.append(.final(final))
            // Audio up to the end of a final is decoded for good: no new session needs it.
            // The time comes from the server: clamped before it becomes a sample index.
            let endSample = final.endTime.isFinite ? Int(min(max(final.endTime, 0), 1e9) * 16_000) : 0
            let covered = min(max(endSample - state.retainedStart, 0), state.retained.count)
            let sent = max(state.sentUpTo - state.retainedStart, 0)
            let dropped = min(covered, sent)
            state.retained.removeFirst(dropped)
            state.retainedStart += dropped
        case .speechStarted(let time): state.updates.append(.speechStarted(at: time + shift))
        case .speechEnded(let time): state.updates.append(.speechEnded(at: time + shift))
        case .error(let error):
            if error.isFatal { state.failure = error } else { state.notices.append(error) }
        default: break
        }
    }

    /// Sends segments as the audio comes, and `end` once the stream finishes.
    private func sendAudio(_ writer: RemoteWebSocketWriter) async throws {
        while !Task.isCancelled {
            let next = state.withLock { state -> (StreamSegment, [Float])?? in
                let available = state.total - state.sentUpTo
                if available >= Self.segmentSamples || (state.finishing && available > 0) {
                    let count = min(available, Self.segmentSamples)
                    let from = state.sentUpTo - state.retainedStart
                    let samples = Array(state.retained[from..<(from + count)])
                    let segment = StreamSegment(
                        sequenceId: state.nextSequenceId, startSampleIndex: state.sentUpTo - state.offset,
                        endSampleIndex: state.sentUpTo - state.offset + count, lastEventId: state.lastEventId)
                    state.sentUpTo += count
                    state.nextSequenceId += 1
                    return .some((segment, samples))
                }
                if state.finishing, !state.endSent {
                    state.endSent = true
                    return .some(nil)
                }
                return .none
            }
            switch next {
            case .some(.some(let (segment, samples))):
                try await writer.send(text: StreamClientMessage.segment(segment).jsonText)
                for frameStart in stride(from: 0, to: samples.count, by: Self.frameSamples) {
                    let frame = samples[frameStart..<min(frameStart + Self.frameSamples, samples.count)]
                    try await writer.send(binary: Self.bytes(of: frame))
                }
            case .some(.none):
                let last = state.read { $0.nextSequenceId - 1 }
                try await writer.send(text: StreamClientMessage.end(lastSequenceId: last).jsonText)
            case .none:
                // Nothing to send yet: wait for the audio thread's next append, or the finish.
                let segment = Self.segmentSamples
                try await state.waiting {
                    let available = $0.total - $0.sentUpTo
                    return available >= segment || ($0.finishing && (available > 0 || !$0.endSent))
                }
            }
        }
    }

    private static func bytes(of samples: ArraySlice<Float>) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(samples.count * 4)
        for sample in samples { buffer.writeInteger(sample.bitPattern, endianness: .little) }
        return buffer
    }
}

extension Transcript {
    /// The transcript with its times moved by `seconds`.
    fileprivate func shifted(by seconds: Double) -> Transcript {
        guard seconds != 0 else { return self }
        var moved = self
        moved.startTime += seconds
        moved.endTime += seconds
        moved.words = words.map {
            Word(text: $0.text, start: $0.start + seconds, end: $0.end + seconds, confidence: $0.confidence)
        }
        return moved
    }
}
