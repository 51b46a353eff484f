import DictationKit
import Foundation

/// The `flock()`ed file beside the control socket that makes one instance per user: whoever
/// holds it owns the socket. The kernel drops the lock when its holder dies, so a crashed
/// instance never keeps the next one out, and two starting at once can't both win, which
/// looking at the socket alone can't promise.
///
/// It holds the holder's process id, for the ``DictationKit/DictationError/Code/alreadyRunning`` error of the loser.
final class ControlLock: Sendable {
    let path: String
    private let descriptor: Int32

    /// Takes the lock, or throws ``DictationKit/DictationError/Code/alreadyRunning`` with the holder's pid.
    /// - Parameters:
    ///   - path: The lock file.
    ///   - socketPath: The socket it guards, for the message.
    init(path: String, socketPath: String) throws(DictationError) {
        self.path = path
        // The file is replaced if its holder removes it between our open and flock: retry with the new one.
        for _ in 0..<8 {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard descriptor >= 0 else {
                throw .controlFailed(
                    DictationError.Text(.controlOpenLockFile, ["path": "\(path)"]),
                    errno: errno)
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let number = errno
                close(descriptor)
                if number == EWOULDBLOCK { throw .alreadyRunning(pid: Self.holder(of: path), at: socketPath) }
                throw .controlFailed(
                    DictationError.Text(.controlLockFile, ["path": "\(path)"]), errno: number)
            }
            guard Self.isStillNamed(path, descriptor) else {
                close(descriptor)
                continue
            }
            self.descriptor = descriptor
            let line = Array("\(getpid())\n".utf8)
            _ = ftruncate(descriptor, 0)
            _ = line.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
            return
        }
        throw .alreadyRunning(pid: Self.holder(of: path), at: socketPath)
    }

    /// Removes the file and lets go of the lock. Removing first means the next instance never
    /// takes a lock on a file that is about to vanish (and ``isStillNamed(_:_:)`` catches the rest).
    func release() {
        unlink(path)
        close(descriptor)
    }

    /// The process id written in a lock file by its holder, if it has written it yet.
    static func holder(of path: String) -> Int32? {
        guard let data = FileManager.default.contents(atPath: path),
            let text = String(data: data, encoding: .utf8)
        else { return nil }
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Whether the path still names the file that was locked (not one removed in the meantime).
    private static func isStillNamed(_ path: String, _ descriptor: Int32) -> Bool {
        var opened = stat()
        var named = stat()
        guard fstat(descriptor, &opened) == 0, lstat(path, &named) == 0 else { return false }
        return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
    }
}
