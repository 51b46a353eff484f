import DictationKit

/// What can go wrong opening or reading an audio input (a file, standard input, in-memory audio,
/// pushed buffers),
/// each with its message in English and Norwegian bokmål.
///
/// The exhaustive `switch` in ``error`` gives every case its message; the words are in DictationKit's
/// message tables, one per language, where a test checks that no language lacks one.
enum AudioInputProblem: Hashable {
    /// Where a format being checked came from, as messages name it.
    enum Origin: Hashable, CaseIterable {
        /// An audio file's header, as libsndfile read it.
        case fileHeader
        /// The rate, channels and encoding given for raw PCM.
        case rawFormat
        /// The format an app gave a ``PushAudioSource``.
        case pushedFormat

        var text: DictationError.Text {
            switch self {
            case .fileHeader: DictationError.Text(.audioOriginFileHeader)
            case .rawFormat: DictationError.Text(.audioOriginRawFormat)
            case .pushedFormat:
                DictationError.Text(.audioOriginPushedFormat)
            }
        }
    }

    /// How messages name a file: "the file /tmp/a.wav".
    static func file(_ path: String) -> DictationError.Text {
        DictationError.Text(.audioInputFile, ["path": "\(path)"])
    }

    /// How messages name in-memory audio.
    static let audioData = DictationError.Text(.audioInputData)

    /// How messages name standard input.
    static let standardInput = DictationError.Text(.audioInputStandardInput)

    /// No file at the path.
    case fileMissing(path: String)
    /// The file exists but this user may not read it.
    case fileNotPermitted(path: String)
    /// A part of the path that should be a folder is a file.
    case pathThroughNonFolder(path: String)
    /// Opening failed for another reason, given as the system's text.
    case fileUnopenable(path: String, reason: String)
    /// The path is a folder.
    case isFolder(path: String)
    /// A read failed, with the system's text.
    case readFailed(input: DictationError.Text, reason: String)
    /// The input ends before the length its header declares.
    case truncated(input: DictationError.Text, missingBytes: UInt64)
    /// Standard input held no bytes at all.
    case standardInputEmpty
    /// A file (or in-memory audio) with no bytes at all.
    case empty(input: DictationError.Text)
    /// Bytes libsndfile recognizes as no audio format it reads; `looksLike` names what they seem
    /// to be, when the first bytes say.
    case notAudio(input: DictationError.Text, looksLike: DictationError.Text?)
    /// A known format in an encoding libsndfile can't decode, with its text (English only, so
    /// the Norwegian message leaves it out; so do the two below).
    case unsupportedEncoding(input: DictationError.Text, reason: String)
    /// A header libsndfile can't make sense of, with its text.
    case damagedHeader(input: DictationError.Text, reason: String)
    /// Audio that turned out to be damaged part-way through, with libsndfile's text.
    case damagedData(input: DictationError.Text, reason: String)
    /// A format with no channels (or fewer).
    case noChannels(origin: Origin, count: Int)
    /// A format with more channels than can be read.
    case tooManyChannels(origin: Origin, count: Int)
    /// A format with a rate outside the readable ones.
    case sampleRateOutOfRange(origin: Origin, rate: Int)
    /// A ``PushAudioSource`` asked to feed a second session.
    case pushSourceBusy
    /// The pipe that wakes a blocked reader could not be made, with the system's text.
    case wakePipeFailed(reason: String)

