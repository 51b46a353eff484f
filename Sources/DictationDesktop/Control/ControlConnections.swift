import DictationKit
import NIOCore
import Synchronization

/// The open connections of a control server, which of them follow the status, and the last
/// status published: everything ``DictationControlServer/publish(_:)`` and the command task
/// share, behind one lock.
///
/// The handler's own `status` is never read under this lock: the handler may hold its own lock
/// while it publishes, and taking the two in both orders would deadlock.
final class ControlConnections: Sendable {
    /// How many clients may follow the status at once; the next gets a
    /// ``DictationKit/DictationError/Code/controlFailed`` error. Bars and applets need a few.
    let followerLimit: Int

    private struct Connection {
        var channel: any Channel
        var isFollowing = false
        var pendingReplies = 0
        /// The client closed its side (`printf ... | nc -U -N`): close ours after the last reply.
        var inputEnded = false

        var isDone: Bool { inputEnded && pendingReplies <= 0 && !isFollowing }
    }

    private struct State {
        var connections: [ObjectIdentifier: Connection] = [:]
        var published: DictationControlStatus?
        var generation = 0
        var isClosed = false
    }

    private let state = Mutex(State())

    init(followerLimit: Int) {
        self.followerLimit = followerLimit
    }

    /// Whether the server is closing: new requests are refused, replies close their connection.
    var isClosed: Bool { state.withLock { $0.isClosed } }

    /// Notes a new connection; `false` when the server is closing.
    func open(_ channel: any Channel) -> Bool {
        state.withLock { state in
            guard !state.isClosed else { return false }
            state.connections[ObjectIdentifier(channel)] = Connection(channel: channel)
            return true
        }
    }

    /// Forgets a connection the client closed, following or not: the others carry on.
    func remove(_ channel: any Channel) {
        _ = state.withLock { $0.connections.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Notes that the client sent all it will send: the connection closes once it has its
    /// replies, or at once if it has them; a follower keeps following.
    func endInput(_ channel: any Channel) {
        state.withLock { state in
            state.connections[ObjectIdentifier(channel)]?.inputEnded = true
            guard state.connections[ObjectIdentifier(channel)]?.isDone == true else { return }
            // Runs after a reply already queued for the connection, never before it.
            channel.eventLoop.execute { channel.close(promise: nil) }
        }
    }

    /// Notes a request queued on a connection, so that closing waits for its reply.
    func expectReply(on channel: any Channel) {
        state.withLock { $0.connections[ObjectIdentifier(channel)]?.pendingReplies += 1 }
    }

    /// Sends a reply to a queued request; once the server is closing, or the client has sent its
    /// last request, the connection closes after it.
    func reply(_ reply: ControlReply, on channel: any Channel) {
        let line = ControlLines.encode(reply, allocator: channel.allocator)
        state.withLock { state in
            let key = ObjectIdentifier(channel)
            state.connections[key]?.pendingReplies -= 1
            // Queued under the lock, so that a close ``endInput(_:)`` queues comes after it.
            let written = channel.writeAndFlush(line)
            if state.isClosed || state.connections[key]?.isDone == true {
                written.whenComplete { _ in channel.close(promise: nil) }
            }
        }
    }

    /// The generation of the last published status: read before the handler's own status, so
    /// that ``follow(_:current:readAt:)`` can tell whether a publish came in between.
    var generation: Int { state.withLock { $0.generation } }

    /// Makes a connection a follower and sends it the current status, or an error beyond the limit.
    /// - Parameters:
    ///   - channel: The connection.
    ///   - current: The handler's status, read after `generation`.
    ///   - generation: ``generation`` as it was before `current` was read; a status published
    ///     since is newer than `current` and is sent instead.
    func follow(_ channel: any Channel, current: DictationControlStatus, readAt generation: Int) {
        enum Outcome {
            case following
            case refused(DictationError)
            case closing
        }
        let outcome: Outcome = state.withLock { state in
            let key = ObjectIdentifier(channel)
            state.connections[key]?.pendingReplies -= 1
            guard state.connections[key] != nil else { return .following }  // the client left already
            guard !state.isClosed else { return .closing }
            guard state.connections.values.count(where: \.isFollowing) < followerLimit else {
                return .refused(
                    .controlFailed(
                        DictationError.Text(.controlTooManyFollowers, ["limit": "\(followerLimit)"])))
            }
            state.connections[key]?.isFollowing = true
            let first = state.generation != generation ? state.published ?? current : current
            // Written under the lock, so that no publish can overtake it.
            channel.writeAndFlush(ControlLines.encode(ControlReply(status: first), allocator: channel.allocator), promise: nil)
            return .following
        }
        switch outcome {
        case .following: break
        case .closing: channel.close(promise: nil)
        case .refused(let error):
            channel.writeAndFlush(ControlLines.encode(ControlReply(error: error), allocator: channel.allocator))
                .whenComplete { _ in channel.close(promise: nil) }
        }
    }

    /// Sends a status to every follower. A follower that stopped reading, whose unsent lines have
    /// filled its buffer, is closed rather than held in memory without bound.
    /// - Returns: The followers closed for not reading.
    @discardableResult
    func publish(_ status: DictationControlStatus) -> Int {
        state.withLock { state in
            state.published = status
            state.generation &+= 1
            guard !state.isClosed else { return 0 }
            var stuck = 0
            var line: ByteBuffer?
            for (key, connection) in state.connections where connection.isFollowing {
                let channel = connection.channel
                guard channel.isWritable else {
                    stuck += 1
                    state.connections.removeValue(forKey: key)
                    channel.close(promise: nil)
                    continue
                }
                if line == nil { line = ControlLines.encode(ControlReply(status: status), allocator: channel.allocator) }
                if let line { channel.writeAndFlush(line, promise: nil) }
            }
            return stuck
        }
    }

    /// Marks the server closing and closes every connection not waiting for a reply; those
    /// waiting close after it. Followers see the end of their stream.
    /// - Returns: The connections still owed a reply, or `nil` when it was closed already.
    func closeAll() -> [any Channel]? {
        let channels: (idle: [any Channel], owed: [any Channel])? = state.withLock { state in
            guard !state.isClosed else { return nil }
            state.isClosed = true
            var channels: (idle: [any Channel], owed: [any Channel]) = ([], [])
            for connection in state.connections.values {
                if connection.pendingReplies > 0 {
                    channels.owed.append(connection.channel)
                } else {
                    channels.idle.append(connection.channel)
                }
            }
            return channels
        }
        guard let channels else { return nil }
        for channel in channels.idle { channel.eventLoop.execute { channel.close(promise: nil) } }
        return channels.owed
    }
}
