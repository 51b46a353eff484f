import DictationKit
import Foundation
import Logging
import NIOCore
import NIOPosix

/// The control socket of a running dictation: `dictate control` and hotkeys talk to it.
///
/// It serves a UNIX stream socket, by default `$XDG_RUNTIME_DIR/dictationkit/control.sock`, in a
/// folder only its user may enter (0700; the socket itself is 0600). One instance per user: a
/// `flock()`ed lock file beside the socket (`control.sock.lock`, holding the pid) decides who owns it, so a
/// second instance gets ``DictationKit/DictationError/Code/alreadyRunning`` with the first one's pid, and the socket a
/// crashed instance left behind is replaced.
///
/// The protocol is newline-delimited JSON (docs/desktop.md, "Control protocol"). Commands go to
/// the ``DictationControlHandler`` one at a time, in the order they arrived.
///
/// ```swift
/// let path = try DictationControlServer.socketPath(in: DesktopEnvironment())
/// let server = try await DictationControlServer(path: path, handler: dictation, logger: logger)
/// server.publish(dictation.status)  // on every change, and ~10 times a second with the level
/// await server.close()
/// ```
public final class DictationControlServer: Sendable {
    /// The socket it serves.
    public let path: String
    /// How many clients may follow the status at once.
    public static let followerLimit = 16
    /// How many commands may wait for the handler before more are refused.
    static let queuedCommandLimit = 64

    private let lock: ControlLock
    private let serverChannel: any Channel
    private let connections: ControlConnections
    private let jobs: AsyncStream<ControlJob>.Continuation
    private let logger: Logger

    /// The socket path of the current user: `$XDG_RUNTIME_DIR/dictationkit/control.sock`.
    ///
    /// The runtime folder is the one place meant for a user's sockets: private to them, on a
    /// memory file system, emptied at logout. There is no fallback to `/tmp` and the like, where
    /// another user could take the name first.
    /// - Parameter environment: The desktop, for `XDG_RUNTIME_DIR`.
    /// - Returns: The socket's path (the folder is made when a server starts).
    /// - Throws: ``DictationKit/DictationError/Code/controlFailed`` when `XDG_RUNTIME_DIR` is unset, saying what to do.
    public static func socketPath(in environment: DesktopEnvironment) throws(DictationError) -> String {
        guard let runtime = environment.runtimeDirectory else { throw .noRuntimeDirectory() }
        return (runtime as NSString).appendingPathComponent("dictationkit/control.sock")
    }

