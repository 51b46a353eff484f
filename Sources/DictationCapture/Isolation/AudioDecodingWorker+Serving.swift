import DictationKit

#if canImport(Glibc)
    import Glibc
#endif

extension AudioDecodingWorker {
    /// Frames per samples record: 0.34 s at 48 kHz, small enough that the reader's first audio
    /// comes at once, large enough that a record's header costs nothing.
    static let framesPerRecord = 16_384

    /// The worker's side: reads an encoded file from standard input to its end, decodes it with
    /// ``AudioDataSource`` and writes the format, the samples and the end (or the error) to
    /// standard output, as ``WorkerAudioDataSource`` reads them.
    ///
    /// Call it from the `main` of the program an ``AudioDecodingWorker`` runs, and exit with what
    /// it returns; nothing else should write to standard output. It sets no limits of its own:
    /// the reader sets them before it sends the file.
    /// - Returns: The exit status: 0 when the records were written (a file refused included),
    ///   1 when standard input or output failed.
    public static func serveStandardStreams() -> Int32 {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
            } else if count == 0 {
                break
            } else if errno != EINTR {
                return 1
            }
        }
        let output = WorkerOutput()
        do {
            let reader = try AudioDataSource(bytes: bytes).open()
            defer { reader.close() }
            guard
                output.write(
                    .format(
                        sampleRate: reader.format.sampleRate, channelCount: reader.format.channelCount,
                        expectedDuration: reader.expectedDuration))
            else { return 1 }
            while let frame = try reader.read(maxFrames: framesPerRecord) {
                guard frame.samples.isEmpty || output.write(.samples(frame.samples)) else { return 1 }
            }
            return output.write(.end) ? 0 : 1
        } catch {
            return output.write(.failure(error)) ? 0 : 1
        }
    }
}

/// Standard output, written whole record by record.
private struct WorkerOutput {
    /// - Returns: `false` when standard output failed (the reader is gone).
    func write(_ record: WorkerRecord) -> Bool {
        let bytes = record.encoded
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress.map { $0 + written }, bytes.count - written) }
            if count > 0 {
                written += count
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }
}
