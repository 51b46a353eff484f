import DictationKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lets another thread wake a reader that is blocked on a pipe or sleeping for pacing.
///
/// A flag alone would only be seen at the next read; a blocking `read(2)` on standard input or a
/// long pacing sleep would never look at it. So the reader waits with `poll(2)` on its descriptor
/// and on the read end of a private pipe, and ``interrupt()`` writes a byte into that pipe.
final class ReadInterruption: Sendable {
    private let interrupted = Atomic<Bool>(false)
    private let wakeReadEnd: Int32
    private let wakeWriteEnd: Int32

    /// - Throws: ``DictationError`` when the process is out of file descriptors.
    init() throws(DictationError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw AudioInputProblem.wakePipeFailed(reason: systemErrorText()).error
        }
        for end in ends {
            // Non-blocking so that interrupt() never blocks on a full pipe; close-on-exec so that
            // child processes of the app don't inherit it.
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        wakeReadEnd = ends[0]
        wakeWriteEnd = ends[1]
    }

    deinit {
        _ = close(wakeReadEnd)
        _ = close(wakeWriteEnd)
    }

    /// Whether ``interrupt()`` has been called.
    var isInterrupted: Bool { interrupted.load(ordering: .acquiring) }

    /// Wakes every current and future wait; safe from any thread.
    func interrupt() {
        interrupted.store(true, ordering: .releasing)
        var byte: UInt8 = 1
        // A full pipe already holds a wake-up, so a failed write loses nothing.
        _ = write(wakeWriteEnd, &byte, 1)
    }

    /// Blocks until `descriptor` has bytes, end of file or an error to report.
    /// - Parameters:
    ///   - descriptor: The descriptor about to be read.
    ///   - deadline: When to give up waiting; `nil`: never.
    /// - Returns: `false` when interrupted, or out of time, first.
    func waitUntilReadable(_ descriptor: Int32, until deadline: ContinuousClock.Instant? = nil) -> Bool {
        var fds = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeReadEnd, events: Int16(POLLIN), revents: 0),
        ]
        while !isInterrupted {
            var timeout: Int32 = -1
            if let deadline {
                guard let left = Self.pollMilliseconds(until: deadline) else { return false }
                timeout = left
            }
            let ready = poll(&fds, 2, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                // Let the read itself run into the problem and report it.
                return true
            }
            if fds[0].revents != 0 { return !isInterrupted }
        }
        return false
    }

    /// Waits until one of `descriptors` has an event, `milliseconds` pass or ``interrupt()`` is called:
    /// how a live capture thread waits for its device.
    /// - Parameters:
    ///   - descriptors: Polled in place; their `revents` say what happened.
    ///   - milliseconds: The longest wait; negative waits without limit.
    /// - Returns: What ended the wait.
    func wait(for descriptors: inout [pollfd], timeoutMilliseconds milliseconds: Int32) -> CaptureWait {
        var fds = descriptors
        fds.append(pollfd(fd: wakeReadEnd, events: Int16(POLLIN), revents: 0))
        while !isInterrupted {
            let ready = poll(&fds, nfds_t(fds.count), milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                // Let the next read run into the problem and report it.
                return .ready
            }
            if isInterrupted { break }
            descriptors = Array(fds.dropLast())
            return ready == 0 ? .timedOut : .ready
        }
        return .interrupted
    }

    /// Sleeps until `deadline` unless interrupted.
    /// - Parameter deadline: When to wake.
    /// - Returns: `false` when interrupted before the deadline.
    func sleep(until deadline: ContinuousClock.Instant) -> Bool {
        var fds = [pollfd(fd: wakeReadEnd, events: Int16(POLLIN), revents: 0)]
        while !isInterrupted {
            guard let milliseconds = Self.pollMilliseconds(until: deadline) else { return true }
            let ready = poll(&fds, 1, milliseconds)
            if ready < 0, errno != EINTR { return !isInterrupted }
        }
        return false
    }

    /// poll(2)'s timeout until `deadline`, `nil` once it has passed: rounded up, so a waiter
    /// never wakes just before its due time and spins, and at most a minute, which keeps the
    /// arithmetic far from overflow (the caller polls again).
    private static func pollMilliseconds(until deadline: ContinuousClock.Instant) -> Int32? {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return nil }
        let (seconds, attoseconds) = left.components
        return Int32(
            seconds >= 60 ? 60_000 : seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}

/// The text for the current `errno`, e.g. "Permission denied".
func systemErrorText(_ code: Int32 = errno) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}
