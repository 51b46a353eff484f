import DictationKit

/// Audio from a headerless PCM file whose layout the caller knows.
///
/// Raw files carry no format, so a wrong `format` can't be detected: the audio would play at the
/// wrong speed or as noise. PocketSphinx's test recordings, for example, are 16 kHz mono
/// little-endian 16-bit (`AudioFormat.recognizer`). A trailing partial frame is ignored.
public struct RawPCMFileSource: AudioSource {
    /// The file to read.
    public var path: String
    /// The layout of the samples in the file.
    public var format: AudioFormat
    /// How fast the audio is handed out.
    public var pacing: AudioPacing

    /// Describes a raw PCM file to read.
    /// - Parameters:
    ///   - path: The file to read.
    ///   - format: Rate, channel count and sample encoding of the file (little-endian).
    ///   - pacing: ``AudioPacing/unpaced`` to read as fast as possible (the default), or
    ///     ``AudioPacing/realTime`` to let the file stand in for a microphone.
    public init(path: String, format: AudioFormat, pacing: AudioPacing = .unpaced) {
        self.path = path
        self.format = format
        self.pacing = pacing
    }

    /// Opens the file.
    /// - Returns: A reader at the start of the file; its `AudioReader.expectedDuration` comes
    ///   from the file size.
    /// - Throws: `DictationError.Code.invalidAudio` when the file is missing or unreadable, or
    ///   `format` has an impossible rate or channel count.
    public func open() throws(DictationError) -> any AudioReader {
        // Checked before the file is opened, so a wrong option is reported as such even for a missing file.
        try format.validateReadable(origin: .rawFormat)
        let input = try VirtualAudioInput(path: path)
        // libsndfile's raw reader: it drops a trailing partial frame, as a raw reader should.
        return try SoundFileReader(input: input, rawFormat: format, pacing: pacing)
    }
}
