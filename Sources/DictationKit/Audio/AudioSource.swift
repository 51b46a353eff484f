/// Where a session's audio comes from: a microphone, a file, standard input, an app's buffers.
///
/// A source is a `Sendable` description; ``open()`` makes the ``AudioReader`` that one session
/// reads from. The session calls it, and every method of the reader, on its own audio thread,
/// never on the cooperative thread pool, so readers may block.
public protocol AudioSource: Sendable {
    /// Opens the source for one session.
    /// - Returns: A reader positioned at the start of the audio.
    /// - Throws: ``DictationError`` when the source can't be opened (missing file, bad header, busy device).
    func open() throws(DictationError) -> any AudioReader

    /// Checks, without keeping anything open, whether the source could be opened now.
    /// - Returns: ``PermissionStatus/granted``, or why not (no device, access denied).
    func checkAccess() -> PermissionStatus
}

/// An open source, read by one session on its audio thread.
public protocol AudioReader: AnyObject {
    /// The format of the audio as the source delivers it.
    var format: AudioFormat { get }

    /// The total length of the audio in seconds, when it is known in advance (files).
    var expectedDuration: Double? { get }

    /// Whether audio keeps coming whether or not it is read: a microphone, buffers an app pushes,
    /// a file paced at real time. A paused session reads and drops a live source's audio, so that
    /// what is said during the pause is not recognized after it; any other source simply waits.
    var isLive: Bool { get }

    /// Reads the next buffer of at most `maxFrames` sample frames, blocking until audio is there.
    ///
    /// A reader with no audio for a while (a ``SuspendableSource`` whose device is closed) may
    /// return an empty buffer instead of blocking: the session skips it, and takes the requests
    /// made meanwhile (pause, resume, commit), which it only takes between reads.
    /// - Parameter maxFrames: The most sample frames to return.
    /// - Returns: The next buffer (empty when no audio came), or `nil` at the end of the audio.
    /// - Throws: ``DictationError`` when the audio turns out to be unreadable or the device fails.
    ///   Audio returned before the error is kept by the session.
    func read(maxFrames: Int) throws(DictationError) -> AudioFrame?

    /// Ends the audio: later reads return what was already captured (a live source's buffer),
    /// then `nil`; a read that is blocked waiting for audio returns soon. A file simply ends.
    ///
    /// Called from another thread when the session stops; it must be thread-safe. The session
    /// reads until `nil` after calling it, so that nothing captured before `stop()` is lost.
    func interrupt()

    /// What the reader has to tell the session's consumer since the last call, oldest first, each
    /// event once: the problems it got over without losing its place (a capture overrun that
    /// was recovered) as ``DictationEvent/error(_:)`` events, which the session delivers as
    /// non-fatal whatever their ``DictationError/isFatal`` says (a problem that ends the audio is
    /// thrown from ``read(maxFrames:)``), and notes such as a ``RecordingSource``'s
    /// ``DictationEvent/recordingStarted(path:)``. The other kinds of event are the session's to
    /// make; a reader passes none of them.
    ///
    /// The session calls it after every read and once more after ``close()``. It is the reader's
    /// one way to report, with no default: a reader with nothing to tell returns `[]`, and a
    /// reader that wraps another returns the other's events with its own, including those the
    /// other has after its ``close()``.
    /// - Returns: The events to deliver.
    func takeEvents() -> [DictationEvent]

    /// Releases the file or device. Called once, on the audio thread, after the last read.
    func close()
}

extension AudioSource {
    /// Sources that need no device or permission (files, an app's buffers) can always be opened.
    public func checkAccess() -> PermissionStatus { .granted }
}

extension AudioReader {
    /// Readers that hold nothing to release need not close.
    public func close() {}
    /// Unknown unless the reader says otherwise.
    public var expectedDuration: Double? { nil }
    /// Not live: a file or stream that waits to be read.
    public var isLive: Bool { false }
}