    /// The problem as the error a reader throws.
    var error: DictationError {
        switch self {
        case .fileMissing(let path):
            .invalidAudio(
                DictationError.Text(.audioFileMissing, ["path": "\(path)"]),
                advice: Self.checkThePath)
        case .fileNotPermitted(let path):
            .invalidAudio(
                DictationError.Text(.audioFileNotPermitted, ["path": "\(path)"]),
                advice: DictationError.Text(.audioFilePermissionAdvice))
        case .pathThroughNonFolder(let path):
            .invalidAudio(
                DictationError.Text(.audioPathThroughNonFolder, ["path": "\(path)"]),
                advice: Self.checkThePath)
        case .fileUnopenable(let path, let reason):
            .invalidAudio(
                DictationError.Text(.audioFileUnopenable, ["path": "\(path)", "reason": "\(reason)"]))
        case .isFolder(let path):
            .invalidAudio(
                DictationError.Text(.audioPathIsFolder, ["path": "\(path)"]),
                advice: DictationError.Text(.audioFolderAdvice))
        case .readFailed(let input, let reason):
            .invalidAudio(
                DictationError.Text(.audioReadFailed, ["input": input, "reason": "\(reason)"]),
                advice: input == Self.audioData ? Self.sendAudio : nil)
        case .truncated(let input, let missing):
            .invalidAudio(
                DictationError.Text(.audioTruncated, ["input": input, "missing": "\(missing)"]),
                advice: input == Self.audioData ? Self.sendAudio : nil)
        case .standardInputEmpty:
            .invalidAudio(
                DictationError.Text(.audioStandardInputEmpty))
        case .empty(let input):
            .invalidAudio(
                DictationError.Text(.audioInputEmpty, ["input": input]),
                advice: input == Self.audioData ? Self.sendAudio : Self.checkThePath)
        case .notAudio(let input, let looksLike):
            .invalidAudio(
                DictationError.Text(
                    .audioNotAudio,
                    ["input": input, "looksLike": looksLike.map { DictationError.Text(.audioLooksLike, ["kind": $0]) } ?? ""]),
                advice: Self.convertAdvice(for: input))
        case .unsupportedEncoding(let input, let reason):
            .invalidAudio(
                DictationError.Text(.audioUnsupportedEncoding, ["input": input, "englishReason": "\(reason)"]),
                advice: Self.convertAdvice(for: input))
        case .damagedHeader(let input, let reason):
            .invalidAudio(
                DictationError.Text(.audioDamagedHeader, ["input": input, "englishReason": "\(reason)"]),
                advice: Self.convertAdvice(for: input))
        case .damagedData(let input, let reason):
            .invalidAudio(
                DictationError.Text(.audioDamagedData, ["input": input, "englishReason": "\(reason)"]),
                advice: input == Self.audioData ? Self.sendAudio : nil)
        case .noChannels(let origin, let count):
            .invalidAudio(
                DictationError.Text(.audioNoChannels, ["origin": origin.text, "count": "\(count)"]))
        case .tooManyChannels(let origin, let count):
            .invalidAudio(
                DictationError.Text(
                    .audioTooManyChannels,
                    ["origin": origin.text, "count": "\(count)", "maximum": "\(AudioFormat.readableChannelCounts.upperBound)"]))
        case .sampleRateOutOfRange(let origin, let rate):
            .invalidAudio(
                DictationError.Text(
                    .audioSampleRateOutOfRange,
                    [
                        "origin": origin.text, "rate": "\(rate)", "lowest": "\(AudioFormat.readableSampleRates.lowerBound)",
                        "highest": "\(AudioFormat.readableSampleRates.upperBound)",
                    ]))
        case .pushSourceBusy:
            DictationError(
                code: .deviceBusy,
                message: DictationError.Text(.audioPushSourceBusy))
        case .wakePipeFailed(let reason):
            .internal(
                DictationError.Text(.audioWakePipeFailed, ["reason": "\(reason)"]))
        }
    }

    private static let checkThePath = DictationError.Text(.audioCheckPathAdvice)

    private static let convertIt = DictationError.Text(.audioConvertAdvice)

    /// Audio handed over in memory (an upload to the server) has no path and no raw format to
    /// give: its advice says what to send instead.
    private static let convertBeforeSending = DictationError.Text(.audioConvertDataAdvice)

    private static let sendAudio = DictationError.Text(.audioSendWholeAdvice)

    private static func convertAdvice(for input: DictationError.Text) -> DictationError.Text {
        input == audioData ? convertBeforeSending : convertIt
    }
}
