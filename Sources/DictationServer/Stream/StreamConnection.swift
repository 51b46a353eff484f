import Dictation
import DictationStreamProtocol
import Foundation
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket

/// One WebSocket connection on `/v1/stream`: reads the client's messages and frames, and writes
/// what the session and the protocol have to say. The session it starts or resumes outlives it.
struct StreamConnection: Sendable {
    let sessions: StreamSessions
    let slots: SessionSlots
    let factory: ServerSessionFactory
    let limits: ServerLimits
    let logger: Logger

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        // A server shutting down gracefully ends the session first (`SessionDrain`): its events
        // and `ended` come, then close 1000. One that is cancelled closes the connection with no
        // `ended`.
        let (outgoing, continuation) = AsyncStream.makeStream(of: StreamOutgoing.self)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await item in outgoing {
                    do {
                        switch item {
                        case .text(let text): try await outbound.write(.text(text))
                        case .close(let code, let reason):
                            try await outbound.close(code, reason: reason)
                            return
                        }
                    } catch {
                        return
                    }
                }
            }
            group.addTask {
                var reader = StreamReader(connection: self, outgoing: continuation)
                do {
                    for try await message in inbound.messages(maxSize: limits.webSocketMessageCeiling) {
                        try await reader.handle(message)
                    }
                } catch let error as DictationError {
                    logger.debug("stream client broke the protocol", metadata: ["code": "\(error.code)"])
                    continuation.yield(.text(StreamServerMessage.failure(error).jsonText))
                    let code: WebSocketErrorCode =
                        switch error.code {
                        case .limitExceeded where reader.lastFailureWasSize: .messageTooLarge
                        case .serverShuttingDown: .goingAway
                        default: .policyViolation
                        }
                    continuation.yield(.close(code, reason: String(error.code.rawValue)))
                } catch {
                    logger.debug("stream connection lost", metadata: ["error": "\(error)"])
                }
                reader.letGo()
                continuation.finish()
            }
        }
    }
}

extension ServerLimits {
    /// The most a WebSocket message may be before the library itself closes the connection
    /// (1009, no text): messages up to it get the coded `limitExceeded` error instead.
    var webSocketMessageCeiling: Int { max(maxMessageBytes * 4, 1 << 20) }
}

/// A connection's side of the protocol: which session it has and the segment it is receiving.
private struct StreamReader {
    private struct PendingSegment {
        var segment: StreamSegment
        var standing: SegmentLedger.Standing
        var receivedFrames = 0
    }

    let connection: StreamConnection
    let outgoing: AsyncStream<StreamOutgoing>.Continuation
    private let id = UUID()
    private var session: StreamSession?
    private var pending: PendingSegment?
    private var audioEnded = false
    /// The session reached its length limit: the client's further audio is dropped while the
    /// session finishes what came before.
    private var refusingAudio = false
    private(set) var lastFailureWasSize = false

    init(connection: StreamConnection, outgoing: AsyncStream<StreamOutgoing>.Continuation) {
        self.connection = connection
        self.outgoing = outgoing
    }

    mutating func handle(_ message: WebSocketMessage) async throws(DictationError) {
        switch message {
        case .text(let text):
            try checkSize(text.utf8.count)
            try await handle(try StreamClientMessage(jsonText: text))
        case .binary(let buffer):
            try checkSize(buffer.readableBytes)
            try await receiveFrame(buffer)
        }
    }

    /// The connection is over: the session, if any, waits for a resume.
    func letGo() {
        guard let session else { return }
        session.detach(connection: id)
        connection.sessions.watch(session)
    }

    private mutating func checkSize(_ bytes: Int) throws(DictationError) {
        guard bytes <= connection.limits.maxMessageBytes else {
            lastFailureWasSize = true
            throw StreamProblem.messageTooLarge(bytes: bytes, limit: connection.limits.maxMessageBytes).error
        }
    }

    private mutating func handle(_ message: StreamClientMessage) async throws(DictationError) {
        switch message {
        case .start(let start):
            guard session == nil else { throw StreamProblem.outOfOrder("A second start or resume").error }
            session = try await open(start)
        case .resume(let token, let lastEventId):
            guard session == nil else { throw StreamProblem.outOfOrder("A second start or resume").error }
            guard let found = connection.sessions.session(for: token) else { throw StreamProblem.sessionNotFound.error }
            session = found
            found.attach(connection: id, lastEventId: lastEventId, outgoing: outgoing, announcing: true)
        case .segment(let segment):
            if refusingAudio { return }
            let session = try current("A segment")
            guard pending == nil else {
                throw StreamProblem.outOfOrder("A segment before the last one's frames were all sent").error
            }
            if let lastEventId = segment.lastEventId { session.acknowledgeEvents(upTo: lastEventId) }
            guard (1...session.format.maxSegmentSamples).contains(segment.sampleCount) else {
                throw StreamProblem.badField(
                    "endSampleIndex",
                    .init(
                        .streamSegmentSizeOutOfRange,
                        ["sampleCount": "\(segment.sampleCount)", "maximum": "\(session.format.maxSegmentSamples)"])
                ).error
            }
            let standing = session.standing(of: segment)
            if case .outOfOrder(let expected) = standing {
                throw StreamProblem.segmentOutOfOrder(expected: expected, got: segment.sequenceId).error
            }
            pending = PendingSegment(segment: segment, standing: standing)
        case .end(let lastSequenceId):
            if refusingAudio { return }
            let session = try current("end")
            guard pending == nil else {
                throw StreamProblem.outOfOrder("end before the last segment's frames were all sent").error
            }
            let expected = session.next.sequenceId - 1
            guard lastSequenceId == expected else {
                throw StreamProblem.badField(
                    "lastSequenceId",
                    .init(.streamLastSequenceMismatch, ["last": "\(lastSequenceId)", "expected": "\(expected)"])
                ).error
            }
            audioEnded = true
            session.endAudio()
        case .cancel:
            let session = try current("cancel")
            audioEnded = true
            await session.cancel()
        }
    }

