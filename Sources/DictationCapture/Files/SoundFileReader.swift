import CSndfile
import DictationKit
import Synchronization

/// Reads any audio libsndfile knows (WAV in its flavours, FLAC, Ogg Vorbis, Opus, MP3, AIFF, AU,
/// raw PCM of a given layout) from a ``VirtualAudioInput``, as `Float` frames in reader-sized pieces.
///
/// One buffer is reused from read to read, so a two-hour recording costs no more than a two-second
/// one. Samples are handed out in -1...1 (NaN as silence), so a damaged file can't poison the
/// filters after it. A problem found at the end (damaged data, a file cut off before its header's
/// length) is thrown by the read after the last frames, so every frame before it is kept.
final class SoundFileReader: AudioReader {
    let format: AudioFormat
    let expectedDuration: Double?

    /// Bounds one read, whatever `maxFrames` a caller passes: about 1.4 s at 48 kHz.
    static let maximumFramesPerRead = 65_536

    /// Declared sizes from here up are the placeholders of writers that can't seek back (sox writes
    /// 0x7FFFF000 into a WAV on a pipe, 0x7F000000 into an AIFF; arecord 0x7FFFFFFF; ffmpeg
    /// 0xFFFFFFFF): running out of bytes before them is their normal end.
    static let placeholderByteCount: Int64 = 0x7F00_0000

    private let input: VirtualAudioInput
    /// Held apart from `input` because ``interrupt()`` comes from another thread and may touch
    /// nothing but this `Sendable` object.
    private let interruption: ReadInterruption
    private var file: OpaquePointer?
    private var pacer: AudioPacer
    private var framesDelivered: Int64 = 0
    /// How many frames a stream's header declares, when a shortfall would mean it was cut off.
    private let declaredFrames: Int64?
    /// Bytes one frame takes in the input, when the encoding is plain.
    private let bytesPerStoredFrame: Int?
    /// A cut-off found in libsndfile's log while opening a seekable input; reported at the end.
    private let truncation: DictationError?
    private var buffer: [Float] = []
    private var isAtEnd = false
    /// An error found while reading the last frames; thrown by the next read, after those frames.
    private var pendingError: DictationError?

    /// A file paced at real time stands in for a microphone.
    var isLive: Bool { pacer.isRealTime }

    /// Opens `input` with libsndfile.
    /// - Parameters:
    ///   - input: The bytes, at their start.
    ///   - rawFormat: The layout of headerless PCM, or `nil` to recognize the format by content.
    ///   - pacing: How fast to hand out the audio.
    /// - Throws: ``DictationError/Code/invalidAudio`` when the input is empty, not audio, damaged,
    ///   in an unsupported encoding, or of an impossible rate or channel count.
    init(input: VirtualAudioInput, rawFormat: AudioFormat?, pacing: AudioPacing) throws(DictationError) {
        self.input = input
        interruption = input.interruption
        var info = SF_INFO()
        if let rawFormat {
            try rawFormat.validateReadable(origin: .rawFormat)
            info.samplerate = Int32(rawFormat.sampleRate)
            info.channels = Int32(rawFormat.channelCount)
            info.format = Int32(SF_FORMAT_RAW) | Self.rawSubtype(rawFormat.encoding) | Int32(SF_ENDIAN_LITTLE)
        }
        // A stream that stalls in its header holds other opens up: standard input is one input
        // of a batch at most, and reading ahead for it would block a live pipe's open.
        let attempt = Self.openingLock.withLock { _ in
            let opened = withUnsafeMutablePointer(to: &info) { info in
                var callbacks = VirtualAudioInput.callbacks
                return sf_open_virtual(&callbacks, Int32(SFM_READ), info, Unmanaged.passUnretained(input).toOpaque())
            }
            // A failed open leaves its error in libsndfile's one global, which the next open overwrites.
            return opened.map(OpeningAttempt.opened) ?? .failed(code: sf_error(nil), reason: String(cString: sf_strerror(nil)))
        }
        let opened: OpaquePointer
        switch attempt {
        case .opened(let file): opened = file
        case .failed(let code, let reason): throw Self.openingProblem(input: input, code: code, reason: reason)
        }
        input.finishOpening()
        file = opened
        let channels = Int(info.channels)
        let rate = Int(info.samplerate)
        let fileFormat = AudioFormat(sampleRate: rate, channelCount: channels, encoding: Self.encoding(info.format))
        do {
            try fileFormat.validateReadable(origin: rawFormat == nil ? .fileHeader : .rawFormat)
        } catch {
            sf_close(opened)
            file = nil
            throw error
        }
        format = fileFormat
        pacer = AudioPacer(pacing: pacing, sampleRate: rate)
        let bytesPerFrame = Self.bytesPerSample(info.format).map { $0 * channels }
        bytesPerStoredFrame = bytesPerFrame
        let knownFrames = info.frames > 0 && info.frames < Int64.max ? info.frames : nil
        // Only a seekable input's length is the truth: on a pipe libsndfile believes the header,
        // which streaming writers fill with placeholders.
        expectedDuration = input.isSeekable ? knownFrames.map { Double($0) / Double(rate) } : nil
        if input.isSeekable || rawFormat != nil {
            declaredFrames = nil
            truncation = Self.truncationInLog(of: opened, bytesPerFrame: bytesPerFrame, input: input.name)
        } else {
            truncation = nil
            let declaredBytes = knownFrames.flatMap { frames in bytesPerFrame.map { Int64($0) * frames } }
            let isHeaderLength = Self.headerDeclaresLength(info.format)
            declaredFrames = isHeaderLength && (declaredBytes ?? .max) < Self.placeholderByteCount ? knownFrames : nil
        }
    }

