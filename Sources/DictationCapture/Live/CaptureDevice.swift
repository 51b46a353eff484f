import DictationKit

/// What the capture thread needs from a live device: its negotiated layout, one non-blocking
/// read, recovery from a glitch, and a wait that a stopping session can cut short.
///
/// ``ALSAPCM`` is the real one. Tests drive the same capture thread with scripted devices, to
/// produce the faults a machine without a sound card can't (overruns, a device that goes away).
/// A device is created, used and closed on its capture thread only, so it need not be `Sendable`.
protocol CaptureDevice: AnyObject {
    /// The name the user knows the device by, for messages.
    var name: String { get }
    /// The layout the device delivers, as negotiated.
    var format: AudioFormat { get }
    /// Frames per period: the capture thread reads one period at a time.
    var periodFrames: Int { get }

    /// Reads at most `frames` interleaved frames in ``format`` without waiting for more.
    /// - Parameters:
    ///   - buffer: Room for at least `frames` frames.
    ///   - frames: The most frames to read.
    /// - Returns: Frames read, or a negative errno: `-EAGAIN` when nothing is ready yet, `-EPIPE`
    ///   after an overrun, anything else when the device failed.
    func read(into buffer: UnsafeMutableRawBufferPointer, frames: Int) -> Int

    /// Gets capture going again after a recoverable error.
    /// - Parameter error: The negative errno a read returned (`-EPIPE`, `-ESTRPIPE`, `-EINTR`).
    /// - Returns: Zero or more when capture can go on; otherwise the negative errno that ends it.
    func recover(from error: Int) -> Int

    /// Waits until the device has audio (or an error) to read.
    /// - Parameters:
    ///   - milliseconds: The longest wait.
    ///   - interruption: Ends the wait early when the session stops.
    /// - Returns: What ended the wait.
    func waitForAudio(timeoutMilliseconds milliseconds: Int32, interruption: ReadInterruption) -> CaptureWait

    /// Stops capture and releases the device; later calls do nothing.
    func close()
}

/// How a wait for a live device ended.
enum CaptureWait: Sendable, Equatable {
    /// The device has something to read.
    case ready
    /// The time limit passed with nothing to read.
    case timedOut
    /// The session is stopping.
    case interrupted
}

/// What the capture thread reports once its device is open.
struct CaptureSetup: Sendable {
    /// The negotiated layout.
    var format: AudioFormat
    /// Frames per period of the device.
    var periodFrames: Int
}
