import DictationKit
import Synchronization

/// Wraps a source and counts the frames its readers hand out: how a test waits for an amount of
/// audio to have gone by, whether the session dictates or is paused (a live source is kept
/// drained while paused).
final class ReadCountingSource: AudioSource {
    private let source: any AudioSource
    private let frames = Atomic(0)

    init(wrapping source: any AudioSource) { self.source = source }

    /// Frames read so far, by every reader.
    var framesRead: Int { frames.load(ordering: .sequentiallyConsistent) }

    func open() throws(DictationError) -> any AudioReader { Reader(try source.open(), counting: self) }

    private final class Reader: AudioReader {
        private let reader: any AudioReader
        private let source: ReadCountingSource

        init(_ reader: any AudioReader, counting source: ReadCountingSource) {
            self.reader = reader
            self.source = source
        }

        var format: AudioFormat { reader.format }
        var isLive: Bool { reader.isLive }
        var expectedDuration: Double? { reader.expectedDuration }

        func read(maxFrames: Int) throws(DictationError) -> AudioFrame? {
            let frame = try reader.read(maxFrames: maxFrames)
            if let frame { source.frames.add(frame.frameCount, ordering: .sequentiallyConsistent) }
            return frame
        }

        func interrupt() { reader.interrupt() }
        func close() { reader.close() }
        func takeEvents() -> [DictationEvent] { reader.takeEvents() }
    }
}
