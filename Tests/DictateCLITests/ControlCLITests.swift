import DictationDesktop
import DictationKit
import DictationTestSupport
import Foundation
import Logging
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `dictate control`: against no instance, and against a control server in this process.
@Suite(.timeLimit(.minutes(25))) struct ControlCLITests {
    /// The test environment with a runtime folder of its own (removed by the caller) and English messages.
    static func environment(runtime: String?, lang: String = "C.UTF-8") -> [String: String] {
        var environment = DictateProcess.environment
        environment["XDG_RUNTIME_DIR"] = runtime
        environment["LC_ALL"] = nil
        environment["LC_MESSAGES"] = nil
        environment["LANG"] = lang
        return environment
    }

    static func makeRuntime() -> String {
        let folder = "/tmp/dkc-cli-\(UUID().uuidString.prefix(8).lowercased())"
        mkdir(folder, 0o700)
        return folder
    }

    /// Runs `dictate` to its end on a thread of its own: waiting for it must not take a thread
    /// of the cooperative pool that the server in this process answers on.
    static func finish(_ dictate: RunningDictate) async -> DictateProcess.Result {
        // Handed to that thread alone: nothing here touches it until it is done.
        nonisolated(unsafe) let dictate = dictate
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: dictate.finish()) }
        }
    }

    static func run(_ arguments: [String], environment: [String: String]) async throws -> DictateProcess.Result {
        let dictate = try RunningDictate(arguments, environment: environment)
        dictate.endInput(after: Data())
        return await finish(dictate)
    }

    /// A control server in this process, on the socket `dictate` finds in `environment`.
    static func serve(_ dictation: PushToTalkDictation, environment: [String: String]) async throws
        -> DictationControlServer
    {
        let path = try DictationControlServer.socketPath(in: DesktopEnvironment(variables: environment))
        return try await DictationControlServer(path: path, handler: dictation, logger: Logger(label: "test"))
    }

    @Test func withNoInstanceItSaysSoAndFails() async throws {
        let runtime = Self.makeRuntime()
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let result = try await Self.run(["control", "status"], environment: Self.environment(runtime: runtime))
        #expect(result.status == 69)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == "dictate: No dictation is running for me to control (nothing answers on "
                + "\(runtime)/dictationkit/control.sock): start one with `dictate type`. (notRunning)\n")

        let norwegian = try await Self.run(
            ["control", "start"], environment: Self.environment(runtime: runtime, lang: "nb_NO.UTF-8"))
        #expect(norwegian.status == 69)
        #expect(
            norwegian.standardError.hasPrefix("dictate: Ingen diktering kjører som jeg kan styre"), "\(norwegian.standardError)")

        let following = try await Self.run(
            ["control", "status", "--follow", "--format", "jsonl"], environment: Self.environment(runtime: runtime))
        #expect(following.status == 69)
        #expect(following.standardOutput.isEmpty)
        #expect(following.standardError.hasSuffix("(notRunning)\n"))
    }

    @Test func withoutARuntimeFolderItSaysWhatToDo() async throws {
        let result = try await Self.run(["control", "toggle"], environment: Self.environment(runtime: nil))
        #expect(result.status == 76)
        #expect(result.standardError.contains("XDG_RUNTIME_DIR is not set"), "\(result.standardError)")
        #expect(result.standardError.hasSuffix("(controlFailed)\n"))
    }

    @Test func followGoesWithStatusOnly() async throws {
        let result = try await Self.run(["control", "stop", "--follow"], environment: Self.environment(runtime: "/tmp"))
        #expect(result.status == 64)
        #expect(result.standardError.contains("--follow goes with status only"))
    }

    @Test func commandsPrintTheStateTheyLeaveInTextAndJSON() async throws {
        let runtime = Self.makeRuntime()
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let environment = Self.environment(runtime: runtime)
        let dictation = PushToTalkDictation()
        let server = try await Self.serve(dictation, environment: environment)

        let start = try await Self.run(["control", "start"], environment: environment)
        #expect(start.status == 0, "\(start.standardError)")
        #expect(start.standardOutput == "listening -32 dB\n")

        let stop = try await Self.run(["control", "stop", "--format", "jsonl"], environment: environment)
        #expect(stop.status == 0, "\(stop.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stop.standardOutput.utf8)) as? [String: Any])
        #expect(object["state"] as? String == "idle")
        #expect(object["pid"] as? Int == Int(getpid()))
        #expect(object["text"] as? String == "idle")
        #expect(object["class"] as? String == "idle")
        #expect(object["level"] == nil)
        #expect(stop.lines.count == 2, "one line: \(stop.lines)")

        let status = try await Self.run(["control", "status"], environment: environment)
        #expect(status.standardOutput == "idle\n")
        #expect(dictation.handled == [.start, .stop])
        await server.close()
    }

    /// What a bar reads: the status, then one line per change, and the end (exit 0) when the
    /// instance quits. In text a level that moves less than a decibel prints no new line.
    @Test(arguments: ["text", "jsonl"])
    func followPrintsEveryChangeUntilTheInstanceQuits(format: String) async throws {
        let runtime = Self.makeRuntime()
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let environment = Self.environment(runtime: runtime)
        let dictation = PushToTalkDictation()
        let server = try await Self.serve(dictation, environment: environment)

        let follower = try RunningDictate(["control", "status", "--follow", "--format", format], environment: environment)
        // It follows once the server has read the status for its first line (a publish after
        // that read reaches it, whether or not it is registered yet).
        try await waitUntil("the follower has read the status for its first line") { dictation.statusReads > 0 }
        for level: Float in [-40.2, -40.4, -20, -12] {
            server.publish(DictationControlStatus(state: .listening, level: level, pid: 7))
        }
        server.publish(DictationControlStatus(state: .paused, pid: 7))
        await server.close()
        let result = await Self.finish(follower)

        #expect(result.status == 0, "\(result.standardError)")
        if format == "text" {
            #expect(result.standardOutput == "idle\nlistening -40 dB\nlistening -20 dB\nlistening -12 dB\npaused\n")
        } else {
            let objects = try result.lines.dropLast().map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
            #expect(
                objects.map { $0["state"] as? String } == ["idle", "listening", "listening", "listening", "listening", "paused"])
            #expect(objects.map { $0["level"] as? Double } == [nil, -40.2, -40.4, -20, -12, nil], "levels as written: shortest")
            #expect(objects.map { $0["text"] as? String }.last == "paused")
            #expect(objects.map { $0["alt"] as? String }.last == "paused")
        }
    }
}

/// Stands in for `dictate type`: start listens (at -32 dB), any other command stops.
final class PushToTalkDictation: DictationControlHandler {
    private let state = Mutex((listening: false, handled: [DictationControlCommand](), statusReads: 0))

    var handled: [DictationControlCommand] { state.withLock { $0.handled } }
    var statusReads: Int { state.withLock { $0.statusReads } }

    var status: DictationControlStatus {
        state.withLock { state in
            state.statusReads += 1
            return Self.status(listening: state.listening)
        }
    }

    func handle(_ command: DictationControlCommand) async throws(DictationError) -> DictationControlStatus {
        state.withLock { state in
            state.handled.append(command)
            state.listening = command == .start
            return Self.status(listening: state.listening)
        }
    }

    private static func status(listening: Bool) -> DictationControlStatus {
        DictationControlStatus(state: listening ? .listening : .idle, level: listening ? -32.4 : nil, pid: getpid())
    }
}
