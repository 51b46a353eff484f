import DictationKit

/// What a capture thread, its session's reader and the thread that stops the session share.
///
/// The capture thread pushes periods, the reader takes them, and `stop()` may come from any
/// thread. Everything mutable sits in one ``CaptureQueue``; a ``DictationKit/WaitableState``
/// holds it and wakes the reader that blocks for audio, the end or the thread's exit.
final class CaptureChannel: Sendable {
    private let queue = WaitableState(CaptureQueue())
    /// How opening the device went; `nil` until the capture thread says.
    private let setup = WaitableState<Result<CaptureSetup, DictationError>?>(nil)
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
    ///   - margins: The quiet kept next to loud audio when shedding.
    func reportSetup(
        _ result: Result<CaptureSetup, DictationError>, bufferSeconds: Double,
        margins: CaptureQueue.Margins = CaptureQueue.Margins()
    ) {
        if case .success(let setup) = result {
            let capacity = Self.capacityFrames(seconds: bufferSeconds, setup: setup)
            queue.withLock { $0.configure(format: setup.format, capacityFrames: capacity, margins: margins) }
        }
        setup.withLock { $0 = result }
    }

    /// Queues a captured period.
    /// - Parameters:
    ///   - samples: The period's interleaved samples.
    ///   - isLoud: Whether ``CaptureLoudness`` ranked it loud, which keeps it longest when the
    ///     queue must shed audio.
    ///   - captureTime: When its first frame was captured.
    /// - Returns: `false` once the session is stopping; the audio was discarded.
    @discardableResult
    func push(_ samples: [Float], isLoud: Bool, captureTime: ContinuousClock.Instant) -> Bool {
        queue.withLock { $0.append(samples, isLoud: isLoud, captureTime: captureTime) }
    }

    /// Counts an overrun the device recovered from.
    func noteOverrun() {
        queue.withLock { $0.noteOverrun() }
    }

    /// Ends capture with `error`, delivered after the audio queued before it.
    func fail(_ error: DictationError) {
        queue.withLock { $0.fail(error) }
    }

    /// Called last on the capture thread, once the device is released.
    func captureEnded() {
        // A thread that ended without a word about its setup must not leave `open()` waiting.
        setup.withLock { if $0 == nil { $0 = .failure(ALSAError.captureThreadSilent()) } }
        queue.withLock { $0.endCapture() }
    }

    // MARK: - Reader and session

    /// Blocks until the capture thread has opened the device or failed to.
    func waitForSetup() -> Result<CaptureSetup, DictationError> {
        setup.waitAndTake { $0 }
    }

    /// Takes queued audio, the failure or the end, blocking while there is none of them yet.
    func take(maxFrames: Int) -> CaptureQueue.Take {
        queue.waitAndTake { $0.take(maxFrames: maxFrames) }
    }

    /// Stops capture: the capture thread leaves its loop and releases the device; the reader gets
    /// what was queued before, then the end. Safe from any thread, any number of times.
    func stop() {
        queue.withLock { $0.stop() }
        interruption.interrupt()
    }

    /// Blocks until the capture thread has released the device and ended.
    func waitUntilCaptureEnded() {
        queue.wait(until: { $0.captureEnded })
    }

    /// The overrun episodes that ended and were not reported yet, oldest first.
    func takeEndedEpisodes() -> [OverrunEpisode] {
        queue.withLock { $0.takeEndedEpisodes() }
    }

    /// Counters for tests and diagnostics.
    var statistics: (capturedFrames: Int, droppedFrames: Int, droppedLoudFrames: Int, overruns: Int, captureEnded: Bool) {
        queue.read {
            ($0.capturedFrames, $0.droppedFrames, $0.droppedLoudFrames, $0.overruns, $0.captureEnded)
        }
    }

    /// `seconds` of audio in frames, at least one period; clamped before converting, so NaN or an
    /// absurd value can't trap.
    private static func capacityFrames(seconds: Double, setup: CaptureSetup) -> Int {
        let seconds = seconds.isNaN ? 0 : min(max(seconds, 0), 86_400)
        let frames = min(seconds * Double(max(setup.format.sampleRate, 1)), Double(Int32.max))
        return max(Int(frames), setup.periodFrames, 1)
    }
}
