import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Copies a finished recording to a new file, created 0600 and never over an existing one.
enum RecordingCopy {
    /// Copies `source` to a new 0600 file at `destination`.
    static func copy(from source: String, to destination: String) throws(DictationError) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else {
            let failure = errno
            throw .recordingFailed(
                "I can't read the recording \(source) (\(DictationError.systemErrorText(failure))); was it moved or removed?")
        }
        defer { close(input) }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard output >= 0 else {
            let failure = errno
            if failure == EEXIST {
                throw .recordingFailed(
                    "\(destination) already exists, and I don't write recordings over other files; choose a new name or remove it first"
                )
            }
            throw .recordingFailed("I can't create \(destination) (\(DictationError.systemErrorText(failure)))")
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var failure: Int32?
        copying: while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 {
                failure = errno
                break
            }
            if count == 0 { break }
            var offset = 0
            while offset < count {
                let written = buffer.withUnsafeBytes { write(output, $0.baseAddress! + offset, count - offset) }
                if written < 0, errno == EINTR { continue }
                if written <= 0 {
                    failure = written < 0 ? errno : ENOSPC
                    break copying
                }
                offset += written
            }
        }
        if failure == nil, fsync(output) != 0 { failure = errno }
        close(output)
        if let failure {
            unlink(destination)
            throw .recordingFailed(
                "I can't copy the recording to \(destination) (\(DictationError.systemErrorText(failure))); free some space or choose another place"
            )
        }
    }
}
