import DictationKit

/// Audio from a path as a user names it: `-` for standard input, a `.raw` or `.pcm` file for
/// headerless PCM, any other file for audio in any format libsndfile knows, by its content.
///
/// The choice `dictate transcribe` makes for each of its arguments, for a program that takes
/// paths from its user too:
///
/// ```swift
/// let session = DictationSession(
///     source: AudioFileSource(path: CommandLine.arguments[1]),   // talk.flac, talk.mp3, talk.raw or -
///     preprocessing: StandardPreprocessing(),
///     recognizer: PocketSphinxRecognizer())
/// ```
///
/// - `-`: ``StandardInputSource``, which reads any audio stream, or raw PCM in ``rawFormat``.
/// - a name ending in `.raw` or `.pcm`, in any case: ``RawPCMFileSource`` in ``rawFormat``.
/// - any other name: the file, read through libsndfile whatever its name says: WAV (PCM, float,
///   `WAVE_FORMAT_EXTENSIBLE`, A-law, µ-law, RF64, W64), FLAC, Ogg Vorbis, Opus, MP3, AIFF, AU and
///   the rest libsndfile reads. Anything else fails to open with `DictationError.Code.invalidAudio`,
///   naming what it looks like when its first bytes say (an M4A file, a PDF, text). A file cut off
///   before the length its header declares delivers every whole frame, then fails the same way.
public struct AudioFileSource: AudioSource {
    /// The path that means standard input: `-`.
    public static let standardInputPath = "-"

    /// The file to read, or ``standardInputPath``.
    public var path: String
    /// The layout of headerless PCM: of a `.raw` or `.pcm` file, or of standard input that is
    /// not an audio container.
    public var rawFormat: AudioFormat
    /// How fast the audio is handed out.
    public var pacing: AudioPacing

    /// Describes the audio a path names.
    /// - Parameters:
    ///   - path: A file, or `-` for standard input.
    ///   - rawFormat: The layout of headerless PCM (little-endian); 16 kHz mono 16-bit,
    ///     `AudioFormat.recognizer`, by default. Unused for audio files with a format of their own.
    ///   - pacing: ``AudioPacing/unpaced`` to read as fast as possible (the default), or
    ///     ``AudioPacing/realTime`` to let the file stand in for a microphone.
    public init(path: String, rawFormat: AudioFormat = .recognizer, pacing: AudioPacing = .unpaced) {
        self.path = path
        self.rawFormat = rawFormat
        self.pacing = pacing
    }

    /// Standard input with this source's raw format and pacing, when the path is `-`.
    var standardInput: StandardInputSource? {
        path == Self.standardInputPath ? StandardInputSource(rawFormat: rawFormat, pacing: pacing) : nil
    }

    /// Whether the path names headerless PCM by its extension.
    var isRawByName: Bool {
        let lowercased = path.lowercased()
        return lowercased.hasSuffix(".raw") || lowercased.hasSuffix(".pcm")
    }

    /// Opens standard input, the raw file or the audio file, as the path says.
    /// - Returns: A reader positioned at the first sample.
    /// - Throws: `DictationError.Code.invalidAudio`: a missing or unreadable file, a folder, a file
    ///   that is empty, not audio, damaged or in an encoding that can't be decoded, a rate or
    ///   channel count outside what can be read, an impossible ``rawFormat``.
    public func open() throws(DictationError) -> any AudioReader {
        if let standardInput { return try standardInput.open() }
        if isRawByName {
            return try RawPCMFileSource(path: path, format: rawFormat, pacing: pacing).open()
        }
        return try SoundFileReader(input: VirtualAudioInput(path: path), rawFormat: nil, pacing: pacing)
    }
}
