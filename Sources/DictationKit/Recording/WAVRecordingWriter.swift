#if canImport(Glibc)
    import Glibc
#endif

/// Writes a recording as a 16-bit PCM WAV file whose header stays true while it grows.
///
/// The file is created with `O_CREAT | O_EXCL` and permissions 0600 (never widened and narrowed
/// afterwards, so there is no moment at which another user could open it), then locked with
/// `flock` for as long as it is written, which tells ``RecordingRepair`` to leave it alone. The
/// RIFF and data sizes in the header are rewritten after every second of audio and when the file
/// is finished, so a process killed at any moment leaves at most a second of audio beyond what the
/// header says; ``RecordingRepair`` fixes that at the next start.
///
/// Used by one thread at a time (the session's audio thread).
final class WAVRecordingWriter {
    /// The bytes before the samples: RIFF, fmt and data chunk headers, as ``header(sampleRate:channelCount:dataByteCount:)`` writes them.
    static let headerSize = 44
    /// The most sample bytes a WAV file can hold: its RIFF size (36 + data) is a 32-bit number.
    static let maximumDataByteCount = UInt64(UInt32.max) - 36

    /// The file.
    let path: String
    /// Samples per second per channel.
    let sampleRate: Int
    /// Interleaved channels.
    let channelCount: Int
    /// Sample bytes written so far.
    private(set) var dataByteCount: UInt64 = 0
    private var descriptor: Int32
    private var bytesSinceHeaderUpdate = 0
    private var encoded: [Int16] = []

    /// Bytes one sample frame takes (the WAV block align).
    var bytesPerFrame: Int { channelCount * 2 }

