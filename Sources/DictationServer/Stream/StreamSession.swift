import Dictation
import DictationStreamProtocol
import Foundation
import HummingbirdWebSocket
import NIOWebSocket
import Synchronization

/// One session of the streaming protocol. It outlives its connections: a client that loses its
/// connection resumes it on a new one, and meanwhile the session decodes what it was given and
/// keeps its events for the client.
///
/// The session's events are numbered and kept until the client says it has them
/// (`lastEventId`), so that a resume replays exactly those it missed. Audio goes in whole segments,
/// in order, and a segment is acknowledged only once it is in the session's source.
final class StreamSession: Sendable {
    /// A connection that has the session: its id and where its messages go.
    private struct Attachment {
        var connection: UUID
        var outgoing: AsyncStream<StreamOutgoing>.Continuation
    }

    private struct State {
        var ledger = SegmentLedger()
        /// Events the client may not have yet, oldest first.
        var outbox: [(id: Int, text: String)] = []
        var nextEventId = 0
        var attachment: Attachment?
        /// When the last connection let go (`nil` while one has the session).
        var detachedAt: ContinuousClock.Instant? = .now
        /// No more audio comes: the client ended it, cancelled, or reached the length limit.
        var audioEnded = false
        /// The session's events are all out.
        var finished = false
    }

    let token: String
    let format: StreamAudioFormat
    private let source: PushAudioSource
    private let session: DictationSession
    private let state = Mutex(State())

    /// - Parameters:
    ///   - token: The session's token.
    ///   - format: The stream's audio.
    ///   - session: A session reading `source`, not started.
    ///   - source: Where the segments go.
    init(token: String, format: StreamAudioFormat, session: DictationSession, source: PushAudioSource) {
        self.token = token
        self.format = format
        self.session = session
        self.source = source
    }

    /// Starts decoding, and numbers and forwards the session's events until it ends, in a task of
    /// the server's (the session outlives its connections).
    /// - Parameters:
    ///   - tasks: Where the forwarding runs; cancelled there, the session is cancelled.
    ///   - onFinish: Called once the last event is out.
    func start(_ options: DictationOptions, in tasks: ServerTasks, onFinish: @escaping @Sendable () -> Void) async throws {
        let events = try await session.start(options)
        tasks.add { [self] in
            for await event in events { publish(event) }
            if Task.isCancelled {
                // The server ended before the session did: its client must not take this for
                // the end of its audio.
                await cancel()
                abandon()
            } else {
                finish()
            }
            onFinish()
        }
    }

    // MARK: - Connections

    /// Gives the session to a connection: it gets every event after `lastEventId`, then the new
    /// ones. A connection that had it is closed.
    /// - Parameters:
    ///   - connection: The connection's id.
    ///   - lastEventId: The last event the client has (-1: none).
    ///   - outgoing: Where the connection's messages go.
    ///   - announcing: Whether to send `resumed` first.
    func attach(
        connection: UUID, lastEventId: Int, outgoing: AsyncStream<StreamOutgoing>.Continuation, announcing: Bool
    ) {
        state.withLock { state in
            if let previous = state.attachment {
                previous.outgoing.yield(.close(.policyViolation, reason: "the session was resumed on another connection"))
                previous.outgoing.finish()
            }
            state.outbox.removeAll { $0.id <= lastEventId }
            if announcing {
                outgoing.yield(
                    .text(
                        StreamServerMessage.resumed(
                            session: token, nextSequenceId: state.ledger.nextSequenceId,
                            nextSampleIndex: state.ledger.nextSampleIndex
                        ).jsonText))
            }
            for event in state.outbox { outgoing.yield(.text(event.text)) }
            if state.finished {
                sendEnd(to: outgoing, lastEventId: state.nextEventId - 1)
                state.attachment = nil
                return
            }
            state.attachment = Attachment(connection: connection, outgoing: outgoing)
            state.detachedAt = nil
        }
    }

    /// The connection let go of the session (closed, lost, or broke the protocol).
    func detach(connection: UUID) {
        state.withLock { state in
            guard state.attachment?.connection == connection else { return }
            state.attachment = nil
            state.detachedAt = .now
        }
    }

    /// Forgets the events the client has.
    func acknowledgeEvents(upTo lastEventId: Int) {
        state.withLock { state in state.outbox.removeAll { $0.id <= lastEventId } }
    }

    // MARK: - Audio

    /// What a segment is to the session.
    func standing(of segment: StreamSegment) -> SegmentLedger.Standing {
        state.withLock { $0.ledger.standing(of: segment) }
    }

    /// The next segment the session expects, and where its audio starts.
    var next: (sequenceId: Int, sampleIndex: Int) {
        state.withLock { ($0.ledger.nextSequenceId, $0.ledger.nextSampleIndex) }
    }

