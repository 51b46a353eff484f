import DictationDesktop
import DictationKit
import DictationTestSupport
import Foundation
import Logging
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The control socket's place and files: private, one instance per user, a dead one's replaced.
@Suite(.timeLimit(.minutes(25))) struct ControlServerTests {
    @Test func theSocketIsInTheRuntimeFolderAndThereIsNoneWithoutOne() throws {
        let path = try DictationControlServer.socketPath(
            in: DesktopEnvironment(variables: ["XDG_RUNTIME_DIR": "/run/user/1000"]))
        #expect(path == "/run/user/1000/dictationkit/control.sock")

        let error = #expect(throws: DictationError.self) {
            try DictationControlServer.socketPath(in: DesktopEnvironment(variables: ["HOME": "/home/ana"]))
        }
        #expect(error?.code == .controlFailed)
        #expect(error?.message.contains("XDG_RUNTIME_DIR is not set") == true, "\(String(describing: error))")
        #expect(error?.message(in: .norwegianBokmal).contains("XDG_RUNTIME_DIR er ikke satt") == true)
    }

    @Test func theFolderIsPrivateTheSocketTooAndClosingRemovesSocketAndLock() async throws {
        let runtime = TemporaryRuntime()
        let path = try runtime.socketPath
        let server = try await runtime.serve()

        let folder = try #require(fileMode((path as NSString).deletingLastPathComponent))
        #expect(folder.permissions == 0o700)
        let socket = try #require(fileMode(path))
        #expect(socket.type == S_IFSOCK)
        #expect(socket.permissions == 0o600)
        let lock = try String(contentsOfFile: path + ".lock", encoding: .utf8)
        #expect(lock == "\(getpid())\n", "the lock file names the instance")
        #expect(fileMode(path + ".lock")?.permissions == 0o600)

        await server.close()
        #expect(fileMode(path) == nil)
        #expect(fileMode(path + ".lock") == nil)
        await server.close()  // a second close does nothing
    }

    @Test func aFolderOthersCouldEnterIsMadePrivate() async throws {
        let runtime = TemporaryRuntime()
        let path = try runtime.socketPath
        let folder = (path as NSString).deletingLastPathComponent
        mkdir(folder, 0o755)
        chmod(folder, 0o755)
        let server = try await runtime.serve()
        #expect(fileMode(folder)?.permissions == 0o700)
        await server.close()
    }

    @Test func aSecondServerIsRefusedWithThePidOfTheFirst() async throws {
        let runtime = TemporaryRuntime()
        let path = try runtime.socketPath
        let first = try await runtime.serve()

        let refused = await #expect(throws: DictationError.self) {
            _ = try await DictationControlServer(path: path, handler: ScriptedDictation(), logger: .quiet)
        }
        #expect(refused?.code == .alreadyRunning)
        #expect(refused?.message.contains("process \(getpid())") == true, "\(String(describing: refused))")
        #expect(refused?.message(in: .norwegianBokmal).contains("prosess \(getpid())") == true)

        // The refused one took nothing from the first: it still answers.
        let status = try await DictationControlClient(path: path).send(.status)
        #expect(status.state == .idle)
        await first.close()

        let next = try await runtime.serve()
        await next.close()
    }

    @Test func aSocketLeftByACrashedInstanceIsReplaced() async throws {
        let runtime = TemporaryRuntime()
        let path = try runtime.socketPath
        try leaveDeadSocket(at: path)
        #expect(fileMode(path)?.type == S_IFSOCK)

        let notRunning = await #expect(throws: DictationError.self) {
            _ = try await DictationControlClient(path: path).send(.status)
        }
        #expect(notRunning?.code == .notRunning, "a dead socket means no instance")

        let server = try await runtime.serve()
        #expect(try await DictationControlClient(path: path).send(.start).state == .listening)
        await server.close()
    }

    /// A real instance in another process holds the lock and serves the socket; while it lives a
    /// server is refused with its pid; once it is killed (SIGKILL: no clean-up at all), the lock
    /// is free and its socket file, still there, is replaced.
    @Test func anInstanceKilledMidRunIsReplacedAndRefusesWhileAlive() async throws {
        let runtime = TemporaryRuntime()
        let path = try runtime.socketPath
        mkdir((path as NSString).deletingLastPathComponent, 0o700)
        let child = Process()
        // Debian's own python3 (python3-pip brings it): a version manager's shim can take long to
        // start on a loaded machine.
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "/usr/bin/env"
        child.executableURL = URL(fileURLWithPath: python)
        child.arguments =
            (python == "/usr/bin/env" ? ["python3"] : []) + [
                "-c",
                """
                import fcntl, os, signal, socket, sys
                path = sys.argv[1]
                lock = open(path + ".lock", "w")
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                server = socket.socket(socket.AF_UNIX)
                server.bind(path)
                server.listen(1)
                lock.write("%d\\n" % os.getpid()); lock.flush()
                # Held until the test kills it; should the test die first, gone in two minutes (the
                # test process blocks signals, and a child inherits the mask: unblock the alarm).
                signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGALRM])
                signal.alarm(120)
                signal.pause()
                """,
                path,
            ]
        try child.run()
        defer { if child.isRunning { kill(child.processIdentifier, SIGKILL) } }
        // Ready once it has written its pid, which it does last.
        try await waitUntil("the python3 instance has taken the lock and written its pid", pollingEvery: .milliseconds(50)) {
            (try? String(contentsOfFile: path + ".lock", encoding: .utf8))?.hasSuffix("\n") == true
        }

        let refused = await #expect(throws: DictationError.self) {
            _ = try await DictationControlServer(path: path, handler: ScriptedDictation(), logger: .quiet)
        }
        #expect(refused?.code == .alreadyRunning)
        #expect(refused?.message.contains("process \(child.processIdentifier)") == true, "\(String(describing: refused))")

        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(fileMode(path)?.type == S_IFSOCK, "the killed instance left its socket")

        let server = try await runtime.serve()
        #expect(try String(contentsOfFile: path + ".lock", encoding: .utf8) == "\(getpid())\n")
        #expect(try await DictationControlClient(path: path).send(.toggle).state == .listening)
        await server.close()
    }

    @Test func aLiveSocketOfAnotherProgramIsNeverRemoved() async throws {
        let runtime = TemporaryRuntime()
        let path = try runtime.socketPath
        // Listening, but without the lock: an instance of a version that took none, say.
        let descriptor = try boundSocket(at: path)
        defer { close(descriptor) }
        try #require(listen(descriptor, 4) == 0)

        let refused = await #expect(throws: DictationError.self) {
            _ = try await DictationControlServer(path: path, handler: ScriptedDictation(), logger: .quiet)
        }
        #expect(refused?.code == .alreadyRunning)
        #expect(fileMode(path)?.type == S_IFSOCK, "its socket is still there")
        #expect(fileMode(path + ".lock") == nil, "the refused server left no lock behind")
    }

    @Test func aClientWithNoServerIsToldNoneIsRunning() async throws {
        let runtime = TemporaryRuntime()
        let path = try runtime.socketPath
        let error = await #expect(throws: DictationError.self) {
            _ = try await DictationControlClient(path: path).send(.start)
        }
        #expect(error?.code == .notRunning)
        #expect(error?.message.contains("start one with `dictate type`") == true)

        var statuses = DictationControlClient(path: path).follow().makeAsyncIterator()
        let followError = await #expect(throws: DictationError.self) { _ = try await statuses.next() }
        #expect(followError?.code == .notRunning)
    }
}
