import DictationKit
import Synchronization

/// Wraps a source and notes when a session released it (closed its reader): to show, or time,
/// that `stop()` and `endAudio()` give the microphone back.
public final class ReleaseTimedSource: AudioSource, Sendable {
    private let source: any AudioSource
    private let released = Mutex<ContinuousClock.Instant?>(nil)

    /// Wraps `source`.
    /// - Parameter source: The source the session really reads.
    public init(_ source: any AudioSource) { self.source = source }

    /// When the reader was first closed; `nil` while it is open, or before it was opened.
    public var releasedAt: ContinuousClock.Instant? { released.withLock { $0 } }

    /// Opens the wrapped source.
    /// - Returns: A reader that notes its closing.
    /// - Throws: What the wrapped source throws.
    public func open() throws(DictationError) -> any AudioReader {
        Reader(try source.open(), owner: self)
    }

    /// The wrapped source's answer.
    /// - Returns: Whether the wrapped source may be opened.
    public func checkAccess() -> PermissionStatus { source.checkAccess() }

    fileprivate func noteRelease() {
        let now = ContinuousClock.now
        released.withLock { if $0 == nil { $0 = now } }
    }

    private final class Reader: AudioReader, AudioLossReporting {
        let reader: any AudioReader
        let owner: ReleaseTimedSource
        init(_ reader: any AudioReader, owner: ReleaseTimedSource) {
            self.reader = reader
            self.owner = owner
        }
        var format: AudioFormat { reader.format }
        var expectedDuration: Double? { reader.expectedDuration }
        var isLive: Bool { reader.isLive }
        func read(maxFrames: Int) throws(DictationError) -> AudioFrame? { try reader.read(maxFrames: maxFrames) }
        func interrupt() { reader.interrupt() }
        func takeEvents() -> [DictationEvent] { reader.takeEvents() }
        func takeAudioLosses() -> [AudioLoss] { (reader as? any AudioLossReporting)?.takeAudioLosses() ?? [] }
        func close() {
            reader.close()
            owner.noteRelease()
        }
    }
}
