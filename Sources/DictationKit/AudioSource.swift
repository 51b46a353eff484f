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
}

/// An open source, read by one session on its audio thread.
public protocol AudioReader: AnyObject {
    /// The format of the audio as the source delivers it.
    var format: AudioFormat { get }

    /// The total length of the audio in seconds, when it is known in advance (files).
    var expectedDuration: Double? { get }

    /// Reads the next buffer of at most `maxFrames` sample frames, blocking until audio is there.
    /// - Parameter maxFrames: The most sample frames to return.
    /// - Returns: The next buffer, or `nil` at the end of the audio.
    /// - Throws: ``DictationError`` when the audio turns out to be unreadable or the device fails.
    ///   Audio returned before the error is kept by the session.
    func read(maxFrames: Int) throws(DictationError) -> AudioFrame?

    /// Makes a blocked or later ``read(maxFrames:)`` return `nil` soon.
    ///
    /// Called from another thread when the session stops; it must be thread-safe.
    func interrupt()

    /// Releases the file or device. Called once, on the audio thread, after the last read.
    func close()
}

extension AudioReader {
    /// Readers of finite, local audio return quickly from every read and need no interruption.
    public func interrupt() {}
    /// Readers that hold nothing to release need not close.
    public func close() {}
    /// Unknown unless the reader says otherwise.
    public var expectedDuration: Double? { nil }
}
