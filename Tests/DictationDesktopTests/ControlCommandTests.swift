import DictationDesktop
import DictationKit
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Commands over the control socket: replies in order, errors as values, bad lines survived.
@Suite(.timeLimit(.minutes(25))) struct ControlCommandTests {
    @Test func commandsAreAnsweredInOrderWithTheStateTheyLeave() async throws {
        let runtime = TemporaryRuntime()
        let path = try runtime.socketPath
        let dictation = ScriptedDictation()
        let server = try await runtime.serve(dictation)
        let client = DictationControlClient(path: path)

        var states: [DictationControlState] = []
        for command in [DictationControlCommand.start, .stop, .toggle, .toggle, .suspend, .resume, .cancel, .status] {
            states.append(try await client.send(command).state)
        }
        #expect(states == [.listening, .idle, .listening, .idle, .paused, .listening, .idle, .idle])
        #expect(dictation.handled == [.start, .stop, .toggle, .toggle, .suspend, .resume, .cancel], "status only reads")

        let status = try await client.send(.start)
        #expect(status.pid == getpid())
        #expect(status.level == -40)
        await server.close()
    }

    /// Push-to-talk's key down and key up can arrive together: the handler sees them in order,
    /// one at a time, and each gets its own reply in order.
    @Test func requestsSentTogetherAreHandledOneAtATimeInOrder() async throws {
        let runtime = TemporaryRuntime()
        let path = try runtime.socketPath
        let dictation = ScriptedDictation()
        let server = try await runtime.serve(dictation)
        let connection = try #require(RawControlConnection(path: path))

        connection.send(
            #"{"command":"start"}"# + "\n" + #"{"command":"stop"}"# + "\n" + #"{"command":"suspend"}"# + "\n"
                + #"{"command":"resume"}"# + "\n" + #"{"command":"toggle"}"# + "\n")
        var states: [String] = []
        for _ in 0..<5 {
            let reply = try await connection.object()
            states.append(try #require((reply["status"] as? [String: Any])?["state"] as? String))
        }
        #expect(states == ["listening", "idle", "paused", "listening", "idle"])
        #expect(dictation.handled == [.start, .stop, .suspend, .resume, .toggle])
        await server.close()
    }

    @Test func aHandlersErrorReachesTheClientWithItsCodeAndBothTexts() async throws {
        let runtime = TemporaryRuntime()
        let path = try runtime.socketPath
        let server = try await runtime.serve()
        let client = DictationControlClient(path: path)

        let error = await #expect(throws: DictationError.self) { _ = try await client.send(.resume) }
        #expect(error?.code == .controlFailed)
        #expect(error?.message.hasSuffix("nothing is suspended.") == true, "\(String(describing: error))")
        #expect(error?.message(in: .norwegianBokmal).hasSuffix("ingenting er satt på pause.") == true)
        #expect(try await client.send(.start).state == .listening, "the instance goes on")
        await server.close()
    }

    @Test func aMalformedLineGetsAnErrorReplyAndTheServerKeepsServing() async throws {
        let runtime = TemporaryRuntime()
        let path = try runtime.socketPath
        let dictation = ScriptedDictation()
        let server = try await runtime.serve(dictation)
        let connection = try #require(RawControlConnection(path: path))

        for bad in ["hello", #"{"command":"dance"}"#, #"{"command":42}"#, "[1,2]"] {
            connection.send(bad + "\n")
            let reply = try await connection.object()
            let error = try #require(reply["error"] as? [String: Any], "\(bad): \(reply)")
            #expect(error["code"] as? String == "controlFailed", "\(bad)")
            #expect(reply["status"] == nil)
        }
        connection.send("\n" + #"{"command":"start"}"# + "\r\n")  // an empty line asks nothing; CRLF is a line too
        let reply = try await connection.object()
        #expect((reply["status"] as? [String: Any])?["state"] as? String == "listening")
        #expect(dictation.handled == [.start], "no bad line reached the handler")

        // A line longer than the protocol allows ends that connection, and only that one.
        let flooding = try #require(RawControlConnection(path: path))
        flooding.send(String(repeating: "x", count: 40_000))
        let tooLong = try await flooding.object()
        #expect((tooLong["error"] as? [String: Any])?["code"] as? String == "controlFailed")
        #expect(await flooding.line() == nil, "the connection is closed")

        #expect(try await DictationControlClient(path: path).send(.stop).state == .idle)
        await server.close()
    }

    @Test func aLastRequestWithoutItsNewlineIsStillAnswered() async throws {
        let runtime = TemporaryRuntime()
        let path = try runtime.socketPath
        let server = try await runtime.serve()
        let connection = try #require(RawControlConnection(path: path))
        connection.send(#"{"command":"toggle"}"#)
        shutdown(connection.descriptor, Int32(SHUT_WR))
        let reply = try await connection.object()
        #expect((reply["status"] as? [String: Any])?["state"] as? String == "listening")
        await server.close()
    }

    @Test func theStatusIsJSONWithALevelJSONCanHold() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let listening = DictationControlStatus(state: .listening, level: -32.5, pid: 42, output: "xdotool", locale: "en-US")
        #expect(
            String(decoding: try encoder.encode(listening), as: UTF8.self)
                == #"{"level":-32.5,"locale":"en-US","output":"xdotool","pid":42,"state":"listening"}"#)
        let silent = DictationControlStatus(state: .listening, level: -.infinity, pid: 42)
        #expect(String(decoding: try encoder.encode(silent), as: UTF8.self) == #"{"level":-100,"pid":42,"state":"listening"}"#)
        let unknown = DictationControlStatus(state: .listening, level: .nan, pid: 42)
        #expect(String(decoding: try encoder.encode(unknown), as: UTF8.self) == #"{"pid":42,"state":"listening"}"#)
        let decoded = try JSONDecoder().decode(DictationControlStatus.self, from: try encoder.encode(listening))
        #expect(decoded == listening)
    }
}
