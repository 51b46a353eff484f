import DictationKit
import Foundation
import NIOCore
import NIOPosix

/// Talks to a running dictation over its control socket: what `dictate control` uses.
///
/// ```swift
/// let client = DictationControlClient(path: try DictationControlServer.socketPath(in: DesktopEnvironment()))
/// let status = try await client.send(.toggle)
/// for try await status in client.follow() { print(status.state) }
/// ```
public struct DictationControlClient: Sendable {
    /// The socket it connects to.
    public let path: String

    /// Creates a client of the instance serving a socket. Nothing is connected until a call.
    /// - Parameter path: The socket, usually ``DictationControlServer/socketPath(in:)``.
    public init(path: String) {
        self.path = path
    }

    /// Sends one command and waits for the instance's reply.
    /// - Parameter command: The command; ``DictationControlCommand/status`` only asks.
    /// - Returns: The status after the command.
    /// - Throws: ``DictationKit/DictationError/Code/notRunning`` when no instance answers; the error the instance
    ///   replied with; ``DictationKit/DictationError/Code/controlFailed`` for a reply that is not the protocol.
    public func send(_ command: DictationControlCommand) async throws(DictationError) -> DictationControlStatus {
        let reply: ControlReply = try await exchange(ControlRequest(command: command)) { lines in
            for try await line in lines {
                guard let reply = ControlLines.decode(ControlReply.self, from: line) else {
                    throw ControlLines.unreadableReply(line)
                }
                return reply
            }
            throw DictationError.controlFailed(Self.endedWithoutReply)
        }
        return try reply.result()
    }

    /// The instance's status, then every status it publishes, until it ends.
    ///
    /// The stream finishes when the instance closes its socket (it quit); it throws
    /// ``DictationKit/DictationError/Code/notRunning`` when there is no instance, or the error the instance replied
    /// with (too many followers). A consumer slower than the instance loses older statuses,
    /// never the newest. Ending the iteration closes the connection.
    /// - Returns: The statuses, in the order the instance published them.
    public func follow() -> AsyncThrowingStream<DictationControlStatus, any Error> {
        let (statuses, continuation) = AsyncThrowingStream.makeStream(
            of: DictationControlStatus.self, bufferingPolicy: .bufferingNewest(64))
        let task = Task {
            do throws(DictationError) {
                try await exchange(ControlRequest(command: .status, follow: true)) { lines in
                    for try await line in lines {
                        guard let reply = ControlLines.decode(ControlReply.self, from: line) else {
                            throw ControlLines.unreadableReply(line)
                        }
                        continuation.yield(try reply.result())
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return statuses
    }

    private static let endedWithoutReply = DictationError.Text(.controlEndedWithoutReply)

    /// Connects, sends a request line and hands the reply lines to `body`; the connection
    /// closes when it returns.
    private func exchange<Result: Sendable>(
        _ request: ControlRequest,
        _ body: @Sendable (NIOAsyncChannelInboundStream<ByteBuffer>) async throws -> Result
    ) async throws(DictationError) -> Result {
        let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
        do {
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connect(unixDomainSocketPath: path) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(ControlLineDecoder()))
                        return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw connectionError(error)
        }
        do {
            return try await channel.executeThenClose { inbound, outbound in
                try await outbound.write(ControlLines.encode(request, allocator: channel.channel.allocator))
                return try await body(inbound)
            }
        } catch let error as DictationError {
            throw error
        } catch is CancellationError {
            throw DictationError.controlFailed(Self.endedWithoutReply)
        } catch {
            throw .controlFailed(
                DictationError.Text(.controlConnectionFailed, ["error": "\(error)"]))
        }
    }

    /// What a failed connect means: nobody there (no socket, or a dead instance's), or a socket
    /// this user may not use.
    private func connectionError(_ error: any Error) -> DictationError {
        let number = (error as? IOError)?.errnoCode
        switch number {
        case ENOENT, ECONNREFUSED, ENOTDIR:
            return .notRunning(at: path)
        case .some(let number):
            return .controlFailed(
                DictationError.Text(.controlConnect, ["path": "\(path)"]), errno: number,
                advice: DictationError.Text(.controlSocketOwnershipAdvice))
        case nil:
            return .controlFailed(
                DictationError.Text(.controlConnectFailed, ["path": "\(path)", "error": "\(error)"]))
        }
    }
}
