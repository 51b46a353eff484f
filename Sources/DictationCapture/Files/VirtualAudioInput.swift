import CSndfile
import DictationKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes libsndfile reads through its virtual I/O: a regular file, a pipe (standard input) or
/// memory, behind one set of callbacks.
///
/// A regular file and memory seek freely. A pipe can't: while libsndfile opens it (and seeks back
/// and forth through the header, or towards the end to find the length), every byte read is kept,
/// so a backward seek lands in what was kept; a forward seek reads ahead, up to
/// ``readAheadLimit`` and for as long as the bytes come without keeping it waiting
/// (``readAheadPatience``), and anything further fails, which libsndfile takes as "length unknown".
/// Once open, the pipe is read straight through and nothing more is kept. A read blocked on the
/// pipe wakes when ``interruption`` fires.
final class VirtualAudioInput {
    /// How the input is named in messages: "the file /tmp/a.wav", "standard input".
    let name: DictationError.Text
    /// Wakes a read blocked on a pipe; shared with the reader that owns this input.
    let interruption: ReadInterruption
    /// The first read error the system reported; libsndfile only sees the end of the input.
    private(set) var readError: DictationError?

    /// The most a pipe is read ahead for a seek while opening: enough for any header chunk and a
    /// short file's whole data chunk, while a live stream's placeholder size (2 or 4 GiB) fails at once.
    static let readAheadLimit = 1 << 20
    /// How long in all a seek while opening may wait for a pipe's bytes before it fails. A file
    /// piped whole (`cat`, `sox … -t wav -`) comes at once; a stream written at real time with its
    /// true length in the header (a short recording's) would otherwise be read up to its end, or
    /// 1 MiB (33 s of 16-kHz audio), before the session heard a word of it: partials 19 s late at
    /// p50 (`Benchmarks/live_partials.py --via stdin --header exact`).
    static let readAheadPatience: Duration = .milliseconds(100)

    private enum Storage {
        /// A regular file: its descriptor and its length.
        case file(descriptor: Int32, length: Int64)
        /// A pipe or terminal, read front to back.
        case stream(descriptor: Int32)
        /// Bytes in memory.
        case memory([UInt8])
    }

    private let storage: Storage
    private let ownsDescriptor: Bool
    private var isClosed = false
    /// The position libsndfile sees.
    private var position: Int64 = 0
    /// A stream's first bytes, from offset 0, kept for seeks back while opening.
    private var kept: [UInt8] = []
    /// The stream offset of the next byte the descriptor gives.
    private var streamOffset: Int64 = 0
    /// Whether a stream still keeps what it reads (only while opening).
    private var keepsReadBytes = true
    /// Whether the kept bytes were let go, after opening, once read past.
    private var keptDropped = false

