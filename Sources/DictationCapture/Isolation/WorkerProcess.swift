import CProcessSpawn
import DictationKit

#if canImport(Glibc)
    import Glibc
#endif

/// One decoding worker, running: its process id and this process's ends of its standard input
/// and output (Unix sockets: a write to a worker that died fails with `EPIPE` under
/// `MSG_NOSIGNAL`, where a pipe would raise `SIGPIPE` in the server).
///
/// Started with `posix_spawn` (no `fork` of a process full of threads), inheriting nothing but the
/// two sockets and `/dev/null` as standard error, with signals at their defaults and none
/// blocked. Its limits are set from here (`prlimit`) before it is given a byte of the file, so
/// the decoder never runs without them, whatever program the worker is. It is always reaped: by
/// ``reap(waiting:)``, or killed and reaped when this object goes.
final class WorkerProcess {
    let pid: pid_t
    /// Where the file is written; -1 once closed.
    private(set) var input: Int32
    /// Where the records are read.
    let output: Int32
    /// How the worker ended, once reaped.
    private(set) var termination: Termination?

    /// How a worker ended, as `waitpid` said.
    enum Termination: Equatable {
        case exited(Int32)
        case signaled(Int32)
    }

    private init(pid: pid_t, input: Int32, output: Int32) {
        self.pid = pid
        self.input = input
        self.output = output
    }

    deinit {
        stop()
        closeInput()
        _ = close(output)
    }

    /// Starts `worker` with its limits.
    /// - Throws: ``WorkerProblem/unstartable(command:reason:)``'s error when the system refused.
    static func start(_ worker: AudioDecodingWorker) throws(DictationError) -> WorkerProcess {
        let command = worker.commandLine
        func refused(_ code: Int32) -> DictationError {
            WorkerProblem.unstartable(command: command, reason: systemErrorText(code), code: code).error
        }
        let inputPair = try socketPair(orThrow: refused)
        let outputPair: (parent: Int32, child: Int32)
        do {
            outputPair = try socketPair(orThrow: refused)
        } catch {
            _ = close(inputPair.parent)
            _ = close(inputPair.child)
            throw error
        }
        // The worker's file descriptors 0 and 1 are made from these; they can't be 0 or 1
        // themselves (a server started with those closed), or one dup2 would undo the other.
        defer {
            _ = close(inputPair.child)
            _ = close(outputPair.child)
        }
        var pid: pid_t = 0
        let spawned = spawn(worker, stdin: inputPair.child, stdout: outputPair.child, pid: &pid)
        guard spawned == 0 else {
            _ = close(inputPair.parent)
            _ = close(outputPair.parent)
            throw refused(spawned)
        }
        let process = WorkerProcess(pid: pid, input: inputPair.parent, output: outputPair.parent)
        let addressSpace = UInt64(max(worker.limits.addressSpaceBytes, 1))
        let cpuSeconds = UInt64(max(worker.limits.cpuSeconds, 1))
        let limits: [(resource: Int32, soft: UInt64, hard: UInt64)] = [
            (Int32(RLIMIT_CORE.rawValue), 0, 0),
            (Int32(RLIMIT_AS.rawValue), addressSpace, addressSpace),
            // SIGXCPU at the soft limit, SIGKILL a second later for a worker that catches it.
            (Int32(RLIMIT_CPU.rawValue), cpuSeconds, cpuSeconds + 1),
        ]
        for limit in limits where dictationkit_set_limit(pid, limit.resource, limit.soft, limit.hard) != 0 {
            let code = errno
            // A worker that is already gone has read nothing: its end is read as a crash.
            if code == ESRCH { break }
            throw refused(code)  // the deinit kills and reaps it
        }
        return process
    }

    /// No more input: the worker reads the end of its file.
    func closeInput() {
        guard input >= 0 else { return }
        _ = close(input)
        input = -1
    }