    deinit {
        if let file { sf_close(file) }
        input.close()
    }

    func read(maxFrames: Int) throws(DictationError) -> AudioFrame? {
        if let pendingError {
            self.pendingError = nil
            throw pendingError
        }
        guard let file, !isAtEnd, !interruption.isInterrupted else { return nil }
        pacer.beginRead()
        let channels = format.channelCount
        let frames = min(max(maxFrames, 1), Self.maximumFramesPerRead)
        if buffer.count < frames * channels { buffer = [Float](repeating: 0, count: frames * channels) }
        let got = Int(buffer.withUnsafeMutableBufferPointer { sf_readf_float(file, $0.baseAddress, sf_count_t(frames)) })
        if interruption.isInterrupted { return nil }
        if got < frames { reachedEnd(framesRead: framesDelivered + Int64(got)) }
        guard got > 0 else {
            if let pendingError {
                self.pendingError = nil
                throw pendingError
            }
            return nil
        }
        let samples = [Float](unsafeUninitializedCapacity: got * channels) { samples, initialized in
            for index in 0..<got * channels {
                let value = buffer[index]
                samples[index] = value.isNaN ? 0 : min(max(value, -1), 1)
            }
            initialized = got * channels
        }
        let startTime = Double(framesDelivered) / Double(format.sampleRate)
        framesDelivered += Int64(got)
        guard pacer.wait(untilPlayed: Int(framesDelivered), interruption: interruption) else { return nil }
        return AudioFrame(samples: samples, sampleRate: format.sampleRate, channelCount: channels, startTime: startTime)
    }

    func interrupt() {
        interruption.interrupt()
    }

    /// Nothing: a file's problems end its audio, thrown from ``read(maxFrames:)``.
    func takeEvents() -> [DictationEvent] { [] }

    func close() {
        if let file { sf_close(file) }
        file = nil
        input.close()
    }

    /// The input ran out: libsndfile's error, a read error, or a cut-off is reported once the
    /// frames before it are delivered.
    /// - Parameter framesRead: Every frame read, the last read's included.
    private func reachedEnd(framesRead: Int64) {
        isAtEnd = true
        guard !interruption.isInterrupted else { return }
        if let file, sf_error(file) != 0 {
            pendingError =
                AudioInputProblem.damagedData(input: input.name, reason: String(cString: sf_strerror(file)))
                .error
        } else if let readError = input.readError {
            pendingError = readError
        } else if let truncation {
            pendingError = truncation
        } else if let declaredFrames, framesRead < declaredFrames, let bytesPerStoredFrame {
            let missing = UInt64(declaredFrames - framesRead) * UInt64(bytesPerStoredFrame)
            pendingError = AudioInputProblem.truncated(input: input.name, missingBytes: missing).error
        }
    }

    // MARK: - Opening

    /// Serializes libsndfile's opens: a failed `sf_open_virtual` reports its error through a
    /// process-wide global (`sf_error(NULL)`), which a concurrent open (another job of a batch)
    /// would overwrite before it is read.
    private static let openingLock = Mutex(())

    /// What one `sf_open_virtual` gave: the file, or libsndfile's error code and text.
    ///
    /// Unchecked: the file handle only leaves the lock to go back to the thread that opened it.
    private enum OpeningAttempt: @unchecked Sendable {
        case opened(OpaquePointer)
        case failed(code: Int32, reason: String)
    }

    /// Why libsndfile could not open the input, as the error to throw.
    /// - Parameters:
    ///   - code: `sf_error(NULL)` right after the failed open.
    ///   - reason: `sf_strerror(NULL)` right after the failed open.
    private static func openingProblem(input: VirtualAudioInput, code: Int32, reason: String) -> DictationError {
        if let readError = input.readError { return readError }
        let head = input.head(AudioContentSniffer.headLength)
        if head.isEmpty {
            return input.name == AudioInputProblem.standardInput
                ? AudioInputProblem.standardInputEmpty.error : AudioInputProblem.empty(input: input.name).error
        }
        switch code {
        case Int32(SF_ERR_UNRECOGNISED_FORMAT):
            return AudioInputProblem.notAudio(input: input.name, looksLike: AudioContentSniffer.describe(head)).error
        case Int32(SF_ERR_UNSUPPORTED_ENCODING):
            return AudioInputProblem.unsupportedEncoding(input: input.name, reason: reason).error
        default:
            // libsndfile's own codes past the public four name the problem only in their text.
            if reason.localizedCaseInsensitiveContains("unimplemented") || reason.contains("not supported")
                || reason.contains("unsupported")
            {
                return AudioInputProblem.unsupportedEncoding(input: input.name, reason: reason).error
            }
            return AudioInputProblem.damagedHeader(input: input.name, reason: reason).error
        }
    }

