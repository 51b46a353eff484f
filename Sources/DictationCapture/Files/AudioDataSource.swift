import DictationKit

/// Audio held in memory, encoded as a file would be: an upload, a recording an app already read.
///
/// The bytes go through the same reader as ``AudioFileSource``: WAV (PCM, float,
/// `WAVE_FORMAT_EXTENSIBLE`, A-law, µ-law, RF64, W64), FLAC, Ogg Vorbis, Opus, MP3, AIFF, AU and
/// the other formats libsndfile knows, recognized by content; or raw PCM in a layout the caller
/// gives.
///
/// ```swift
/// let upload: [UInt8] = ...   // the body of a request
/// let session = DictationSession(
///     source: AudioDataSource(bytes: upload),
///     preprocessing: StandardPreprocessing(),
///     recognizer: PocketSphinxRecognizer())
/// ```
public struct AudioDataSource: AudioSource {
    /// The encoded audio.
    public var bytes: [UInt8]
    /// The layout of headerless PCM, or `nil` to recognize the format by content.
    public var rawFormat: AudioFormat?
    /// How fast the audio is handed out.
    public var pacing: AudioPacing

    /// Describes encoded audio in memory.
    /// - Parameters:
    ///   - bytes: The whole file, as it would be on disk.
    ///   - rawFormat: The layout of the bytes if they are raw PCM (little-endian); `nil`, the
    ///     default, recognizes the format from the bytes.
    ///   - pacing: ``AudioPacing/unpaced`` to read as fast as possible (the default), or
    ///     ``AudioPacing/realTime`` to let the audio stand in for a microphone.
    public init(bytes: [UInt8], rawFormat: AudioFormat? = nil, pacing: AudioPacing = .unpaced) {
        self.bytes = bytes
        self.rawFormat = rawFormat
        self.pacing = pacing
    }

    /// Reads the header from the bytes.
    /// - Returns: A reader positioned at the first sample; its `AudioReader.expectedDuration` is
    ///   set when the format tells the length.
    /// - Throws: `DictationError.Code.invalidAudio` when the bytes are empty, not audio, damaged,
    ///   in an encoding that can't be decoded, or of an impossible rate or channel count.
    public func open() throws(DictationError) -> any AudioReader {
        let input = try VirtualAudioInput(bytes: bytes, name: AudioInputProblem.audioData)
        return try SoundFileReader(input: input, rawFormat: rawFormat, pacing: pacing)
    }
}
