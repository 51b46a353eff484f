#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import DictationKit

/// Bytes from a file descriptor, read front to back in pieces the caller sizes.
///
/// Nothing here seeks: the same code reads a regular file, a pipe or a terminal, so a WAV file on
/// standard input is parsed exactly like one on disk. Memory use is bounded by the callers' buffers
/// and a small scratch area for skipping, never by a size read from the stream.
final class FileByteInput {
    /// How the input is named in messages: "the file /tmp/a.wav", "standard input".
    let name: DictationError.Text
    /// Regular files never block, and their size tells whether a header can be believed.
    let isRegularFile: Bool
    /// Wakes a read blocked on a pipe; shared with the reader that owns this input.
    let interruption: ReadInterruption

    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var isClosed = false
    /// Bytes already taken from the descriptor to look at, handed out again before anything else.
    private var pushedBack: [UInt8] = []
    /// Scratch space for skipping, allocated once; raw memory because `Array`'s buffer accessors
    /// don't carry typed throws.
    private var skipBuffer = UnsafeMutableRawBufferPointer(start: nil, count: 0)

    /// Opens a file for reading.
    /// - Parameter path: The file to open.
    /// - Throws: ``DictationError/invalidAudio(_:)`` saying why the file can't be opened.
    convenience init(path: String) throws(DictationError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT:
                throw AudioInputProblem.fileMissing(path: path).error
            case EACCES, EPERM:
                throw AudioInputProblem.fileNotPermitted(path: path).error
            case ENOTDIR:
                throw AudioInputProblem.pathThroughNonFolder(path: path).error
            default:
                throw AudioInputProblem.fileUnopenable(path: path, reason: systemErrorText(code)).error
            }
        }
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            _ = closeDescriptor(descriptor)
            throw AudioInputProblem.isFolder(path: path).error
        }
        try self.init(descriptor: descriptor, ownsDescriptor: true, name: AudioInputProblem.file(path))
    }

    /// Reads from a descriptor that is already open.
    /// - Parameters:
    ///   - descriptor: The descriptor to read, e.g. `STDIN_FILENO`.
    ///   - ownsDescriptor: Whether ``close()`` closes it; standard input is left open.
    ///   - name: How to name the input in messages.
    /// - Throws: ``DictationError`` when the wake-up pipe can't be made.
    init(descriptor: Int32, ownsDescriptor: Bool, name: DictationError.Text) throws(DictationError) {
        do {
            interruption = try ReadInterruption()
        } catch {
            if ownsDescriptor { _ = closeDescriptor(descriptor) }
            throw error
        }
        var info = stat()
        isRegularFile = fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
        self.name = name
    }

    deinit {
        close()
        skipBuffer.deallocate()
    }

    /// Releases the descriptor if this input opened it; safe to call twice.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        if ownsDescriptor { _ = closeDescriptor(descriptor) }
    }

    /// Fills `buffer` unless the input ends or the read is interrupted first.
    /// - Parameter buffer: Where to put the bytes.
    /// - Returns: How many bytes were read; fewer than `buffer.count` only at the end or on interruption.
    /// - Throws: ``DictationError/invalidAudio(_:)`` when the system reports a read error.
    func readFully(into buffer: UnsafeMutableRawBufferPointer) throws(DictationError) -> Int {
        guard let base = buffer.baseAddress, !isClosed else { return 0 }
        var filled = 0
        if !pushedBack.isEmpty {
            filled = min(pushedBack.count, buffer.count)
            pushedBack.withUnsafeBytes { source in
                if let start = source.baseAddress { base.copyMemory(from: start, byteCount: filled) }
            }
            pushedBack.removeFirst(filled)
        }
        while filled < buffer.count {
            if interruption.isInterrupted { break }
            if !isRegularFile, !interruption.waitUntilReadable(descriptor) { break }
            let count = read(descriptor, base + filled, buffer.count - filled)
            if count > 0 {
                filled += count
            } else if count == 0 {
                break
            } else {
                let code = errno
                // EAGAIN: standard input may have been left non-blocking; poll waits for the next bytes.
                if code == EINTR || code == EAGAIN || code == EWOULDBLOCK { continue }
                throw AudioInputProblem.readFailed(input: name, reason: systemErrorText(code)).error
            }
        }
        return filled
    }

    /// Reads up to `count` bytes into a new array; for headers, so `count` must be small.
    /// - Parameter count: How many bytes to read.
    /// - Returns: The bytes, fewer than `count` at the end of the input.
    /// - Throws: ``DictationError/invalidAudio(_:)`` on a read error.
    func readBytes(_ count: Int) throws(DictationError) -> [UInt8] {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
        defer { buffer.deallocate() }
        let got = try readFully(into: buffer)
        return Array(UnsafeRawBufferPointer(rebasing: buffer[0..<got]))
    }

    /// Looks at the next bytes without consuming them.
    /// - Parameter count: How many bytes to look at.
    /// - Returns: The bytes, fewer than `count` if the input is shorter.
    /// - Throws: ``DictationError/invalidAudio(_:)`` on a read error.
    func peek(_ count: Int) throws(DictationError) -> [UInt8] {
        let bytes = try readBytes(count)
        pushedBack.insert(contentsOf: bytes, at: 0)
        return bytes
    }

    /// Reads and discards bytes: skipping by reading works on pipes too.
    /// - Parameter count: How many bytes to skip.
    /// - Returns: How many were skipped; fewer than `count` at the end of the input.
    /// - Throws: ``DictationError/invalidAudio(_:)`` on a read error.
    @discardableResult
    func skip(_ count: UInt64) throws(DictationError) -> UInt64 {
        if skipBuffer.isEmpty { skipBuffer = .allocate(byteCount: 64 * 1024, alignment: 1) }
        var skipped: UInt64 = 0
        while skipped < count {
            let piece = Int(min(count - skipped, UInt64(skipBuffer.count)))
            let got = try readFully(into: UnsafeMutableRawBufferPointer(rebasing: skipBuffer[0..<piece]))
            skipped += UInt64(got)
            if got < piece { break }
        }
        return skipped
    }

    /// For a regular file, the bytes between the read position and the end; `nil` for pipes,
    /// whose length is unknown until they end.
    var remainingRegularFileBytes: UInt64? {
        guard isRegularFile, !isClosed else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        let position = lseek(descriptor, 0, SEEK_CUR)
        guard position >= 0, Int64(info.st_size) >= Int64(position) else { return nil }
        return UInt64(Int64(info.st_size) - Int64(position)) + UInt64(pushedBack.count)
    }
}

/// `close(2)`, named apart from ``FileByteInput/close()``.
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.close(descriptor)
    #elseif canImport(Musl)
    Musl.close(descriptor)
    #else
    Darwin.close(descriptor)
    #endif
}