    /// Kills the worker, if it still runs, and reaps it.
    func stop() {
        guard termination == nil else { return }
        // A worker that exited but is not reaped yet is a zombie: its pid can't be reused, so
        // the signal can't reach another process.
        _ = kill(pid, SIGKILL)
        _ = reap(waiting: true)
    }

    /// Collects the worker's end.
    /// - Parameter waiting: Whether to wait for it to end.
    /// - Returns: How it ended, or `nil` when it still runs.
    @discardableResult
    func reap(waiting: Bool) -> Termination? {
        if let termination { return termination }
        var status: Int32 = 0
        while true {
            let reaped = waitpid(pid, &status, waiting ? 0 : WNOHANG)
            if reaped == pid { break }
            if reaped < 0, errno == EINTR { continue }
            // Still running, or not our child any more (a SIGCHLD set to be ignored reaps it).
            if reaped == 0 { return nil }
            termination = .exited(-1)
            return termination
        }
        // WIFEXITED and WTERMSIG are macros Swift can't call.
        let signal = status & 0x7F
        termination = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
        return termination
    }

    /// Waits up to `seconds` for a worker whose output ended to exit, then kills it.
    func reap(within seconds: Double) -> Termination {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if let termination = reap(waiting: false) { return termination }
            _ = usleep(5_000)
        }
        stop()
        return termination ?? .signaled(SIGKILL)
    }

    // MARK: - Spawning

    private static func socketPair(orThrow refused: (Int32) -> DictationError) throws(DictationError) -> (
        parent: Int32, child: Int32
    ) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw refused(errno)
        }
        // Above 2 (see start), still close-on-exec.
        for index in ends.indices where ends[index] < 3 {
            let moved = fcntl(ends[index], F_DUPFD_CLOEXEC, 3)
            let code = errno
            _ = close(ends[index])
            ends[index] = moved
            if moved < 0 {
                for end in ends where end >= 0 { _ = close(end) }
                throw refused(code)
            }
        }
        return (ends[0], ends[1])
    }

    /// `posix_spawn` with the worker's descriptors, signals and environment.
    /// - Returns: 0, or the error number.
    private static func spawn(_ worker: AudioDecodingWorker, stdin: Int32, stdout: Int32, pid: inout pid_t) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        guard posix_spawn_file_actions_init(&actions) == 0 else { return ENOMEM }
        defer { posix_spawn_file_actions_destroy(&actions) }
        guard posix_spawnattr_init(&attributes) == 0 else { return ENOMEM }
        defer { posix_spawnattr_destroy(&attributes) }
        var result = posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        if result == 0 { result = posix_spawn_file_actions_adddup2(&actions, stdout, 1) }
        // The worker's own messages (a crash's) would fill the server's log, once per bad file.
        if result == 0 { result = posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        // Nothing else of the server's: not its sockets, not its files.
        if result == 0 { result = dictationkit_spawn_close_from(&actions, 3) }
        guard result == 0 else { return result }
        var none = sigset_t()
        var all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        // The thread that spawns may block signals, and the server may ignore SIGPIPE: the
        // worker starts as a program started from a shell would.
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let arguments = [worker.executablePath] + worker.arguments
        // Swift's crash reporter would spend seconds on each crash of a hostile file's worker.
        let environment =
            ProcessEnvironment.current.filter { !$0.hasPrefix("SWIFT_BACKTRACE=") } + ["SWIFT_BACKTRACE=enable=no"]
        return withCStrings(arguments) { argv in
            withCStrings(environment) { envp in
                posix_spawn(&pid, worker.executablePath, &actions, &attributes, argv, envp)
            }
        }
    }

    /// Calls `body` with `strings` as a NULL-terminated array of C strings.
    private static func withCStrings<Result>(
        _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
    ) -> Result {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeBufferPointer { buffer in
            // posix_spawn takes `char *const[]`: nothing is written through them.
            body(buffer.baseAddress!)  // a non-empty array's buffer has an address
        }
    }
}