    /// Opens a file for reading.
    /// - Parameter path: The file to open.
    /// - Throws: ``DictationError/Code/invalidAudio`` saying why the file can't be opened.
    convenience init(path: String) throws(DictationError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT: throw AudioInputProblem.fileMissing(path: path).error
            case EACCES, EPERM: throw AudioInputProblem.fileNotPermitted(path: path).error
            case ENOTDIR: throw AudioInputProblem.pathThroughNonFolder(path: path).error
            default: throw AudioInputProblem.fileUnopenable(path: path, reason: systemErrorText(code)).error
            }
        }
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            _ = closeDescriptor(descriptor)
            throw AudioInputProblem.isFolder(path: path).error
        }
        try self.init(descriptor: descriptor, ownsDescriptor: true, name: AudioInputProblem.file(path))
    }

    /// Reads from a descriptor that is already open: a regular file is seekable, anything else a stream.
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
        let start = lseek(descriptor, 0, SEEK_CUR)
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, start >= 0 {
            // A file handed over part-read (standard input redirected from a file) starts where it stands.
            storage = .file(descriptor: descriptor, length: max(Int64(info.st_size) - Int64(start), 0))
            fileStart = Int64(start)
        } else {
            storage = .stream(descriptor: descriptor)
            fileStart = 0
        }
        self.ownsDescriptor = ownsDescriptor
        self.name = name
    }

    /// Reads bytes held in memory.
    /// - Parameters:
    ///   - bytes: The whole encoded input.
    ///   - name: How to name the input in messages.
    /// - Throws: ``DictationError`` when the wake-up pipe can't be made.
    init(bytes: [UInt8], name: DictationError.Text) throws(DictationError) {
        interruption = try ReadInterruption()
        storage = .memory(bytes)
        ownsDescriptor = false
        fileStart = 0
        self.name = name
    }

    /// Where a regular file's bytes begin in its descriptor.
    private let fileStart: Int64

    deinit { close() }

    /// Whether the input can seek and knows its length, so libsndfile's view of the length is the truth.
    var isSeekable: Bool {
        if case .stream = storage { return false }
        return true
    }

    /// Releases the descriptor if this input opened it; safe to call twice.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        kept = []
        switch storage {
        case .file(let descriptor, _), .stream(let descriptor):
            if ownsDescriptor { _ = closeDescriptor(descriptor) }
        case .memory: break
        }
    }

    /// Ends the opening: a stream keeps nothing more from here on.
    func finishOpening() {
        keepsReadBytes = false
        if case .stream = storage { dropKeptIfPassed() }
    }

    /// Goes back to the first byte, for a second try at opening (raw PCM after a failed guess);
    /// only while opening.
    func rewind() {
        position = 0
    }

    /// The first `count` bytes, read and kept if not yet there; for a look at the content.
    /// - Parameter count: How many bytes to look at.
    /// - Returns: The bytes, fewer at the end of the input.
    func head(_ count: Int) -> [UInt8] {
        switch storage {
        case .memory(let bytes):
            return Array(bytes.prefix(count))
        case .file(let descriptor, let length):
            let wanted = Int(min(Int64(count), length))
            var bytes = [UInt8](repeating: 0, count: wanted)
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted, off_t(fileStart)) }
            return Array(bytes.prefix(max(got, 0)))
        case .stream(let descriptor):
            if keepsReadBytes { fillKept(upTo: Int64(count), from: descriptor) }
            return Array(kept.prefix(count))
        }
    }

    // MARK: - The virtual I/O callbacks' work

    /// The input's length, as libsndfile asks for it; a stream's is unknown, so reported as huge:
    /// libsndfile then believes the header, and a seek towards the end fails.
    var length: Int64 {
        switch storage {
        case .file(_, let length): length
        case .memory(let bytes): Int64(bytes.count)
        case .stream: Int64(Int32.max) * 1024
        }
    }

    /// The position libsndfile sees.
    var tell: Int64 { position }

    /// Moves to `offset` from `whence`.
    /// - Returns: The new position, or -1 when the seek is impossible.
    func seek(_ offset: Int64, whence: Int32) -> Int64 {
        let base: Int64
        switch whence {
        case SEEK_SET: base = 0
        case SEEK_CUR: base = position
        case SEEK_END:
            guard isSeekable else { return -1 }
            base = length
        default: return -1
        }
        let (target, overflow) = base.addingReportingOverflow(offset)
        guard !overflow, target >= 0 else { return -1 }
        if case .stream(let descriptor) = storage {
            guard streamSeek(to: target, descriptor: descriptor) else { return -1 }
        }
        position = target
        return target
    }

    /// Reads up to `count` bytes at the position.
    /// - Returns: How many bytes were read; 0 at the end, on interruption or on a read error.
    func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        guard count > 0, !isClosed else { return 0 }
        switch storage {
        case .memory(let bytes):
            guard position < Int64(bytes.count) else { return 0 }
            let got = min(count, bytes.count - Int(position))
            bytes.withUnsafeBytes { source in
                buffer.copyMemory(from: source.baseAddress! + Int(position), byteCount: got)
            }
            position += Int64(got)
            return got
        case .file(let descriptor, let length):
            guard position < length else { return 0 }
            let wanted = Int(min(Int64(count), length - position))
            var filled = 0
            while filled < wanted, !interruption.isInterrupted {
                let got = pread(descriptor, buffer + filled, wanted - filled, off_t(fileStart + position + Int64(filled)))
                if got > 0 {
                    filled += got
                } else if got == 0 {
                    break
                } else if errno != EINTR {
                    noteReadError(errno)
                    break
                }
            }
            position += Int64(filled)
            return filled
        case .stream(let descriptor):
            return streamRead(into: buffer, count: count, descriptor: descriptor)
        }
    }

    // MARK: - Streams

    private func streamRead(into buffer: UnsafeMutableRawPointer, count: Int, descriptor: Int32) -> Int {
        if keepsReadBytes { fillKept(upTo: position + Int64(count), from: descriptor) }
        var filled = 0
        // First what was kept, then the descriptor.
        if position < Int64(kept.count) {
            let got = min(count, kept.count - Int(position))
            kept.withUnsafeBytes { source in
                buffer.copyMemory(from: source.baseAddress! + Int(position), byteCount: got)
            }
            filled = got
            position += Int64(got)
        }
        guard !keepsReadBytes else { return filled }
        dropKeptIfPassed()
        guard filled < count, position == streamOffset else { return filled }
        let got = readDescriptor(descriptor, into: buffer + filled, count: count - filled)
        position += Int64(got)
        streamOffset += Int64(got)
        return filled + got
    }

    /// A stream seek: within what is kept, or forward by reading (kept while opening, dropped
    /// after), at most ``readAheadLimit`` ahead.
    private func streamSeek(to target: Int64, descriptor: Int32) -> Bool {
        if target == position || (!keptDropped && target <= Int64(kept.count)) { return true }
        if keepsReadBytes {
            guard target - Int64(kept.count) <= Int64(Self.readAheadLimit) else { return false }
            fillKept(upTo: target, from: descriptor, patience: Self.readAheadPatience)
            return target <= Int64(kept.count)
        }
        guard target >= streamOffset, target - streamOffset <= Int64(Self.readAheadLimit) else { return false }
        var scratch = [UInt8](repeating: 0, count: 16 * 1024)
        while streamOffset < target {
            let piece = Int(min(Int64(scratch.count), target - streamOffset))
            let got = scratch.withUnsafeMutableBytes { readDescriptor(descriptor, into: $0.baseAddress!, count: piece) }
            guard got > 0 else { return false }
            streamOffset += Int64(got)
        }
        kept = []
        keptDropped = true
        return true
    }

    /// After opening, forgets the kept bytes once the position is past them.
    private func dropKeptIfPassed() {
        if !keptDropped, position >= Int64(kept.count) {
            kept = []
            keptDropped = true
        }
    }

    /// Reads from the descriptor into ``kept`` until it holds `end` bytes or the stream ends.
    private func fillKept(upTo end: Int64, from descriptor: Int32, patience: Duration? = nil) {
        guard end > Int64(kept.count), streamOffset == Int64(kept.count) else { return }
        let missing = Int(end) - kept.count
        let start = kept.count
        kept.append(contentsOf: repeatElement(0, count: missing))
        let got = kept.withUnsafeMutableBytes {
            readDescriptor(descriptor, into: $0.baseAddress! + start, count: missing, patience: patience)
        }
        kept.removeLast(missing - got)
        streamOffset += Int64(got)
    }

    /// Fills `count` bytes unless the stream ends, fails or is interrupted first, or, with a
    /// `patience`, once it has waited that long in all for bytes to come.
    private func readDescriptor(
        _ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, patience: Duration? = nil
    ) -> Int {
        var filled = 0
        let deadline = patience.map { ContinuousClock.now + $0 }
        while filled < count {
            if interruption.isInterrupted || !interruption.waitUntilReadable(descriptor, until: deadline) { break }
            let got = readDescriptorBytes(descriptor, buffer + filled, count - filled)
            if got > 0 {
                filled += got
            } else if got == 0 {
                break
            } else {
                let code = errno
                // EAGAIN: standard input may have been left non-blocking; poll waits for the next bytes.
                if code == EINTR || code == EAGAIN || code == EWOULDBLOCK { continue }
                noteReadError(code)
                break
            }
        }
        return filled
    }

    private func noteReadError(_ code: Int32) {
        if readError == nil {
            readError = AudioInputProblem.readFailed(input: name, reason: systemErrorText(code)).error
        }
    }
}

extension VirtualAudioInput {
    /// The callbacks libsndfile calls; `user_data` is the unretained input, kept alive by its reader.
    static let callbacks = SF_VIRTUAL_IO(
        get_filelen: { userData in input(userData).length },
        seek: { offset, whence, userData in input(userData).seek(offset, whence: whence) },
        read: { buffer, count, userData in
            guard let buffer, count > 0 else { return 0 }
            return sf_count_t(input(userData).read(into: buffer, count: Int(clamping: count)))
        },
        write: { _, _, _ in 0 },
        tell: { userData in input(userData).tell })

    private static func input(_ userData: UnsafeMutableRawPointer?) -> VirtualAudioInput {
        Unmanaged<VirtualAudioInput>.fromOpaque(userData!).takeUnretainedValue()
    }
}

/// `read(2)`, named apart from ``VirtualAudioInput/read(into:count:)``.
private func readDescriptorBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
        Musl.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}

/// `close(2)`, named apart from ``VirtualAudioInput/close()``.
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
        Glibc.close(descriptor)
    #elseif canImport(Musl)
        Musl.close(descriptor)
    #else
        Darwin.close(descriptor)
    #endif
}
