import DictationDesktop
import DictationKit
import DictationTestSupport
import DictationTesting
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `status --follow`: the status, every change in order, the end when the instance closes.
@Suite(.timeLimit(.minutes(25))) struct ControlFollowTests {
    @Test func aFollowerGetsTheStatusThenEveryChangeInOrderAndTheEndWhenTheServerCloses() async throws {
        let runtime = TemporaryRuntime()
        let path = try runtime.socketPath
        let server = try await runtime.serve()
        var statuses = DictationControlClient(path: path).follow().makeAsyncIterator()
        #expect(try await statuses.next()?.state == .idle, "the current status comes first")

        let published = [
            DictationControlStatus(state: .listening, level: -50, pid: 7),
            DictationControlStatus(state: .listening, level: -31.5, pid: 7),
            DictationControlStatus(state: .listening, level: -12, pid: 7),
            DictationControlStatus(state: .paused, pid: 7),
            DictationControlStatus(state: .idle, pid: 7, output: "wtype"),
        ]
        for status in published { server.publish(status) }
        var received: [DictationControlStatus] = []
        for _ in published { received.append(try #require(try await statuses.next())) }
        #expect(received == published)

        await server.close()
        #expect(try await statuses.next() == nil, "the stream ends with the instance")
    }

    @Test func commandsAndFollowersShareOneServer() async throws {
        let runtime = TemporaryRuntime()
        let path = try runtime.socketPath
        let server = try await runtime.serve()
        var first = DictationControlClient(path: path).follow().makeAsyncIterator()
        var second = DictationControlClient(path: path).follow().makeAsyncIterator()
        _ = try await first.next()
        _ = try await second.next()

        let reply = try await DictationControlClient(path: path).send(.start)
        server.publish(reply)  // as the instance does on a change
        #expect(try await first.next() == reply)
        #expect(try await second.next() == reply)
        await server.close()
        #expect(try await first.next() == nil)
        #expect(try await second.next() == nil)
    }

    @Test func aFollowerThatDisconnectsLeavesTheServerAndTheOthersServed() async throws {
        let runtime = TemporaryRuntime()
        let path = try runtime.socketPath
        let server = try await runtime.serve()
        var staying = DictationControlClient(path: path).follow().makeAsyncIterator()
        _ = try await staying.next()

        do {
            let leaving = try #require(RawControlConnection(path: path))
            leaving.send(#"{"command":"status","follow":true}"# + "\n")
            #expect(try await leaving.object()["status"] != nil)
            // Gone without a word, while statuses are on their way to it.
            server.publish(DictationControlStatus(state: .listening, level: -20, pid: 1))
            var linger = linger(l_onoff: 1, l_linger: 0)  // a reset, not a polite close
            setsockopt(leaving.descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
        }
        for level in stride(from: -19, through: -10, by: 1) {
            server.publish(DictationControlStatus(state: .listening, level: Float(level), pid: 1))
        }
        var levels: [Float?] = []
        for _ in 0..<11 { levels.append(try #require(try await staying.next()).level) }
        #expect(levels == (-20...(-10)).map { Float($0) })
        #expect(try await DictationControlClient(path: path).send(.status).state == .idle)
        await server.close()
    }

    @Test func followersAreBoundedWithACodedErrorBeyond() async throws {
        let runtime = TemporaryRuntime()
        let path = try runtime.socketPath
        let server = try await runtime.serve()
        var followers: [AsyncThrowingStream<DictationControlStatus, any Error>.AsyncIterator] = []
        for _ in 0..<DictationControlServer.followerLimit {
            var follower = DictationControlClient(path: path).follow().makeAsyncIterator()
            #expect(try await follower.next()?.state == .idle)
            followers.append(follower)
        }
        var oneTooMany = DictationControlClient(path: path).follow().makeAsyncIterator()
        let refused = await #expect(throws: DictationError.self) { _ = try await oneTooMany.next() }
        #expect(refused?.code == .controlFailed)
        #expect(refused?.message.contains("\(DictationControlServer.followerLimit) clients already follow") == true)

        #expect(try await DictationControlClient(path: path).send(.start).state == .listening, "commands still work")
        await server.close()
        for index in followers.indices { #expect(try await followers[index].next() == nil) }
    }

    @Test func aHandlerMayCloseTheServerFromQuitAndStillReply() async throws {
        let runtime = TemporaryRuntime()
        let path = try runtime.socketPath
        let quitting = QuittingDictation()
        let server = try await runtime.serve(quitting)
        quitting.server.withLock { $0 = server }
        var follower = DictationControlClient(path: path).follow().makeAsyncIterator()
        _ = try await follower.next()

        #expect(try await DictationControlClient(path: path).send(.quit).state == .idle)
        #expect(try await follower.next() == nil)
        #expect(fileMode(path) == nil)
        let after = await #expect(throws: DictationError.self) { _ = try await DictationControlClient(path: path).send(.status) }
        #expect(after?.code == .notRunning)
    }

    /// `dictate type` closes the server from its main task once `quit` has stopped the session,
    /// and exits as soon as `close()` returns: the reply must be written by then, or
    /// `dictate control quit` sees the socket close without one.
    @Test func closingFromOutsideAHandlerReturnsOnceTheRepliesOwedAreWritten() async throws {
        let runtime = TemporaryRuntime()
        let path = try runtime.socketPath
        let slow = SlowQuitDictation(socketPath: path)
        let server = try await runtime.serve(slow)
        let reply = Task { try await DictationControlClient(path: path).send(.quit) }
        let started = slow.started
        try await withDeadline(.seconds(60), "the handler's start") { for await _ in started { break } }
        await server.close()
        #expect(slow.log.withLock { $0 } == ["returned"], "close() returned before the handler did")
        let status = try await withDeadline(.seconds(60), "the reply to quit") { try await reply.value }
        #expect(status.state == .idle)
    }
}

/// A handler whose `quit` is still at work when the server is closed, as stopping a session
/// is: it returns only once `close()` has begun (its socket file is gone).
final class SlowQuitDictation: DictationControlHandler {
    let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
    let log = Mutex<[String]>([])
    let socketPath: String
    var status: DictationControlStatus { DictationControlStatus(state: .listening, pid: getpid()) }

    init(socketPath: String) { self.socketPath = socketPath }

    func handle(_ command: DictationControlCommand) async throws(DictationError) -> DictationControlStatus {
        startedContinuation.yield()
        // Not the verdict: were close() never to come, the test fails on its own deadline.
        try? await waitUntil("the server's close() has removed its socket") {
            !FileManager.default.fileExists(atPath: socketPath)
        }
        log.withLock { $0.append("returned") }
        return DictationControlStatus(state: .idle, pid: getpid())
    }
}

/// A handler that closes its server on `quit`.
final class QuittingDictation: DictationControlHandler {
    let server = Mutex<DictationControlServer?>(nil)
    var status: DictationControlStatus { DictationControlStatus(state: .listening, pid: getpid()) }

    func handle(_ command: DictationControlCommand) async throws(DictationError) -> DictationControlStatus {
        if command == .quit, let server = server.withLock({ $0 }) { await server.close() }
        return DictationControlStatus(state: .idle, pid: getpid())
    }
}
