#if canImport(Glibc)
import Glibc
#endif
import DictationKit
import Foundation
import Testing

@testable import DictationCapture

/// One PCM of a test ALSA configuration: ALSA's `file` plugin over the `null` plugin, which reads
/// the bytes of `infile` as captured audio through the real libasound capture path.
///
/// How the plugin behaves (libasound 1.2.8): it opens `infile` at `snd_pcm_open` (so a missing,
/// unreadable or busy infile fails the open with that errno); every read returns the full
/// period at once (no real-time pacing); at the end of `infile`, or on a read error, it leaves the
/// rest of the caller's buffer untouched and still reports full periods, forever. It writes a
/// copy of what is captured to `outfile` and fails the read with EIO when that write fails.
struct ALSATestPCM: Sendable {
    /// The PCM name to open.
    var name: String
    /// The file, FIFO or device whose bytes are "captured" (raw, in the negotiated format).
    var infile: String
    /// Where the plugin writes what was captured; `/dev/full` makes reads fail once a buffer is written.
    var outfile = "/dev/null"
    /// The slave PCM, as ALSA configuration: `"null"`, or a compound such as a format-restricting
    /// `{ type lfloat slave { pcm "null" format S32_LE } }`.
    var slave = "\"null\""
    /// The hint description, so ``ALSACaptureSource/captureDevices()`` lists it.
    var description = "DictationKit test capture"

    /// The PCM's definition in ALSA configuration syntax.
    var definition: String {
        """
        pcm.\(name) {
            type file
            slave.pcm \(slave)
            file \(ALSATestConfiguration.quoted(outfile))
            infile \(ALSATestConfiguration.quoted(infile))
            format "raw"
            hint {
                show on
                description \(ALSATestConfiguration.quoted(description))
            }
        }

        """
    }
}

/// Writes ALSA configurations of test PCMs. The text includes the system configuration first, so
/// the same file works as `ALSA_CONFIG_PATH` for a whole process (`dictate` in the CLI tests) and
/// as an explicit configuration for one ``ALSACaptureSource`` (`configurationFile`).
enum ALSATestConfiguration {
    static let systemConfiguration = "/usr/share/alsa/alsa.conf"

    /// The configuration text defining `pcms` on top of the system configuration.
    static func text(_ pcms: [ALSATestPCM]) -> String {
        "<\(systemConfiguration)>\n\n" + pcms.map(\.definition).joined()
    }

    /// A string in ALSA configuration syntax.
    static func quoted(_ value: String) -> String {
        "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

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
        var samples = try TestFixtures.goforward()
        if let frames { samples = Array(samples.prefix(frames)) }
        return (try directory.write(TestFixtures.bytes(samples), to: "goforward-\(UUID().uuidString).raw"), samples)
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

/// What the process has open, from `/proc/self/fd`: the real check that a device was closed.
enum OpenFiles {
    /// How many descriptors of this process refer to `path`.
    static func count(of path: String) -> Int {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == target
        }.count
    }
}

/// Waits for something another thread does, with a hang guard; not a timing assertion.
/// - Returns: Whether it happened within `seconds`.
@discardableResult
func waitUntil(_ what: String, seconds: Double = 60, _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
        if ContinuousClock.now >= deadline {
            Issue.record("timed out waiting until \(what)")
            return false
        }
        usleep(1_000)
    }
    return true
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
