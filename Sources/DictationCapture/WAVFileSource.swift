import DictationKit

/// Audio from a WAV file, streamed from disk in small pieces; now any audio file
/// ``AudioFileSource`` reads, recognized by content.
///
/// Reads integer PCM (8, 16, 24 and 32-bit), 32 and 64-bit float, A-law, µ-law, ADPCM and their
/// `WAVE_FORMAT_EXTENSIBLE`, RF64 and W64 forms through libsndfile, at the file's own rate and
/// channel count; the session's preprocessor converts to what the recognizer takes. Unknown chunks
/// are skipped. A file cut off before the end its header announces delivers every whole frame it
/// holds, then fails with `DictationError.Code.invalidAudio`.
@available(*, deprecated, message: "Use AudioFileSource(path:pacing:), which reads WAV and every other format libsndfile knows")
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
    ///   set when the file tells its length.
    /// - Throws: `DictationError.Code.invalidAudio` when the file is missing, unreadable, not
    ///   audio, damaged, or in an encoding that can't be decoded.
    public func open() throws(DictationError) -> any AudioReader {
        try SoundFileReader(input: VirtualAudioInput(path: path), rawFormat: nil, pacing: pacing)
    }
}
