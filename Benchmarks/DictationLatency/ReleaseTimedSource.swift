import DictationKit
import Synchronization

/// Wraps a source and notes when the session released it (closed its reader).
final class ReleaseTimedSource: AudioSource, Sendable {
    private let source: any AudioSource
    private let released = Mutex<ContinuousClock.Instant?>(nil)

    init(_ source: any AudioSource) { self.source = source }

    /// When the reader was closed.
    var releasedAt: ContinuousClock.Instant? { released.withLock { $0 } }

    func open() throws(DictationError) -> any AudioReader {
        Reader(try source.open(), owner: self)
    }

    fileprivate func noteRelease() {
        let now = ContinuousClock.now
        released.withLock { if $0 == nil { $0 = now } }
    }

    private final class Reader: AudioReader {
        let reader: any AudioReader
        let owner: ReleaseTimedSource
        init(_ reader: any AudioReader, owner: ReleaseTimedSource) {
            self.reader = reader
            self.owner = owner
        }
        var format: AudioFormat { reader.format }
        var isLive: Bool { reader.isLive }
        func read(maxFrames: Int) throws(DictationError) -> AudioFrame? { try reader.read(maxFrames: maxFrames) }
        func interrupt() { reader.interrupt() }
        func takeWarnings() -> [DictationError] { reader.takeWarnings() }
        func close() {
            reader.close()
            owner.noteRelease()
        }
    }
}