    /// Creates the file and writes the header of an empty recording.
    /// - Parameters:
    ///   - path: Where; nothing may be there yet.
    ///   - sampleRate: Samples per second per channel.
    ///   - channelCount: Interleaved channels.
    /// - Throws: ``DictationError/Code/recordingFailed`` when the file exists already or can't be
    ///   created or written, or when the format can't be stored in a WAV header.
    init(creating path: String, sampleRate: Int, channelCount: Int) throws(DictationError) {
        guard sampleRate > 0, channelCount > 0, UInt64(sampleRate) * UInt64(channelCount) * 2 <= UInt64(UInt32.max),
            channelCount <= Int(UInt16.max) / 2
        else {
            throw .recordingFailed("a WAV file can't hold audio of \(sampleRate) Hz with \(channelCount) channels")
        }
        self.path = path
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        // O_EXCL: never write into a file someone else made (or a symlink they planted); 0600 from the start.
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            let failure = errno
            throw .recordingFailed("I can't create \(path) (\(DictationError.systemErrorText(failure)))")
        }
        // Held until the file is closed, by this process or by its death: while it is held, the
        // file is being written and ``RecordingRepair`` skips it.
        while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
        let header = Self.header(sampleRate: sampleRate, channelCount: channelCount, dataByteCount: 0)
        if let failure = header.withUnsafeBytes({ writeAll($0, isAudio: false) }) {
            close(descriptor)
            descriptor = -1
            unlink(path)
            throw .recordingFailed("I can't write to \(path) (\(Self.writeFailure(failure)))")
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Appends interleaved samples, converted to 16-bit.
    /// - Parameter samples: Interleaved samples in -1...1, a whole number of frames.
    /// - Throws: ``DictationError/Code/recordingFailed`` when the disk is full or the file can't be
    ///   written, or when the file would outgrow what a WAV header can describe. What was written
    ///   before stays in the file; ``finish()`` still makes it valid.
    func append(_ samples: [Float]) throws(DictationError) {
        guard descriptor >= 0, !samples.isEmpty else { return }
        let byteCount = UInt64(samples.count) * 2
        guard dataByteCount + byteCount <= Self.maximumDataByteCount else {
            throw .recordingFailed(
                "it reached the 4 GiB a WAV file can hold, so I kept the first \(Int(seconds / 3600)) hours in \(path) "
                    + "and stopped recording; start a new session to record more")
        }
        encoded.removeAll(keepingCapacity: true)
        for sample in samples {
            // The inverse of reading 16-bit PCM as value / 32768: audio that came in as 16-bit goes
            // out bit for bit as it came in.
            let scaled = (sample.isNaN ? 0 : sample) * 32_768
            encoded.append(Int16(max(-32_768, min(32_767, scaled.rounded()))).littleEndian)
        }
        if let failure = encoded.withUnsafeBytes({ writeAll($0, isAudio: true) }) {
            throw .recordingFailed(
                "I can't write to \(path) (\(Self.writeFailure(failure))), so it holds the audio up to here "
                    + "and I stopped recording; free some space or choose another folder")
        }
        bytesSinceHeaderUpdate += Int(byteCount)
        // About once a second of audio: two small writes keep the header true for a process killed later.
        if bytesSinceHeaderUpdate >= sampleRate * bytesPerFrame {
            bytesSinceHeaderUpdate = 0
            try updateSizes()
        }
    }

    /// Seconds of audio written so far.
    var seconds: Double { Double(dataByteCount) / Double(sampleRate * bytesPerFrame) }

    /// Makes the header's sizes match the audio, flushes the file to disk and closes it; a
    /// recording that holds no audio is removed instead. Calling it again does nothing.
    /// - Returns: Whether the file was kept (it holds audio).
    /// - Throws: ``DictationError/Code/recordingFailed`` when the header can't be written or the
    ///   file not flushed. The file is closed either way.
    @discardableResult
    func finish() throws(DictationError) -> Bool {
        guard descriptor >= 0 else { return dataByteCount > 0 }
        defer {
            close(descriptor)
            descriptor = -1
        }
        // A write that failed half-way may have left part of a frame: keep whole frames only.
        let whole = dataByteCount / UInt64(bytesPerFrame) * UInt64(bytesPerFrame)
        if whole != dataByteCount {
            dataByteCount = whole
            _ = ftruncate(descriptor, off_t(Self.headerSize) + off_t(whole))
        }
        if dataByteCount == 0 {
            // Removed while still locked, so a repair never sees it half-gone.
            unlink(path)
            return false
        }
        try updateSizes()
        if fsync(descriptor) != 0 {
            let failure = errno
            throw .recordingFailed("I can't flush \(path) to disk (\(DictationError.systemErrorText(failure)))")
        }
        return true
    }

    /// Rewrites the RIFF and data sizes for the audio written so far.
    private func updateSizes() throws(DictationError) {
        let riffSize = Self.littleEndianBytes(UInt32(36 + dataByteCount))
        let dataSize = Self.littleEndianBytes(UInt32(dataByteCount))
        guard pwrite(descriptor, riffSize, 4, 4) == 4, pwrite(descriptor, dataSize, 4, 40) == 4 else {
            let failure = errno
            throw .recordingFailed(
                "I can't update the header of \(path) (\(DictationError.systemErrorText(failure))); it will be "
                    + "repaired when recordings next start")
        }
    }

    /// Writes all of `bytes` at the end of the file.
    /// - Parameters:
    ///   - bytes: What to write.
    ///   - isAudio: Whether they are samples, to be counted in ``dataByteCount`` as they land
    ///     (a write that fails half-way has still put some on disk).
    /// - Returns: `nil` when all was written; else the `errno` of the failure (0: the file system
    ///   took no more bytes).
    private func writeAll(_ bytes: UnsafeRawBufferPointer, isAudio: Bool) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            if written < 0 { return errno }
            if written == 0 { return 0 }
            offset += written
            if isAudio { dataByteCount += UInt64(written) }
        }
        return nil
    }

    /// The text of a failed write's `errno`.
    private static func writeFailure(_ number: Int32) -> String {
        number == 0 ? "the file system took no more bytes" : DictationError.systemErrorText(number)
    }

    /// The 44-byte header of a 16-bit PCM WAV file (RIFF, a 16-byte fmt chunk, the data chunk header).
    /// - Parameters:
    ///   - sampleRate: Samples per second per channel.
    ///   - channelCount: Interleaved channels.
    ///   - dataByteCount: Bytes of samples that follow.
    /// - Returns: The header bytes.
    static func header(sampleRate: Int, channelCount: Int, dataByteCount: UInt64) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerSize)
        bytes += Array("RIFF".utf8) + littleEndianBytes(UInt32(36 + dataByteCount)) + Array("WAVE".utf8)
        bytes += Array("fmt ".utf8) + littleEndianBytes(UInt32(16))
        bytes += littleEndianBytes(UInt16(1))  // WAVE_FORMAT_PCM
        bytes += littleEndianBytes(UInt16(channelCount))
        bytes += littleEndianBytes(UInt32(sampleRate))
        bytes += littleEndianBytes(UInt32(sampleRate * channelCount * 2))  // byte rate
        bytes += littleEndianBytes(UInt16(channelCount * 2))  // block align
        bytes += littleEndianBytes(UInt16(16))  // bits per sample
        bytes += Array("data".utf8) + littleEndianBytes(UInt32(dataByteCount))
        return bytes
    }

    static func littleEndianBytes<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }
}