    /// Takes the socket for this instance and starts serving it.
    /// - Parameters:
    ///   - path: The socket, usually ``socketPath(in:)``; its folder is made 0700 if needed.
    ///   - handler: What the commands do.
    ///   - logger: Where connections and refused requests are logged (at debug level).
    /// - Throws: ``DictationKit/DictationError/Code/alreadyRunning`` (with the pid) when another instance serves
    ///   the socket; ``DictationKit/DictationError/Code/controlFailed`` when the folder or socket can't be made
    ///   or isn't private.
    public init(path: String, handler: any DictationControlHandler, logger: Logger) async throws(DictationError) {
        try ControlSocketFolder.prepare(for: path)
        let lock = try ControlLock(path: path + ".lock", socketPath: path)
        // Holding the lock, any socket left at the path is a dead instance's; an answering one
        // belongs to a process that doesn't take the lock, and is left alone.
        guard ControlSocketFolder.removeStaleSocket(at: path) else {
            lock.release()
            if ControlSocketFolder.isAnswering(path) { throw .alreadyRunning(pid: nil, at: path) }
            throw .controlFailed(
                DictationError.Text(.controlSocketPathNotSocket, ["path": "\(path)"]))
        }
        let connections = ControlConnections(followerLimit: Self.followerLimit)
        let (jobStream, jobs) = AsyncStream.makeStream(
            of: ControlJob.self, bufferingPolicy: .bufferingOldest(Self.queuedCommandLimit))
        do {
            serverChannel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.backlog, value: 32)
                // A client may close its side after its last request and still read the replies.
                .childChannelOption(.allowRemoteHalfClosure, value: true)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let pipeline = channel.pipeline.syncOperations
                        try pipeline.addHandler(ByteToMessageHandler(ControlLineDecoder()))
                        try pipeline.addHandler(ControlConnectionHandler(connections: connections, jobs: jobs))
                    }
                }
                .bind(unixDomainSocketPath: path, cleanupExistingSocketFile: false).get()
        } catch {
            lock.release()
            jobs.finish()
            throw .controlFailed(
                DictationError.Text(.controlSocketNotBound, ["path": "\(path)", "error": "\(error)"]))
        }
        guard chmod(path, 0o600) == 0 else {
            let number = errno
            try? await serverChannel.close()
            unlink(path)
            lock.release()
            jobs.finish()
            throw .controlFailed(
                DictationError.Text(.controlMakePrivate, ["path": "\(path)"]), errno: number)
        }
        self.path = path
        self.lock = lock
        self.connections = connections
        self.jobs = jobs
        self.logger = logger
        Task.detached {
            await Self.$isAnswering.withValue(true) {
                await Self.answer(jobStream, handler: handler, connections: connections, logger: logger)
            }
        }
        logger.debug("Serving dictation control", metadata: ["path": "\(path)"])
    }

    /// The command task: one request at a time, in arrival order, until the server closes.
    private static func answer(
        _ jobs: AsyncStream<ControlJob>, handler: any DictationControlHandler, connections: ControlConnections,
        logger: Logger
    ) async {
        for await job in jobs {
            if job.request.isFollow {
                let generation = connections.generation
                connections.follow(job.channel, current: handler.status, readAt: generation)
                continue
            }
            let reply: ControlReply
            if job.request.command == .status {
                reply = ControlReply(status: handler.status)
            } else {
                do {
                    reply = ControlReply(status: try await handler.handle(job.request.command))
                } catch {
                    logger.debug(
                        "A control command failed", metadata: ["command": "\(job.request.command)", "error": "\(error.code)"])
                    reply = ControlReply(error: error)
                }
            }
            connections.reply(reply, on: job.channel)
        }
    }

    /// Sends a status to every client following it (`dictate control status --follow`).
    ///
    /// Call it on every change of state and about ten times a second with the level while
    /// listening. It never waits: a follower that stopped reading is disconnected once its
    /// buffer is full, and one that went away is forgotten.
    /// - Parameter status: The status now.
    public func publish(_ status: DictationControlStatus) {
        let stuck = connections.publish(status)
        if stuck > 0 { logger.debug("Closed control followers that stopped reading", metadata: ["count": "\(stuck)"]) }
    }

    /// Whether the current task is the command task: a handler that closes the server (for
    /// `quit`) must not wait for its own reply, which is sent only once it returns.
    @TaskLocal private static var isAnswering = false

    /// How long ``close()`` waits for the replies still owed.
    static let replyWait = Duration.seconds(2)

    /// Stops serving: removes the socket and the lock file, and ends every follower's stream.
    /// A command being handled still gets its reply (so a handler may call this for `quit`):
    /// called from outside a handler, it returns once those replies are written (at most 2 s),
    /// so that a process may exit right after it.
    /// Calling it again does nothing.
    public func close() async {
        guard let owed = connections.closeAll() else { return }
        jobs.finish()
        unlink(path)
        try? await serverChannel.close()
        lock.release()
        logger.debug("Stopped serving dictation control", metadata: ["path": "\(path)"])
        guard !Self.isAnswering else { return }
        // `dictate type` exits as soon as this returns; `dictate control quit` then saw the
        // socket close without its reply. A connection owed a reply closes once it is written.
        // `isActive` is safe from any thread; a wait on `closeFuture` could not be bounded.
        let deadline = ContinuousClock.now + Self.replyWait
        while owed.contains(where: \.isActive), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }
}