    /// What taking a frame came to, under the session's lock.
    private enum FrameOutcome {
        case done(SegmentLedger.Standing?)
        /// The source has no room for these frames yet.
        case wait(frames: Int)
    }

    /// Puts a frame of the next segment into the session as it comes, waiting while the source
    /// is full: the part the session doesn't have yet (a segment sent again after a resume
    /// repeats the frames taken before the connection was lost).
    /// - Parameters:
    ///   - samples: The frame's samples.
    ///   - offset: Where the frame starts in its segment, in sample frames.
    ///   - segment: The segment.
    /// - Returns: `.next` once it is in, `.duplicate` when the session already has the segment
    ///   (another connection got there first), `.outOfOrder` when it doesn't follow on, or `nil`
    ///   when the audio ended meanwhile (or the connection's task was cancelled) and it was not taken.
    func accept(frame samples: [Float], at offset: Int, of segment: StreamSegment) async -> SegmentLedger.Standing? {
        let channels = max(format.channelCount, 1)
        let frames = samples.count / channels
        let start = segment.startSampleIndex + offset
        while true {
            let outcome = state.withLock { state -> FrameOutcome in
                guard !state.audioEnded else { return .done(nil) }
                let standing = state.ledger.standing(of: segment)
                guard standing == .next else { return .done(standing) }
                let skip = state.ledger.framesToSkip(start: start, frames: frames)
                guard skip < frames else { return .done(.next) }
                guard source.freeFrameCount >= frames - skip else { return .wait(frames: frames - skip) }
                guard source.append(skip == 0 ? samples : Array(samples[(skip * channels)...])) else { return .done(nil) }
                state.ledger.took(upTo: start + frames)
                return .done(.next)
            }
            switch outcome {
            case .done(let standing): return standing
            case .wait(let needed):
                // The session is behind: hold the frame (and the connection with it) until it has
                // room, then check again under the lock (another connection may have resumed it).
                do {
                    try await source.waitForRoom(frames: needed)
                } catch {
                    return nil
                }
            }
        }
    }

    /// Records a segment whose frames are all in, so that it is acknowledged.
    /// - Returns: `.next` once recorded, `.duplicate` or `.outOfOrder` as for a frame, or `nil`
    ///   when the audio ended meanwhile.
    func complete(_ segment: StreamSegment) -> SegmentLedger.Standing? {
        state.withLock { state in
            guard !state.audioEnded else { return nil }
            let standing = state.ledger.standing(of: segment)
            guard standing == .next else { return standing }
            state.ledger.record(segment)
            return .next
        }
    }

    /// No more audio comes: the session decodes what it has, sends the rest and ends.
    func endAudio() {
        state.withLock { $0.audioEnded = true }
        source.finish()
    }

    /// Drops the session: what was not decoded is not decoded.
    func cancel() async {
        state.withLock { $0.audioEnded = true }
        await session.cancel()
    }

    /// Whether no connection has had the session for `grace` or more.
    func isAbandoned(for grace: Duration) -> Bool {
        state.withLock { state in
            guard let since = state.detachedAt else { return false }
            return ContinuousClock.now - since >= grace
        }
    }

    /// Whether all the session's events are out.
    var isFinished: Bool { state.withLock { $0.finished } }

    // MARK: - Events

    private func publish(_ event: DictationEvent) {
        // A recording's path is the server's business, not the client's.
        if case .recordingStarted = event { return }
        state.withLock { state in
            let id = state.nextEventId
            state.nextEventId += 1
            let text = StreamServerMessage.event(event, eventId: id).jsonText
            state.outbox.append((id, text))
            state.attachment?.outgoing.yield(.text(text))
        }
    }

    private func finish() {
        state.withLock { state in
            state.finished = true
            state.audioEnded = true
            if let attachment = state.attachment {
                sendEnd(to: attachment.outgoing, lastEventId: state.nextEventId - 1)
            }
        }
    }

    /// Ends the session without `ended`: its client is told the server is going away.
    private func abandon() {
        state.withLock { state in
            state.finished = true
            state.audioEnded = true
            if let attachment = state.attachment {
                attachment.outgoing.yield(.text(StreamServerMessage.failure(StreamProblem.shuttingDown.error).jsonText))
                attachment.outgoing.yield(.close(.goingAway, reason: DictationError.Code.serverShuttingDown.rawValue))
            }
        }
    }

    private func sendEnd(to outgoing: AsyncStream<StreamOutgoing>.Continuation, lastEventId: Int) {
        outgoing.yield(.text(StreamServerMessage.ended(session: token, lastEventId: lastEventId).jsonText))
        outgoing.yield(.close(.normalClosure, reason: nil))
    }
}