    /// A seekable input's cut-off, from what libsndfile logged while it read the header: WAV's
    /// `data : 227200 (should be 149956)`, AIFF's frame count in `COMM` against the `SSND` chunk.
    private static func truncationInLog(
        of file: OpaquePointer, bytesPerFrame: Int?, input: DictationError.Text
    ) -> DictationError? {
        var log = [CChar](repeating: 0, count: 16 * 1024)
        let count = log.withUnsafeMutableBytes { sf_command(file, Int32(SFC_GET_LOG_INFO), $0.baseAddress, Int32($0.count)) }
        guard count > 0 else { return nil }
        let text = String(decoding: log.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let lines = text.split(separator: "\n")
        for line in lines where line.contains("data : ") && line.contains("(should be ") {
            let numbers = integers(in: line)
            if numbers.count == 2, numbers[0] > numbers[1], numbers[0] < placeholderByteCount {
                return AudioInputProblem.truncated(input: input, missingBytes: UInt64(numbers[0] - numbers[1])).error
            }
        }
        for (index, line) in lines.enumerated()
        where line.contains("Frame count read from 'COMM' chunk")
            && index + 1 < lines.count
        {
            let declared = integers(in: line)
            let found = integers(in: lines[index + 1])
            if let bytesPerFrame, let declared = declared.first, let found = found.first, declared > found,
                declared * Int64(bytesPerFrame) < placeholderByteCount
            {
                let missing = UInt64(declared - found) * UInt64(bytesPerFrame)
                return AudioInputProblem.truncated(input: input, missingBytes: missing).error
            }
        }
        return nil
    }

    /// The decimal numbers in a line of the log.
    private static func integers(in line: Substring) -> [Int64] {
        line.split(whereSeparator: { !$0.isNumber }).compactMap { Int64($0) }
    }

    // MARK: - Formats

    /// Whether the container's header states the data's length (rather than the codec's stream).
    private static func headerDeclaresLength(_ format: Int32) -> Bool {
        switch format & Int32(SF_FORMAT_TYPEMASK) {
        case Int32(SF_FORMAT_WAV), Int32(SF_FORMAT_WAVEX), Int32(SF_FORMAT_RF64), Int32(SF_FORMAT_W64),
            Int32(SF_FORMAT_AIFF), Int32(SF_FORMAT_AU):
            true
        default: false
        }
    }

    /// How the file stores its samples, as the reader reports it; compressed audio is delivered
    /// as float, so it says `.float32`.
    static func encoding(_ format: Int32) -> AudioFormat.SampleEncoding {
        switch format & Int32(SF_FORMAT_SUBMASK) {
        case Int32(SF_FORMAT_PCM_U8), Int32(SF_FORMAT_PCM_S8): .uint8
        case Int32(SF_FORMAT_PCM_16): .int16
        case Int32(SF_FORMAT_PCM_24): .int24
        case Int32(SF_FORMAT_PCM_32): .int32
        default: .float32
        }
    }

    /// Bytes per stored sample of plain encodings; `nil` for compressed ones.
    private static func bytesPerSample(_ format: Int32) -> Int? {
        switch format & Int32(SF_FORMAT_SUBMASK) {
        case Int32(SF_FORMAT_PCM_U8), Int32(SF_FORMAT_PCM_S8), Int32(SF_FORMAT_ULAW), Int32(SF_FORMAT_ALAW): 1
        case Int32(SF_FORMAT_PCM_16): 2
        case Int32(SF_FORMAT_PCM_24): 3
        case Int32(SF_FORMAT_PCM_32), Int32(SF_FORMAT_FLOAT): 4
        case Int32(SF_FORMAT_DOUBLE): 8
        default: nil
        }
    }

    /// The libsndfile subtype of a raw encoding.
    private static func rawSubtype(_ encoding: AudioFormat.SampleEncoding) -> Int32 {
        switch encoding {
        case .uint8: Int32(SF_FORMAT_PCM_U8)
        case .int16: Int32(SF_FORMAT_PCM_16)
        case .int24: Int32(SF_FORMAT_PCM_24)
        case .int32: Int32(SF_FORMAT_PCM_32)
        case .float32: Int32(SF_FORMAT_FLOAT)
        }
    }
}