    private func current(_ what: String) throws(DictationError) -> StreamSession {
        guard let session else { throw StreamProblem.outOfOrder("\(what) before start").error }
        guard !audioEnded else { throw StreamProblem.outOfOrder("\(what) after end").error }
        return session
    }

    private func open(_ start: StreamStart) async throws(DictationError) -> StreamSession {
        try start.format.validate()
        guard (0...10).contains(start.options.alternatives) else {
            throw StreamProblem.badField(
                "options.alternatives",
                .init(.streamAlternativesOutOfRange, ["alternatives": "\(start.options.alternatives)"])
            ).error
        }
        if start.options.preprocessed, start.format.sampleRate != 16_000 || start.format.channelCount != 1 {
            throw StreamProblem.badField(
                "options.preprocessed", .init(.streamPreprocessedNeedsMono)
            ).error
        }
        guard let slot = connection.slots.take() else { throw connection.slots.refusal }
        let source = PushAudioSource(format: start.format.audioFormat, capacitySeconds: 30)
        let request = ServerSessionFactory.Request(
            locale: start.locale, partials: start.options.partials, speechActivity: start.options.speechActivity,
            formatting: start.options.formatting, alternatives: start.options.alternatives,
            vocabulary: start.options.vocabulary, preprocessed: start.options.preprocessed)
        let (dictation, options) = connection.factory.makeSession(source: source, request: request)
        let session = StreamSession(
            token: StreamSessions.makeToken(), format: start.format, session: dictation, source: source)
        let slots = connection.slots
        do {
            try await session.start(options, in: connection.sessions.tasks) { slots.release(slot) }
        } catch {
            slots.release(slot)
            throw DictationError(code: .internal, message: "I could not start the session: \(error)")
        }
        // A shutdown ends the session as the client's `end` would: its events and `ended` follow.
        slots.onShutdown(of: slot) { session.endAudio() }
        connection.sessions.add(session)
        outgoing.yield(
            .text(
                StreamServerMessage.started(
                    StreamStarted(
                        session: session.token, resumeSeconds: Double(connection.limits.resumeSeconds),
                        maxSegmentSamples: start.format.maxSegmentSamples, frameBytes: start.format.frameBytes)
                ).jsonText))
        session.attach(connection: id, lastEventId: -1, outgoing: outgoing, announcing: false)
        return session
    }

    private mutating func receiveFrame(_ buffer: ByteBuffer) async throws(DictationError) {
        if refusingAudio { return }
        guard let session, var segment = pending else {
            throw StreamProblem.outOfOrder("A binary frame with no segment announced").error
        }
        let format = session.format
        let bytes = buffer.readableBytes
        let frames = bytes / format.bytesPerSampleFrame
        let remaining = segment.segment.sampleCount - segment.receivedFrames
        let whole = bytes == format.frameBytes && frames <= remaining
        let last = frames == remaining && bytes < format.frameBytes
        guard bytes % format.bytesPerSampleFrame == 0, frames > 0, whole || last else {
            throw StreamProblem.badFrame(bytes: bytes, expected: format.frameBytes).error
        }
        if segment.standing == .next {
            let limit = connection.limits.maxSessionSeconds * format.sampleRate
            if segment.segment.endSampleIndex > limit {
                // What came before the limit is decoded and its events still come, then `ended`.
                pending = nil
                audioEnded = true
                refusingAudio = true
                session.endAudio()
                let error = StreamProblem.sessionTooLong(seconds: connection.limits.maxSessionSeconds).error
                outgoing.yield(.text(StreamServerMessage.failure(error).jsonText))
                return
            }
            // Taken as it comes, not once the segment is whole: the session hears it up to a
            // segment sooner.
            let samples = PCMFrame.samples(of: buffer, encoding: format.encoding)
            switch await session.accept(frame: samples, at: segment.receivedFrames, of: segment.segment) {
            case .next: break
            case .duplicate: segment.standing = .duplicate
            case .outOfOrder(let expected):
                throw StreamProblem.segmentOutOfOrder(expected: expected, got: segment.segment.sequenceId).error
            case nil:
                throw StreamProblem.outOfOrder("Audio after the session's end").error
            }
        }
        segment.receivedFrames += frames
        guard segment.receivedFrames == segment.segment.sampleCount else {
            pending = segment
            return
        }
        pending = nil
        try complete(segment, in: session)
    }

    private func complete(_ segment: PendingSegment, in session: StreamSession) throws(DictationError) {
        let standing = segment.standing == .next ? session.complete(segment.segment) : .duplicate
        switch standing {
        case .next, .duplicate:
            outgoing.yield(
                .text(
                    StreamServerMessage.ack(
                        sequenceId: segment.segment.sequenceId, endSampleIndex: segment.segment.endSampleIndex
                    ).jsonText))
        case .outOfOrder(let expected):
            throw StreamProblem.segmentOutOfOrder(expected: expected, got: segment.segment.sequenceId).error
        case nil:
            throw StreamProblem.outOfOrder("Audio after the session's end").error
        }
    }
}
