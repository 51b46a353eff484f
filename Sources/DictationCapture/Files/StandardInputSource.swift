import DictationKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Audio from the process's standard input: any audio stream libsndfile reads, or raw PCM.
///
/// If the first bytes are those of a container (WAV, FLAC, Ogg Vorbis or Opus, MP3, AIFF, AU and
/// the other formats libsndfile knows), the input is read as that format through libsndfile's
/// virtual I/O, so `flac -c talk.wav | dictate transcribe -` works; anything else is taken as raw
/// PCM in ``rawFormat``. A pipe can't seek: what libsndfile reads while it opens the stream is kept
/// so it can look back, then the stream is read straight through, so a pipe that never ends (a
/// live recorder) is read as it arrives, and `AudioReader.interrupt()` wakes a read that waits for it.
///
/// MP3 without an ID3 tag (as `lame - -` writes it) is recognized when its first two MPEG frame
/// headers are valid and in their place; raw PCM is not mistaken for it by a lone frame sync.
public struct StandardInputSource: AudioSource {
    /// The layout assumed when the input is not an audio container.
    public var rawFormat: AudioFormat
    /// How fast the audio is handed out.
    public var pacing: AudioPacing
    /// Read instead of standard input by tests, which can't hand the test process a new stdin.
    let descriptor: Int32

    /// Describes standard input as an audio source.
    /// - Parameters:
    ///   - rawFormat: The layout of raw (headerless) input; `nil` means 16 kHz mono 16-bit,
    ///     `AudioFormat.recognizer`. Ignored when the input is an audio container.
    ///   - pacing: ``AudioPacing/unpaced`` (the default) or ``AudioPacing/realTime``.
    public init(rawFormat: AudioFormat? = nil, pacing: AudioPacing = .unpaced) {
        self.init(descriptor: STDIN_FILENO, rawFormat: rawFormat, pacing: pacing)
    }

    /// Reads another descriptor the way standard input would be read.
    init(descriptor: Int32, rawFormat: AudioFormat? = nil, pacing: AudioPacing = .unpaced) {
        self.descriptor = descriptor
        self.rawFormat = rawFormat ?? .recognizer
        self.pacing = pacing
    }

    /// Looks at the first bytes of standard input and prepares to read it.
    ///
    /// This waits for the first bytes (the whole header of a container), since the format must be
    /// known before the session can set up its preprocessor.
    /// - Returns: A reader positioned at the first sample.
    /// - Throws: `DictationError.Code.invalidAudio` when the input is empty, a damaged or
    ///   unsupported stream, or ``rawFormat`` is impossible.
    public func open() throws(DictationError) -> any AudioReader {
        // Standard input belongs to the process; the reader must not close it.
        let input = try VirtualAudioInput(descriptor: descriptor, ownsDescriptor: false, name: AudioInputProblem.standardInput)
        var head = input.head(4)
        if let readError = input.readError { throw readError }
        if head.isEmpty { throw AudioInputProblem.standardInputEmpty.error }
        // Only a frame sync needs more than four bytes to judge; don't make raw PCM wait for them otherwise.
        if head.first == 0xFF { head = input.head(AudioContentSniffer.headLength) }
        let isContainer = AudioContentSniffer.isContainer(head)
        return try SoundFileReader(input: input, rawFormat: isContainer ? nil : rawFormat, pacing: pacing)
    }
}
