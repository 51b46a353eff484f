import DictationKit
import Synchronization

@testable import DictationCapture

#if canImport(Glibc)
    import Glibc
#endif

/// A capture device that plays a script: periods of audio and the faults a machine without a
/// sound card can't produce (an overrun, a device that goes away, one that goes quiet). It runs
/// on the real capture thread, channel and reader.
final class ScriptedCaptureDevice: CaptureDevice {
    enum Step: Sendable {
        /// A read returns these samples (at most one period).
        case audio([Int16])
        /// A read fails with `-errno`; recovering from it returns `recovery`.
        case error(Int32, recovery: Int = 0)
        /// A read finds nothing and the following wait times out.
        case silence
        /// The device delivers nothing until the test opens the gate: how a test lets a reader
        /// catch up between two bursts.
        case gate(Gate)
    }

    /// Holds a script back until the test opens it; readable from any thread.
    final class Gate: Sendable {
        private let opened = Atomic<Bool>(false)
        var isOpen: Bool { opened.load(ordering: .acquiring) }
        func open() { opened.store(true, ordering: .releasing) }
    }

    /// What the capture thread did with the device, readable from the test thread.
    final class Log: Sendable {
        private let state = WaitableState<(recoveries: [Int], closed: Bool, playedOut: Bool)>(([], false, false))
        var recoveries: [Int] { state.read { $0.recoveries } }
        var isClosed: Bool { state.read { $0.closed } }
        func recovered(_ error: Int) { state.withLock { $0.recoveries.append(error) } }
        func close() { state.withLock { $0.closed = true } }
        func playedOut() { state.withLock { $0.playedOut = true } }
        /// Blocks until the device has delivered its whole script, or `timeout` has passed.
        /// - Returns: Whether it has.
        func waitUntilPlayedOut(timeout: Duration) -> Bool {
            state.wait(until: { $0.playedOut }, timeout: timeout)
        }
    }

    let name = "scripted mic"
    let format = AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .int16)
    let periodFrames = 320
    private var steps: [Step]
    private let log: Log
    private var recovery = 0
    private var timesOutNext = false

    init(steps: [Step], log: Log) {
        self.steps = steps
        self.log = log
    }

    func read(into buffer: UnsafeMutableRawBufferPointer, frames: Int) -> Int {
        guard let next = steps.first else { return -Int(EAGAIN) }
        if case .gate(let gate) = next {
            guard gate.isOpen else { return -Int(EAGAIN) }
            steps.removeFirst()
            return read(into: buffer, frames: frames)
        }
        switch steps.removeFirst() {
        case .audio(let samples):
            let count = min(samples.count, frames)
            for (index, sample) in samples.prefix(count).enumerated() {
                buffer.storeBytes(of: sample.littleEndian, toByteOffset: index * 2, as: Int16.self)
            }
            if steps.isEmpty { log.playedOut() }
            return count
        case .error(let code, let recovery):
            self.recovery = recovery
            return -Int(code)
        case .silence:
            timesOutNext = true
            return -Int(EAGAIN)
        case .gate:
            return -Int(EAGAIN)
        }
    }

    func recover(from error: Int) -> Int {
        log.recovered(error)
        return recovery
    }

    func waitForAudio(timeoutMilliseconds milliseconds: Int32, interruption: ReadInterruption) -> CaptureWait {
        if timesOutNext {
            timesOutNext = false
            return .timedOut
        }
        // A closed gate: nothing until the test opens it, or the session stops.
        if case .gate(let gate)? = steps.first {
            var none: [pollfd] = []
            while !gate.isOpen {
                if interruption.wait(for: &none, timeoutMilliseconds: 1) == .interrupted { return .interrupted }
            }
            return .ready
        }
        // More script to play: it is "ready" at once. The script played out: a device that has
        // nothing more to say, until the session stops.
        if !steps.isEmpty { return .ready }
        var none: [pollfd] = []
        return interruption.wait(for: &none, timeoutMilliseconds: -1)
    }

    func close() {
        log.close()
    }

    /// Starts the real capture thread on a scripted device.
    static func open(
        _ steps: [Step], bufferSeconds: Double = 30, stallLimit: Duration = .seconds(3600)
    ) throws -> (reader: LiveCaptureReader, log: Log) {
        let log = Log()
        let reader = try LiveCaptureReader.start(
            deviceName: "scripted mic", bufferSeconds: bufferSeconds, stallLimit: stallLimit
        ) { ScriptedCaptureDevice(steps: steps, log: log) }
        return (reader, log)
    }

    /// `samples` as one step per period, the last one padded with digital silence to a whole period,
    /// so that every period is the size the capture thread judges and the queue sheds.
    static func periods(_ samples: [Int16]) -> [Step] {
        let padded = samples + [Int16](repeating: 0, count: (320 - samples.count % 320) % 320)
        return stride(from: 0, to: padded.count, by: 320).map { .audio(Array(padded[$0..<$0 + 320])) }
    }

    /// `seconds` of digital silence, in whole periods.
    static func silence(seconds: Double) -> [Int16] {
        [Int16](repeating: 0, count: Int((seconds * 16_000 / 320).rounded()) * 320)
    }

    /// `count` samples of a recognizable ramp starting at `start`.
    static func ramp(_ count: Int, from start: Int) -> [Int16] {
        (0..<count).map { Int16(truncatingIfNeeded: (start + $0) * 7) }
    }
}
