import DictationKit

#if canImport(Glibc)
    import Glibc
#endif

/// The file into a worker and its records out, on the reader's thread (a session's audio thread,
/// never the cooperative pool), each wait a `poll(2)` that ``ReadInterruption`` can end and the
/// stall limit bounds.
final class WorkerConnection {
    /// What a wait for the worker ended with, short of a record.
    enum Outcome: Error {
        /// The session is stopping.
        case interrupted
        /// The worker's problem, as the error to report.
        case failed(DictationError)
    }

    let process: WorkerProcess
    private let interruption: ReadInterruption
    private let stallLimit: Duration
    private let stallSeconds: Double
    private let cpuSeconds: Int
    /// Received and not yet taken; `consumed` bytes of it were.
    private var received: [UInt8] = []
    private var consumed = 0
    /// Where each read lands before it joins `received`: one buffer for the connection's life.
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    private var outputEnded = false

    /// Received bytes a worker may get ahead by while it is still being sent the file (a sound
    /// worker reads its whole file first), beyond which it is read no more until the file is in.
    private static let sendingBacklog = 2 * WorkerRecord.maximumPayload

    init(process: WorkerProcess, interruption: ReadInterruption, limits: AudioDecodingWorker.Limits) {
        self.process = process
        self.interruption = interruption
        stallSeconds = max(limits.stallSeconds, 0.001)
        stallLimit = .milliseconds(Int64(stallSeconds * 1000))
        cpuSeconds = limits.cpuSeconds
    }

    /// Writes the whole file into the worker, then ends its input; what the worker writes
    /// meanwhile is kept. The stall clock restarts with every byte that moves.
    func send(_ bytes: [UInt8]) throws(Outcome) {
        var sent = 0
        var deadline = ContinuousClock.now + stallLimit
        while sent < bytes.count, process.input >= 0 {
            var descriptors = [pollfd(fd: process.input, events: Int16(POLLOUT), revents: 0)]
            if !outputEnded, received.count - consumed < Self.sendingBacklog {
                descriptors.append(pollfd(fd: process.output, events: Int16(POLLIN), revents: 0))
            }
            switch interruption.wait(for: &descriptors, timeoutMilliseconds: Self.milliseconds(until: deadline)) {
            case .interrupted: throw .interrupted
            case .timedOut:
                // poll waits a minute at most: a longer stall limit takes several.
                if ContinuousClock.now >= deadline { throw .failed(stall()) }
                continue
            case .ready: break
            }
            if descriptors.count > 1, descriptors[1].revents != 0, receive() {
                deadline = ContinuousClock.now + stallLimit
            }
            guard descriptors[0].revents != 0 else { continue }
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.send(
                    process.input, buffer.baseAddress.map { $0 + sent }, min(bytes.count - sent, 1 << 16),
                    Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if count > 0 {
                sent += count
                deadline = ContinuousClock.now + stallLimit
            } else if count < 0, errno != EINTR, errno != EAGAIN {
                // The worker closed its input (it died, or wants no more): what it wrote says why.
                break
            }
        }
        process.closeInput()
    }

    /// The next record, waiting for the worker at most the stall limit for it.
    /// - Throws: ``Outcome/failed(_:)`` when the worker's output ends without a last record, is
    ///   not records, or stalls; ``Outcome/interrupted`` when the session stops.
    func nextRecord() throws(Outcome) -> WorkerRecord {
        let deadline = ContinuousClock.now + stallLimit
        while true {
            do {
                if let (record, length) = try WorkerRecord.decode(received[consumed...]) {
                    consumed += length
                    if consumed > 1 << 16 {
                        received.removeFirst(consumed)
                        consumed = 0
                    }
                    return record
                }
            } catch {
                throw .failed(WorkerProblem.garbled(error).error)
            }
            if outputEnded {
                // No last record: the worker died. Its exit follows its output's end at once.
                let termination = process.reap(within: 1)
                if received.count > consumed, termination == .exited(0) {
                    throw .failed(WorkerProblem.garbled(.malformed("last")).error)
                }
                throw .failed(WorkerProblem.stopped(termination, cpuSeconds: cpuSeconds).error)
            }
            var descriptors = [pollfd(fd: process.output, events: Int16(POLLIN), revents: 0)]
            switch interruption.wait(for: &descriptors, timeoutMilliseconds: Self.milliseconds(until: deadline)) {
            case .interrupted: throw .interrupted
            case .timedOut: if ContinuousClock.now >= deadline { throw .failed(stall()) }
            case .ready: _ = receive()
            }
        }
    }

    /// Reads what the worker wrote, without blocking.
    /// - Returns: Whether any bytes came.
    private func receive() -> Bool {
        let count = chunk.withUnsafeMutableBytes { recv(process.output, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        if count > 0 {
            received.append(contentsOf: chunk[0..<count])
            return true
        }
        if count == 0 || (errno != EINTR && errno != EAGAIN) { outputEnded = true }
        return false
    }

    /// The worker awaited past the stall limit: it is killed now, its file refused.
    private func stall() -> DictationError {
        process.stop()
        // A worker the kernel stopped for its CPU time just before is reported as such.
        if case .signaled(let signal) = process.termination, signal == SIGXCPU {
            return WorkerProblem.stopped(.signaled(signal), cpuSeconds: cpuSeconds).error
        }
        return WorkerProblem.stalled(seconds: stallSeconds).error
    }

    /// poll(2)'s timeout until `deadline`: 0 once passed, rounded up, at most a minute (the
    /// caller polls again).
    private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int32(min(seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000, 60_000))
    }
}
