import Dispatch
import DictationKit
import Synchronization

/// What a capture thread, its session's reader and the thread that stops the session share.
///
/// The capture thread pushes periods, the reader takes them, and `stop()` may come from any
/// thread. Everything mutable sits in one ``CaptureQueue`` behind a `Mutex`; the semaphores only
/// carry wake-ups, each signalled once per wait.
final class CaptureChannel: Sendable {
    private let queue = Mutex(CaptureQueue())
    /// Wakes the blocked reader; signalled once per wait, see ``CaptureQueue/readerIsWaiting``.
    private let readerWakeup = DispatchSemaphore(value: 0)
    private let setupResult = Mutex<Result<CaptureSetup, DictationError>?>(nil)
    private let setupDone = DispatchSemaphore(value: 0)
    private let threadDone = DispatchSemaphore(value: 0)
    /// Cuts the capture thread's waits short when the session stops.
    let interruption: ReadInterruption

    /// - Throws: ``DictationError`` when the process is out of file descriptors.
    init() throws(DictationError) {
        interruption = try ReadInterruption()
    }

    // MARK: - Capture thread

    /// Hands the outcome of opening the device to the thread waiting in `open()`.
    /// - Parameters:
    ///   - result: The negotiated setup, or why the device could not be used.
    ///   - bufferSeconds: How much audio may wait for the reader before the queue sheds some.
    ///   - margins: The silence kept next to speech when shedding.
    func reportSetup(
        _ result: Result<CaptureSetup, DictationError>, bufferSeconds: Double,
        margins: CaptureQueue.SpeechMargins = CaptureQueue.SpeechMargins()
    ) {
        if case .success(let setup) = result {
            let capacity = Self.capacityFrames(seconds: bufferSeconds, setup: setup)
            queue.withLock { $0.configure(format: setup.format, capacityFrames: capacity, margins: margins) }
        }
        setupResult.withLock { $0 = result }
        setupDone.signal()
    }

    /// Queues a captured period.
    /// - Parameters:
    ///   - samples: The period's interleaved samples.
    ///   - isSpeech: Whether the voice detector judged it speech, which keeps it longest when the
    ///     queue must shed audio.
    ///   - captureTime: When its first frame was captured.
    /// - Returns: `false` once the session is stopping; the audio was discarded.
    @discardableResult
    func push(_ samples: [Float], isSpeech: Bool, captureTime: ContinuousClock.Instant) -> Bool {
        let (queued, wake) = queue.withLock { queue -> (Bool, Bool) in
            let queued = queue.append(samples, isSpeech: isSpeech, captureTime: captureTime)
            return (queued, queued && Self.takeWaiter(&queue))
        }
        if wake { readerWakeup.signal() }
        return queued
    }

    /// Counts an overrun the device recovered from.
    func noteOverrun() {
        queue.withLock { $0.noteOverrun() }
    }

    /// Ends capture with `error`, delivered after the audio queued before it.
    func fail(_ error: DictationError) {
        let wake = queue.withLock { queue -> Bool in
            queue.fail(error)
            return Self.takeWaiter(&queue)
        }
        if wake { readerWakeup.signal() }
    }

    /// Called last on the capture thread, once the device is released.
    func captureEnded() {
        let wake = queue.withLock { queue -> Bool in
            queue.endCapture()
            return Self.takeWaiter(&queue)
        }
        if wake { readerWakeup.signal() }
        threadDone.signal()
    }

    // MARK: - Reader and session

    /// Blocks until the capture thread has opened the device or failed to.
    func waitForSetup() -> Result<CaptureSetup, DictationError> {
        setupDone.wait()
        setupDone.signal()
        return setupResult.withLock { $0 } ?? .failure(ALSAError.captureThreadSilent())
    }

    /// Takes queued audio, the failure, the end, or registers the reader as waiting.
    func take(maxFrames: Int) -> CaptureQueue.Take {
        queue.withLock { $0.take(maxFrames: maxFrames) }
    }

    /// Blocks the reader until the next signal; called only after ``take(maxFrames:)`` returned
    /// ``CaptureQueue/Take/wait``, so every wait has exactly one signal coming.
    func waitForAudio() {
        readerWakeup.wait()
    }

    /// Stops capture: the capture thread leaves its loop and releases the device; the reader gets
    /// what was queued before, then the end. Safe from any thread, any number of times.
    func stop() {
        let wake = queue.withLock { queue -> Bool in
            queue.stop()
            return Self.takeWaiter(&queue)
        }
        if wake { readerWakeup.signal() }
        interruption.interrupt()
    }

    /// Blocks until the capture thread has released the device and ended.
    func waitUntilCaptureEnded() {
        threadDone.wait()
        // Leave the signal for any later caller (close() after a dropped reader's stop, tests).
        threadDone.signal()
    }

    /// The overrun episodes that ended and were not reported yet, oldest first.
    func takeEndedEpisodes() -> [OverrunEpisode] {
        queue.withLock { $0.takeEndedEpisodes() }
    }

    /// Counters for tests and diagnostics.
    var statistics:
        (capturedFrames: Int, droppedFrames: Int, droppedSpeechFrames: Int, overruns: Int, captureEnded: Bool)
    {
        queue.withLock {
            ($0.capturedFrames, $0.droppedFrames, $0.droppedSpeechFrames, $0.overruns, $0.captureEnded)
        }
    }

    /// Clears the waiting flag; the caller signals after unlocking when this returns `true`.
    private static func takeWaiter(_ queue: inout CaptureQueue) -> Bool {
        guard queue.readerIsWaiting else { return false }
        queue.readerIsWaiting = false
        return true
    }

    /// `seconds` of audio in frames, at least one period; clamped before converting, so NaN or an
    /// absurd value can't trap.
    private static func capacityFrames(seconds: Double, setup: CaptureSetup) -> Int {
        let seconds = seconds.isNaN ? 0 : min(max(seconds, 0), 86_400)
        let frames = min(seconds * Double(max(setup.format.sampleRate, 1)), Double(Int32.max))
        return max(Int(frames), setup.periodFrames, 1)
    }
}
