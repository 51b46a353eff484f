#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import DictationKit

/// Audio from the process's standard input: a WAV stream, or raw PCM.
///
/// If the first bytes are `RIFF` (or `RF64`), the input is read as a WAV file, so
/// `sox in.flac -t wav - | dictate transcribe -` works; anything else is taken as raw PCM in
/// ``rawFormat``. Nothing is buffered beyond one read and nothing seeks, so a pipe that never ends
/// (a live recorder) is read as it arrives, and `AudioReader.interrupt()` wakes a read that waits
/// for it.
public struct StandardInputSource: AudioSource {
    /// The layout assumed when the input is not a WAV stream.
    public var rawFormat: AudioFormat
    /// How fast the audio is handed out.
    public var pacing: AudioPacing
    /// Read instead of standard input by tests, which can't hand the test process a new stdin.
    let descriptor: Int32

    /// Describes standard input as an audio source.
    /// - Parameters:
    ///   - rawFormat: The layout of raw (headerless) input; `nil` means 16 kHz mono 16-bit,
    ///     `AudioFormat.recognizer`. Ignored when the input is a WAV stream.
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
    /// This waits for the first four bytes (the whole header for a WAV stream), since the format
    /// must be known before the session can set up its preprocessor.
    /// - Returns: A reader positioned at the first sample.
    /// - Throws: `DictationError.Code.invalidAudio` when the input is empty, a damaged or
    ///   unsupported WAV stream, a compressed format, or ``rawFormat`` is impossible.
    public func open() throws(DictationError) -> any AudioReader {
        // Standard input belongs to the process; the reader must not close it.
        let input = try FileByteInput(descriptor: descriptor, ownsDescriptor: false, name: AudioInputProblem.standardInput)
        let magic = try input.peek(4)
        if magic.isEmpty {
            throw AudioInputProblem.standardInputEmpty.error
        }
        if magic == Array("RIFF".utf8) || magic == Array("RF64".utf8) || magic == Array("BW64".utf8) {
            return try WAVFileSource.reader(afterHeaderOf: input, pacing: pacing)
        }
        if let container = Self.compressedContainer(startingWith: magic) {
            throw AudioInputProblem.standardInputCompressed(container: container).error
        }
        try rawFormat.validateReadable(origin: .rawFormat)
        return RawPCMFileSource.reader(for: input, format: rawFormat, pacing: pacing)
    }

    /// Names well-known compressed formats, which raw PCM would otherwise turn into loud noise.
    static func compressedContainer(startingWith magic: [UInt8]) -> DictationError.Text? {
        guard magic.count == 4 else { return nil }
        switch String(decoding: magic, as: Unicode.ASCII.self) {
        case "fLaC": return DictationError.Text(english: "FLAC audio", norwegianBokmal: "FLAC-lyd")
        case "OggS":
            return DictationError.Text(english: "Ogg audio (Vorbis or Opus)", norwegianBokmal: "Ogg-lyd (Vorbis eller Opus)")
        case "FORM": return DictationError.Text(english: "AIFF audio", norwegianBokmal: "AIFF-lyd")
        case ".snd": return DictationError.Text(english: "Sun/NeXT audio", norwegianBokmal: "Sun/NeXT-lyd")
        default: break
        }
        // Bare MPEG frame syncs (0xFFFx) are not checked: raw PCM starting at -1 looks just like them.
        return magic.starts(with: Array("ID3".utf8))
            ? DictationError.Text(english: "MP3 audio", norwegianBokmal: "MP3-lyd") : nil
    }
}
