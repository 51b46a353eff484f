#if canImport(Glibc)
import Glibc
#endif
import DictationKit
import Synchronization

@testable import DictationCapture

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
    }

    /// What the capture thread did with the device, readable from the test thread.
    final class Log: Sendable {
        private let state = Mutex<(recoveries: [Int], closed: Bool)>(([], false))
        var recoveries: [Int] { state.withLock { $0.recoveries } }
        var isClosed: Bool { state.withLock { $0.closed } }
        func recovered(_ error: Int) { state.withLock { $0.recoveries.append(error) } }
        func close() { state.withLock { $0.closed = true } }
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
        guard !steps.isEmpty else { return -Int(EAGAIN) }
        switch steps.removeFirst() {
        case .audio(let samples):
            let count = min(samples.count, frames)
            for (index, sample) in samples.prefix(count).enumerated() {
                buffer.storeBytes(of: sample.littleEndian, toByteOffset: index * 2, as: Int16.self)
            }
            return count
        case .error(let code, let recovery):
            self.recovery = recovery
            return -Int(code)
        case .silence:
            timesOutNext = true
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

    /// `count` samples of a recognizable ramp starting at `start`.
    static func ramp(_ count: Int, from start: Int) -> [Int16] {
        (0..<count).map { Int16(truncatingIfNeeded: (start + $0) * 7) }
    }
}
