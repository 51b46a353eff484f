import DictationKit
import NIOCore

/// One request the server's command task answers, in the order requests arrived on any connection.
struct ControlJob: Sendable {
    var request: ControlRequest
    var channel: any Channel
}

/// One client connection of a control server: reads its request lines, answers the ones it can
/// on the spot (malformed ones, unknown commands) and queues the rest for the command task.
/// A bad line gets an error reply; the connection and the server go on.
final class ControlConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let connections: ControlConnections
    private let jobs: AsyncStream<ControlJob>.Continuation

    init(connections: ControlConnections, jobs: AsyncStream<ControlJob>.Continuation) {
        self.connections = connections
        self.jobs = jobs
    }

    func channelActive(context: ChannelHandlerContext) {
        if !connections.open(context.channel) { context.close(promise: nil) }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        connections.remove(context.channel)
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed { connections.endInput(context.channel) }
        context.fireUserInboundEventTriggered(event)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let line = unwrapInboundIn(data)
        guard line.readableBytesView.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else {
            return  // an empty line, as `nc` users type: nothing asked
        }
        guard let request = ControlLines.decode(ControlRequest.self, from: line) else {
            let text = String(decoding: line.readableBytesView.prefix(200), as: UTF8.self)
            refuse(
                DictationError.Text(.controlRequestUnreadable, ["text": "\(text)"]),
                context: context)
            return
        }
        guard DictationControlCommand.allKnown.contains(request.command) else {
            let known = DictationControlCommand.allKnown.map(\.rawValue).joined(separator: ", ")
            refuse(
                DictationError.Text(.controlUnknownCommand, ["command": "\(request.command)", "known": "\(known)"]),
                context: context)
            return
        }
        connections.expectReply(on: context.channel)
        switch jobs.yield(ControlJob(request: request, channel: context.channel)) {
        case .enqueued:
            break
        case .dropped:
            connections.reply(
                ControlReply(
                    error: .controlFailed(
                        DictationError.Text(.controlTooManyCommands))),
                on: context.channel)
        case .terminated:
            context.close(promise: nil)
        @unknown default:
            context.close(promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // What the line decoder throws: a line longer than the protocol allows. Say so, and end
        // this connection only (the rest of its input can't be split into requests any more).
        refuse(
            DictationError.Text(.controlRequestTooLong, ["limit": "\(ControlLines.maximumLength)"]),
            context: context, closing: true)
    }

    private func refuse(
        _ detail: DictationError.Text, context: ChannelHandlerContext, closing: Bool = false
    ) {
        let reply = ControlLines.encode(ControlReply(error: .controlFailed(detail)), allocator: context.channel.allocator)
        context.writeAndFlush(wrapOutboundOut(reply), promise: nil)
        if closing { context.close(promise: nil) }
    }
}
