import Glibc

/// How many threads a live decoding gives whisper.cpp: as many as it may use, fewer while other
/// work already keeps the cores busy.
///
/// whisper.cpp's threads meet at a barrier after every step of the network, and wait there by
/// spinning, not sleeping. With the cores to themselves that is fastest; when another program
/// (a build, a second decoding) holds a core, a thread spins through its whole time slice
/// waiting for one that is not running, and a decoding that takes 0.5 s on a quiet machine took
/// 10-45 s (two busy loops beside two threads on two cores; `dictation-latency`, see
/// docs/benchmarks.md). One thread needs no barrier, and slows down only by the share of the
/// core it gets. So before each live decoding the threads that are runnable on the machine now
/// (`procs_running` in `/proc/stat`, the caller not counted) are taken off the cores, as
/// OpenMP's dynamic teams do with the load average, and whisper.cpp gets what is left, at least
/// one.
///
/// Only live decodings adapt: whisper.cpp's sums come out in an order that depends on the thread
/// count, and a file's transcript must not change with what else the machine was doing.
enum WhisperThreadShare {
    /// The threads for a decoding that wants `wanted` on a machine with `cores` cores, of which
    /// `othersRunning` threads keep some busy now.
    /// - Parameters:
    ///   - wanted: The most it may use (at least 1).
    ///   - cores: The cores of the machine.
    ///   - othersRunning: Threads runnable now besides the caller; `nil` when unknown, which
    ///     leaves `wanted`.
    /// - Returns: Between 1 and `wanted`.
    static func threads(wanted: Int, cores: Int, othersRunning: Int?) -> Int {
        let wanted = max(1, wanted)
        guard let othersRunning else { return wanted }
        return max(1, min(wanted, cores - max(0, othersRunning)))
    }

    /// The threads runnable on the machine now besides the calling one: `procs_running` in
    /// `/proc/stat` less one; `nil` when it can't be read.
    static func othersRunning() -> Int? {
        guard let text = readProcStat() else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("procs_running ") {
            return Int(line.dropFirst("procs_running ".count)).map { max(0, $0 - 1) }
        }
        return nil
    }

    /// `/proc/stat` whole: a file whose size reads as 0, so it is read until its end.
    private static func readProcStat() -> String? {
        let descriptor = open("/proc/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }
}
