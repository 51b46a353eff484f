import DictationKit

/// Audio from a path as a user names it: `-` for standard input, a `.raw` or `.pcm` file for
/// headerless PCM, any other file for WAV.
///
/// The choice `dictate transcribe` makes for each of its arguments, for a program that takes
/// paths from its user too:
///
/// ```swift
/// let session = DictationSession(
///     source: AudioFileSource(path: CommandLine.arguments[1]),   // talk.wav, talk.raw or -
///     preprocessing: StandardPreprocessing(),
///     recognizer: PocketSphinxRecognizer())
/// ```
///
/// - `-`: ``StandardInputSource``, which reads a WAV stream, or raw PCM in ``rawFormat``.
/// - a name ending in `.raw` or `.pcm`, in any case: ``RawPCMFileSource`` in ``rawFormat``.
/// - any other name: ``WAVFileSource``; a file that is not WAV fails to open with
///   `DictationError.Code.invalidAudio`.
public struct AudioFileSource: AudioSource {
    /// The path that means standard input: `-`.
    public static let standardInputPath = "-"

    /// The file to read, or ``standardInputPath``.
    public var path: String
    /// The layout of headerless PCM: of a `.raw` or `.pcm` file, or of standard input that is
    /// not a WAV stream.
    public var rawFormat: AudioFormat
    /// How fast the audio is handed out.
    public var pacing: AudioPacing

    /// Describes the audio a path names.
    /// - Parameters:
    ///   - path: A file, or `-` for standard input.
    ///   - rawFormat: The layout of headerless PCM (little-endian); 16 kHz mono 16-bit,
    ///     `AudioFormat.recognizer`, by default. Unused for WAV.
    ///   - pacing: ``AudioPacing/unpaced`` to read as fast as possible (the default), or
    ///     ``AudioPacing/realTime`` to let the file stand in for a microphone.
    public init(path: String, rawFormat: AudioFormat = .recognizer, pacing: AudioPacing = .unpaced) {
        self.path = path
        self.rawFormat = rawFormat
        self.pacing = pacing
    }

    /// The source the path names.
    var resolved: any AudioSource {
        if path == Self.standardInputPath { return StandardInputSource(rawFormat: rawFormat, pacing: pacing) }
        let lowercased = path.lowercased()
        if lowercased.hasSuffix(".raw") || lowercased.hasSuffix(".pcm") {
            return RawPCMFileSource(path: path, format: rawFormat, pacing: pacing)
        }
        return WAVFileSource(path: path, pacing: pacing)
    }

    /// Opens standard input, the raw file or the WAV file, as the path says.
    /// - Returns: A reader positioned at the first sample.
    /// - Throws: `DictationError.Code.invalidAudio` as ``StandardInputSource``,
    ///   ``RawPCMFileSource`` and ``WAVFileSource`` do: a missing or unreadable file, a damaged
    ///   or unsupported WAV file, an impossible ``rawFormat``.
    public func open() throws(DictationError) -> any AudioReader {
        try resolved.open()
    }

    /// Files and standard input need no permission.
    /// - Returns: What the source the path names says: `PermissionStatus.granted`.
    public func checkAccess() -> PermissionStatus {
        resolved.checkAccess()
    }
}
