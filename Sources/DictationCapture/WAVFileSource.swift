import DictationKit

/// Audio from a WAV file, streamed from disk in small pieces.
///
/// Reads integer PCM (8-bit unsigned, 16, 24 and 32-bit signed), 32-bit float and their
/// `WAVE_FORMAT_EXTENSIBLE` forms, at the file's own rate and channel count; the session's
/// preprocessor converts to what the recognizer takes. Unknown chunks are skipped. A file cut
/// off before the end its header announces delivers every whole frame it holds, then fails with
/// `DictationError.Code.invalidAudio`.
///
/// ```swift
/// let session = DictationSession(source: WAVFileSource(path: "talk.wav"), ...)
/// ```
public struct WAVFileSource: AudioSource {
    /// The file to read.
    public var path: String
    /// How fast the audio is handed out.
    public var pacing: AudioPacing

    /// Describes a WAV file to read.
    /// - Parameters:
    ///   - path: The file to read.
    ///   - pacing: ``AudioPacing/unpaced`` to read as fast as possible (the default), or
    ///     ``AudioPacing/realTime`` to let the file stand in for a microphone.
    public init(path: String, pacing: AudioPacing = .unpaced) {
        self.path = path
        self.pacing = pacing
    }

    /// Opens the file and reads its header.
    /// - Returns: A reader positioned at the first sample; its `AudioReader.expectedDuration` is
    ///   set when the file's size agrees with its header.
    /// - Throws: `DictationError.Code.invalidAudio` when the file is missing, unreadable, not a
    ///   WAV file, or in an encoding that is not supported.
    public func open() throws(DictationError) -> any AudioReader {
        let input = try FileByteInput(path: path)
        return try Self.reader(afterHeaderOf: input, pacing: pacing)
    }

    /// Reads a WAV header from `input` and makes the reader for the samples after it; shared with
    /// ``StandardInputSource``.
    static func reader(afterHeaderOf input: FileByteInput, pacing: AudioPacing) throws(DictationError)
        -> PCMStreamReader
    {
        let header = try WAVHeader.read(from: input)
        var expectedBytes: UInt64?
        if let declared = header.dataByteCount, let available = input.remainingRegularFileBytes,
            declared <= available
        {
            expectedBytes = declared
        }
        return PCMStreamReader(
            input: input, format: header.format, dataByteCount: header.dataByteCount,
            mayEndEarly: header.mayEndEarly, expectedByteCount: expectedBytes, pacing: pacing)
    }
}
