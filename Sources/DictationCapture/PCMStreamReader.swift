import DictationKit

/// Reads packed PCM from a byte input in reader-sized pieces: the data chunk of a WAV file, a raw
/// PCM file or standard input.
///
/// Only one piece of audio is ever in memory, in a buffer reused from read to read, so a two-hour
/// recording costs no more than a two-second one.
final class PCMStreamReader: AudioReader {
    let format: AudioFormat
    let expectedDuration: Double?

    /// Bounds one read, whatever `maxFrames` a caller passes: about 1.4 s at 48 kHz.
    static let maximumFramesPerRead = 65_536

    private let input: FileByteInput
    /// Held apart from `input` because ``interrupt()`` comes from another thread and may touch
    /// nothing but this `Sendable` object.
    private let interruption: ReadInterruption
    /// Data bytes left according to the header; `nil` reads to the end of the input.
    private var remainingBytes: UInt64?
    /// The declared size, kept to say by how much a truncated file falls short.
    private let declaredBytes: UInt64?
    private let mayEndEarly: Bool
    private var bytesRead: UInt64 = 0
    private var framesDelivered = 0
    private var pacer: AudioPacer
    private var buffer: UnsafeMutableRawBufferPointer
    private var isAtEnd = false
    /// An error found while reading the last frames; thrown by the next read, after those frames.
    private var pendingError: DictationError?

    /// - Parameters:
    ///   - input: The input, positioned at the first sample byte.
    ///   - format: The layout of the samples, already validated.
    ///   - dataByteCount: How many bytes of samples there are, or `nil` to read to the end.
    ///   - mayEndEarly: Whether ending before `dataByteCount` is normal rather than a truncation.
    ///   - expectedByteCount: The byte count to announce as ``expectedDuration``, when it is known.
    ///   - pacing: How fast to hand out the audio.
    /// A file paced at real time stands in for a microphone.
    var isLive: Bool { pacer.isRealTime }

    init(
        input: FileByteInput, format: AudioFormat, dataByteCount: UInt64?, mayEndEarly: Bool,
        expectedByteCount: UInt64?, pacing: AudioPacing
    ) {
        self.input = input
        self.interruption = input.interruption
        self.format = format
        self.remainingBytes = dataByteCount
        self.declaredBytes = dataByteCount
        self.mayEndEarly = mayEndEarly
        self.pacer = AudioPacer(pacing: pacing, sampleRate: format.sampleRate)
        self.buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 0, alignment: 16)
        if let expectedByteCount, format.bytesPerFrame > 0, format.sampleRate > 0 {
            let frames = expectedByteCount / UInt64(format.bytesPerFrame)
            expectedDuration = Double(frames) / Double(format.sampleRate)
        } else {
            expectedDuration = nil
        }
    }

    deinit {
        buffer.deallocate()
        input.close()
    }

    func read(maxFrames: Int) throws(DictationError) -> AudioFrame? {
        if let pendingError {
            self.pendingError = nil
            throw pendingError
        }
        if isAtEnd || interruption.isInterrupted { return nil }
        pacer.beginRead()

        let bytesPerFrame = format.bytesPerFrame
        var frames = min(max(maxFrames, 1), Self.maximumFramesPerRead)
        if let remainingBytes {
            frames = Int(min(UInt64(frames), remainingBytes / UInt64(bytesPerFrame)))
            if frames == 0 {
                // What is left of the data chunk is less than a frame: it can't be played, and it
                // is a writer's rounding rather than lost audio.
                isAtEnd = true
                return nil
            }
        }
        let wanted = frames * bytesPerFrame
        if buffer.count < wanted {
            buffer.deallocate()
            buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: wanted, alignment: 16)
        }
        let got = try input.readFully(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<wanted]))
        if interruption.isInterrupted { return nil }
        bytesRead += UInt64(got)
        if let remaining = remainingBytes { remainingBytes = remaining - UInt64(got) }
        if got < wanted { reachedEndOfInput() }

        let whole = got - got % bytesPerFrame
        guard whole > 0 else {
            if let pendingError {
                self.pendingError = nil
                throw pendingError
            }
            return nil
        }
        let samples = SampleDecoder.decode(UnsafeRawBufferPointer(rebasing: buffer[0..<whole]), encoding: format.encoding)
        let startTime = Double(framesDelivered) / Double(format.sampleRate)
        framesDelivered += whole / bytesPerFrame
        guard pacer.wait(untilPlayed: framesDelivered, interruption: interruption) else { return nil }
        return AudioFrame(
            samples: samples, sampleRate: format.sampleRate, channelCount: format.channelCount, startTime: startTime)
    }

    func interrupt() {
        interruption.interrupt()
    }

    func close() {
        input.close()
    }

    /// The input ran out: a trailing partial frame is dropped, but a data chunk that stops short of
    /// its declared size is a damaged file and is reported once the frames before it are delivered.
    private func reachedEndOfInput() {
        isAtEnd = true
        guard !mayEndEarly, let declaredBytes, bytesRead < declaredBytes else { return }
        let missing = declaredBytes - bytesRead
        pendingError = AudioInputProblem.truncated(input: input.name, missingBytes: missing).error
    }
}
