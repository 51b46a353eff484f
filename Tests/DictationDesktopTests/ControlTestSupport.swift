import DictationDesktop
import DictationKit
import Foundation
import Logging
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A private `XDG_RUNTIME_DIR` for one test, short enough for a socket path (108 bytes at most).
struct TemporaryRuntime: ~Copyable {
    let folder: String

    init() {
        folder = "/tmp/dkc-\(UUID().uuidString.prefix(8).lowercased())"
        mkdir(folder, 0o700)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    var environment: DesktopEnvironment { DesktopEnvironment(variables: ["XDG_RUNTIME_DIR": folder]) }

    var socketPath: String {
        get throws { try DictationControlServer.socketPath(in: environment) }
    }

    /// A control server on this runtime's socket.
    func serve(_ handler: any DictationControlHandler = ScriptedDictation()) async throws -> DictationControlServer {
        try await DictationControlServer(path: try socketPath, handler: handler, logger: .quiet)
    }
}

/// A small dictation state machine standing in for `dictate type`'s: it answers every command,
/// notes the order they came in, and refuses to resume what was never suspended.
final class ScriptedDictation: DictationControlHandler {
    private struct State {
        var state = DictationControlState.idle
        var handled: [DictationControlCommand] = []
        var statusReads = 0
    }

    private let state = Mutex(State())

    /// The commands handled, in order.
    var handled: [DictationControlCommand] { state.withLock { $0.handled } }
    /// How often ``status`` was read: a follower's first line reads it.
    var statusReads: Int { state.withLock { $0.statusReads } }

    var status: DictationControlStatus {
        state.withLock { state in
            state.statusReads += 1
            return DictationControlStatus(state: state.state, level: state.state == .listening ? -40 : nil, pid: getpid())
        }
    }

    func handle(_ command: DictationControlCommand) async throws(DictationError) -> DictationControlStatus {
        let next: DictationControlState = try state.withLock { state throws(DictationError) in
            state.handled.append(command)
            switch command {
            case .start: state.state = .listening
            case .stop, .cancel, .quit: state.state = .idle
            case .toggle: state.state = state.state == .listening ? .idle : .listening
            case .suspend: state.state = .paused
            case .resume:
                guard state.state == .paused else {
                    throw DictationError.controlFailed(
                        DictationError.Text(translations: [
                            .english: "nothing is suspended.", .norwegianBokmal: "ingenting er satt på pause.",
                        ]))
                }
                state.state = .listening
            default:
                throw DictationError.controlFailed(DictationError.Text("unknown command"))
            }
            return state.state
        }
        return DictationControlStatus(state: next, level: next == .listening ? -40 : nil, pid: getpid())
    }
}

/// A control connection through the plain socket calls, to send what `DictationControlClient`
/// never would (malformed lines, several requests in one write, an abrupt close). Reads block,
/// so they run on a thread of their own, never on the cooperative pool the server's task needs.
final class RawControlConnection: @unchecked Sendable {  // one read at a time: each awaits the last
    let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Connects; `nil` when nobody accepts.
    init?(path: String) {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        // A fail-safe so that a broken server fails the test rather than hanging it.
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnixAddress(path) { connect(descriptor, $0, $1) }
        guard connected == 0 else {
            Glibc.close(descriptor)
            return nil
        }
    }

    deinit { Glibc.close(descriptor) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// The next line, or `nil` at the end of the stream.
    func line() async -> String? {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: self.blockingLine()) }
        }
    }

    /// The next line as JSON.
    func object() async throws -> [String: Any] {
        let line = try #require(await line(), "the server should reply")
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
    }

    private func blockingLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }
}

/// Calls `body` with the `sockaddr_un` of a path.
func withUnixAddress<Result>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
}

/// A stream socket bound at a path (its folder made 0700 first), for the caller to close.
func boundSocket(at path: String) throws -> Int32 {
    mkdir((path as NSString).deletingLastPathComponent, 0o700)
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    let bound = withUnixAddress(path) { bind(descriptor, $0, $1) }
    if bound != 0 { close(descriptor) }
    try #require(bound == 0, "binding \(path) failed: \(String(cString: strerror(errno)))")
    return descriptor
}

/// Binds a socket at a path and closes it without removing it: what a crashed instance leaves.
func leaveDeadSocket(at path: String) throws {
    close(try boundSocket(at: path))
}

/// The permission bits and type of a path, by `lstat`.
func fileMode(_ path: String) -> (permissions: mode_t, type: mode_t)? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return (info.st_mode & 0o777, info.st_mode & S_IFMT)
}

extension Logger {
    static let quiet = Logger(label: "control-tests", factory: { _ in SwiftLogNoOpLogHandler() })
}
