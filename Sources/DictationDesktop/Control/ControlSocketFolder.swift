import DictationKit
import Foundation

/// The private folder the control socket lives in, and what is found at the socket's path.
enum ControlSocketFolder {
    /// Makes the socket's folder if needed and makes sure only its owner may enter it: 0700 and
    /// ours. The socket's own mode (0600) is then a second lock, not the only one.
    /// - Parameter socketPath: The socket.
    static func prepare(for socketPath: String) throws(DictationError) {
        let folder = (socketPath as NSString).deletingLastPathComponent
        let place = DictationError.Text(.controlMakeFolder, ["folder": "\(folder)"])
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            throw .controlFailed(place, errno: errno)
        }
        var info = stat()
        guard lstat(folder, &info) == 0 else { throw .controlFailed(place, errno: errno) }
        guard info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid() else {
            throw .controlFailed(
                DictationError.Text(.controlFolderNotYours, ["folder": "\(folder)"]))
        }
        if info.st_mode & 0o777 != 0o700, chmod(folder, 0o700) != 0 {
            throw .controlFailed(
                DictationError.Text(.controlMakePrivate, ["path": "\(folder)"]),
                errno: errno)
        }
    }

    /// Whether a process accepts connections on the socket at a path: a connect that succeeds
    /// (or finds the queue full) says yes; a refused one says the socket is a dead instance's.
    /// The socket is non-blocking, so this never waits.
    static func isAnswering(_ path: String) -> Bool {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { target in
            target.copyBytes(from: bytes)
        }
        let descriptor = socket(
            AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return result == 0 || errno == EAGAIN || errno == EINPROGRESS
    }

    /// Removes what is at the socket's path when it is a socket nobody answers on: what a
    /// crashed instance leaves. Anything else there (a file, a live socket) is left alone.
    /// - Returns: Whether the path is free now.
    static func removeStaleSocket(at path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return true }
        guard info.st_mode & S_IFMT == S_IFSOCK, !isAnswering(path) else { return false }
        return unlink(path) == 0 || errno == ENOENT
    }
}
