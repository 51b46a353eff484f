import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Repairs recordings whose run could not finish them: a process killed with SIGKILL (which
/// can't be caught), a crash, a power cut.
///
/// Such a file holds its audio, but the sizes in its header may be older than the audio (they are
/// rewritten about once a second while recording), and its last sample frame may be cut short.
/// A session repairs its recording folder each time a run with recordings starts; apps may also
/// call ``repairRecordings(in:)`` themselves.
///
/// A file that another run is still writing (it holds a `flock` on it, released when that process
/// ends, however it ends) is left alone, and so is any file whose header is not the 16-bit PCM
/// WAV header DictationKit writes.
public enum RecordingRepair {
    /// What happened to one file.
    public enum Outcome: Sendable, Hashable {
        /// Its header already matched its audio.
        case intact
        /// Its header sizes were fixed, and a partial trailing sample frame cut off.
        case repaired
        /// It held no audio at all, and was removed.
        case removed
        /// It was left alone: being written, too new to judge, or not a recording DictationKit wrote.
        case skipped
    }

    /// What ``repairRecordings(in:)`` did.
    public struct Report: Sendable, Hashable {
        /// Files whose header was fixed.
        public var repaired: [String] = []
        /// Files that held no audio and were removed.
        public var removed: [String] = []
        /// Files that could not be checked or fixed, with why.
        public var failures: [DictationError] = []

        /// Creates an empty report.
        public init() {}
    }

    /// A file shorter than a header that was touched this recently may be a recording whose writer
    /// has created it and not yet locked it: it is left for a later repair.
    static let creationGracePeriod: Double = 10

    /// Repairs every recording in a folder.
    /// - Parameter directory: The folder; a folder that does not exist holds nothing to repair.
    /// - Returns: What was repaired and removed, and what could not be checked.
    public static func repairRecordings(in directory: String) -> Report {
        var report = Report()
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            if FileManager.default.fileExists(atPath: directory) {
                report.failures.append(.recordingFailed("I can't list the recordings in \(directory) to check them"))
            }
            return report
        }
        for name in names.sorted() where name.hasSuffix(".wav") {
            let path = directory + "/" + name
            do {
                switch try repairRecording(at: path) {
                case .repaired: report.repaired.append(path)
                case .removed: report.removed.append(path)
                case .intact, .skipped: break
                }
            } catch {
                report.failures.append(error)
            }
        }
        return report
    }

    /// Repairs one recording: fixes its RIFF and data sizes to the whole sample frames present,
    /// cutting off a partial trailing frame, or removes it when it holds no audio.
    /// - Parameter path: The file.
    /// - Returns: What was done.
    /// - Throws: ``DictationError/Code/recordingFailed`` when it can't be opened, read or fixed.
    public static func repairRecording(at path: String) throws(DictationError) -> Outcome {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw failure("I can't look at \(path)") }
        // Only regular files: never follow a link out of the folder, never open a FIFO.
        guard status.st_mode & S_IFMT == S_IFREG else { return .skipped }
        let descriptor = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { throw failure("I can't open \(path) to repair it") }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            if errno == EWOULDBLOCK { return .skipped }  // a run is writing it
            throw failure("I can't lock \(path) to repair it")
        }
        guard fstat(descriptor, &status) == 0 else { throw failure("I can't look at \(path)") }
        let length = UInt64(status.st_size)

        var header = [UInt8](repeating: 0, count: WAVRecordingWriter.headerSize)
        let read = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard read >= 0 else { throw failure("I can't read \(path) to repair it") }
        guard read == WAVRecordingWriter.headerSize else {
            // No complete header: no audio either. Remove it if it is the start of one of ours.
            let start = Array(header.prefix(read))
            guard start.isEmpty || Array("RIFF".utf8).starts(with: start.prefix(4)) else { return .skipped }
            let age = Date().timeIntervalSince1970 - Double(status.st_mtim.tv_sec)
            guard age >= creationGracePeriod else { return .skipped }
            return try remove(path, descriptor: descriptor, status: status)
        }
        guard let layout = Layout(header) else { return .skipped }

        let available = length - UInt64(WAVRecordingWriter.headerSize)
        let dataByteCount =
            min(available, WAVRecordingWriter.maximumDataByteCount)
            / UInt64(layout.bytesPerFrame) * UInt64(layout.bytesPerFrame)
        if dataByteCount == 0 { return try remove(path, descriptor: descriptor, status: status) }
        guard
            dataByteCount != layout.dataByteCount || length != UInt64(WAVRecordingWriter.headerSize) + dataByteCount
                || layout.riffSize != 36 + dataByteCount
        else { return .intact }

        if length > UInt64(WAVRecordingWriter.headerSize) + dataByteCount {
            guard ftruncate(descriptor, off_t(WAVRecordingWriter.headerSize) + off_t(dataByteCount)) == 0 else {
                throw failure("I can't cut the partial last sample off \(path)")
            }
        }
        let riffSize = WAVRecordingWriter.littleEndianBytes(UInt32(36 + dataByteCount))
        let dataSize = WAVRecordingWriter.littleEndianBytes(UInt32(dataByteCount))
        guard pwrite(descriptor, riffSize, 4, 4) == 4, pwrite(descriptor, dataSize, 4, 40) == 4,
            fsync(descriptor) == 0
        else { throw failure("I can't fix the header of \(path)") }
        return .repaired
    }

    /// Removes a file that holds no audio, if the path still names the file that was checked.
    private static func remove(_ path: String, descriptor: Int32, status: stat) throws(DictationError) -> Outcome {
        var current = stat()
        guard stat(path, &current) == 0, current.st_ino == status.st_ino, current.st_dev == status.st_dev else {
            return .skipped
        }
        guard unlink(path) == 0 else { throw failure("I can't remove \(path), a recording with no audio") }
        return .removed
    }

    private static func failure(_ what: String) -> DictationError {
        let number = errno
        return .recordingFailed("\(what) (\(DictationError.systemErrorText(number)))")
    }

    /// The sizes and frame size in a header of the one layout ``WAVRecordingWriter`` writes.
    struct Layout {
        var riffSize: UInt64
        var dataByteCount: UInt64
        var bytesPerFrame: Int

        /// Reads a 44-byte header; `nil` unless it is a 16-bit PCM header laid out as DictationKit writes it.
        init?(_ header: [UInt8]) {
            func text(_ offset: Int) -> String { String(decoding: header[offset..<offset + 4], as: UTF8.self) }
            func uint16(_ offset: Int) -> Int { Int(header[offset]) | Int(header[offset + 1]) << 8 }
            func uint32(_ offset: Int) -> UInt64 { UInt64(uint16(offset)) | UInt64(uint16(offset + 2)) << 16 }
            guard header.count >= WAVRecordingWriter.headerSize, text(0) == "RIFF", text(8) == "WAVE",
                text(12) == "fmt ", uint32(16) == 16, uint16(20) == 1, text(36) == "data"
            else { return nil }
            let channels = uint16(22)
            let sampleRate = uint32(24)
            guard channels > 0, sampleRate > 0, uint16(34) == 16, uint16(32) == channels * 2,
                uint32(28) == sampleRate * UInt64(channels) * 2
            else { return nil }
            riffSize = uint32(4)
            dataByteCount = uint32(40)
            bytesPerFrame = channels * 2
        }
    }
}
