import DictationKit
import DictationTestSupport
import Foundation
import Testing

@testable import DictationCapture

#if canImport(Glibc)
    import Glibc
#endif

/// A temporary directory with ALSA configurations and audio for one test.
final class ALSATestBench {
    let directory: TemporaryDirectory

    /// libasound reports every failed open on standard error; the tests look at the errors
    /// instead. Set once: the handler is global to libasound.
    private static let quietLibrary: Void = ALSAPCM.setLibraryMessagesPrinted(false)

    init() throws {
        directory = try TemporaryDirectory()
        Self.quietLibrary
    }

    /// A PCM name unique to this test process and call.
    static func uniqueName(_ stem: String) -> String {
        "dk_\(stem)_\(UUID().uuidString.prefix(8))"
    }

    /// Writes a configuration defining `pcms`.
    /// - Returns: Its path.
    func writeConfiguration(_ pcms: [ALSATestPCM], name: String = "asound-\(UUID().uuidString).conf") throws -> String {
        let path = directory.path(name)
        try ALSATestConfiguration.text(pcms).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A source that opens `pcm` from a configuration of its own.
    func source(_ pcm: ALSATestPCM, preferredSampleRate: Int = 16_000, bufferSeconds: Double = 30) throws
        -> ALSACaptureSource
    {
        ALSACaptureSource(
            device: pcm.name, configurationFile: try writeConfiguration([pcm]),
            preferredSampleRate: preferredSampleRate, bufferSeconds: bufferSeconds)
    }

    /// Writes goforward (or the first `frames` of it) as a raw 16-bit file.
    /// - Returns: Its path and its samples.
    func goforwardFile(frames: Int? = nil) throws -> (path: String, samples: [Int16]) {
        var samples = try PocketSphinxTestData.goForward()
        if let frames { samples = Array(samples.prefix(frames)) }
        return (try directory.write(PCM16.bytes(samples), to: "goforward-\(UUID().uuidString).raw"), samples)
    }
}

/// The write end of a named pipe used as a PCM's infile: the test decides when audio "arrives",
/// which makes a live capture deterministic. ALSA's file plugin reads it with one `read(2)` per
/// period, so the test writes whole periods, in atomic writes of at most `PIPE_BUF` bytes.
final class FIFOWriter {
    let path: String
    private var descriptor: Int32

    /// Creates the FIFO and opens it read-write: that never waits for a reader, and keeps the FIFO
    /// from reporting end-of-file to the plugin until ``close()``.
    init(path: String) throws {
        self.path = path
        try #require(mkfifo(path, 0o600) == 0, "mkfifo \(path): \(String(cString: strerror(errno)))")
        descriptor = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        try #require(descriptor >= 0, "open \(path): \(String(cString: strerror(errno)))")
    }

    deinit { close() }

    /// Writes `bytes` in pieces of `chunkBytes` (a whole number of periods, at most `PIPE_BUF`),
    /// waiting while the pipe is full; a hang guard fails the test if nobody reads for a minute.
    func write(_ bytes: [UInt8], chunkBytes: Int) throws {
        var offset = 0
        let deadline = ContinuousClock.now + .seconds(60)
        while offset < bytes.count {
            let count = min(chunkBytes, bytes.count - offset)
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.write(descriptor, base + offset, count)
            }
            if written == count {
                offset += count
                continue
            }
            try #require(written < 0 && (errno == EAGAIN || errno == EINTR), "a FIFO write of \(count) bytes wrote \(written)")
            try #require(ContinuousClock.now < deadline, "nobody read the FIFO for a minute")
            var fds = [pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)]
            _ = poll(&fds, 1, 100)
        }
    }

    /// Closes the write end: the plugin's blocked `read(2)` sees end-of-file.
    func close() {
        guard descriptor >= 0 else { return }
        _ = Glibc.close(descriptor)
        descriptor = -1
    }
}

extension AudioReader {
    /// The reader as the live capture reader `ALSACaptureSource` returns.
    var live: LiveCaptureReader? { self as? LiveCaptureReader }

    /// The episodes of lost audio the reader reports (`AudioLossReporting`), oldest first.
    func takeLosses() -> [AudioLoss] {
        (self as? any AudioLossReporting)?.takeAudioLosses() ?? []
    }

    /// The warnings among the reader's events (``AudioReader/takeEvents()``), oldest first; a
    /// capture reader has no other kind, so any other fails the test.
    func takeErrors() -> [DictationError] {
        takeEvents().compactMap { event in
            guard case .error(let error) = event else {
                Issue.record("a capture reader reported \(event)")
                return nil
            }
            return error
        }
    }
}
