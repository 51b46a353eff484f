import DictationKit

/// What can go wrong opening or reading an audio input (a file, standard input, in-memory audio,
/// pushed buffers),
/// each with its message in English and Norwegian bokmål.
///
/// The exhaustive `switch` in ``error`` makes a new case impossible to add without both texts.
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
            case .fileHeader: DictationError.Text(english: "the file's header", norwegianBokmal: "filhodet")
            case .rawFormat: DictationError.Text(english: "the raw audio format", norwegianBokmal: "det rå lydformatet")
            case .pushedFormat:
                DictationError.Text(
                    english: "the pushed audio format", norwegianBokmal: "formatet til lyden appen sender inn")
            }
        }
    }

    /// How messages name a file: "the file /tmp/a.wav".
    static func file(_ path: String) -> DictationError.Text {
        DictationError.Text(english: "the file \(path)", norwegianBokmal: "filen \(path)")
    }

    /// How messages name in-memory audio.
    static let audioData = DictationError.Text(english: "the audio data", norwegianBokmal: "lyddataene")

    /// How messages name standard input.
    static let standardInput = DictationError.Text(english: "standard input", norwegianBokmal: "standard inn")

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
                DictationError.Text(english: "the file \(path) doesn't exist", norwegianBokmal: "filen \(path) finnes ikke"),
                advice: Self.checkThePath)
        case .fileNotPermitted(let path):
            .invalidAudio(
                DictationError.Text(
                    english: "the file \(path) may not be read by this user (permission denied)",
                    norwegianBokmal: "denne brukeren har ikke lov til å lese filen \(path) (ingen tilgang)"),
                advice: DictationError.Text(
                    english: "Check its permissions, or run me as a user who may read it.",
                    norwegianBokmal: "Sjekk tilgangene til filen, eller kjør meg som en bruker som får lese den."))
        case .pathThroughNonFolder(let path):
            .invalidAudio(
                DictationError.Text(
                    english: "the file \(path) doesn't exist (part of its path is not a folder)",
                    norwegianBokmal: "filen \(path) finnes ikke (en del av stien er ikke en mappe)"),
                advice: Self.checkThePath)
        case .fileUnopenable(let path, let reason):
            .invalidAudio(
                DictationError.Text(
                    english: "I can't open the file \(path) (\(reason))",
                    norwegianBokmal: "jeg får ikke åpnet filen \(path) (\(reason))"))
        case .isFolder(let path):
            .invalidAudio(
                DictationError.Text(
                    english: "\(path) is a folder, not an audio file",
                    norwegianBokmal: "\(path) er en mappe, ikke en lydfil"),
                advice: DictationError.Text(
                    english: "Give the path of a recording inside it.",
                    norwegianBokmal: "Oppgi stien til et opptak i den."))
        case .readFailed(let input, let reason):
            .invalidAudio(
                DictationError.Text(
                    english: "reading \(input.english) failed (\(reason))",
                    norwegianBokmal: "lesingen av \(input.norwegianBokmal) mislyktes (\(reason))"))
        case .truncated(let input, let missing):
            .invalidAudio(
                DictationError.Text(
                    english: "\(input.english) ends \(missing) bytes before its header says it should; it was "
                        + "probably cut off while it was written or copied",
                    norwegianBokmal: "\(input.norwegianBokmal) slutter \(missing) byte før hodet sier at den skal; "
                        + "den ble trolig kuttet av mens den ble skrevet eller kopiert"))
        case .standardInputEmpty:
            .invalidAudio(
                DictationError.Text(english: "standard input is empty", norwegianBokmal: "standard inn er tom"))
        case .empty(let input):
            .invalidAudio(
                DictationError.Text(english: "\(input.english) is empty", norwegianBokmal: "\(input.norwegianBokmal) er tom"),
                advice: Self.checkThePath)
        case .notAudio(let input, let looksLike):
            .invalidAudio(
                DictationError.Text(
                    english: "\(input.english) is not in an audio format I can read"
                        + (looksLike.map { " (it looks like \($0.english))" } ?? ""),
                    norwegianBokmal: "\(input.norwegianBokmal) er ikke i et lydformat jeg kan lese"
                        + (looksLike.map { " (den ser ut som \($0.norwegianBokmal))" } ?? "")),
                advice: Self.convertIt)
        case .unsupportedEncoding(let input, let reason):
            .invalidAudio(
                DictationError.Text(
                    english: "\(input.english) holds audio in an encoding I can't decode (\(reason))",
                    norwegianBokmal: "\(input.norwegianBokmal) inneholder lyd i en koding jeg ikke kan dekode"),
                advice: Self.convertIt)
        case .damagedHeader(let input, let reason):
            .invalidAudio(
                DictationError.Text(
                    english: "\(input.english) is damaged: its header can't be read (\(reason))",
                    norwegianBokmal: "\(input.norwegianBokmal) er skadet: hodet kan ikke leses"),
                advice: Self.convertIt)
        case .damagedData(let input, let reason):
            .invalidAudio(
                DictationError.Text(
                    english: "\(input.english) is damaged part-way through (\(reason)); the audio before it was read",
                    norwegianBokmal: "\(input.norwegianBokmal) er skadet et stykke ut i lyden; lyden før skaden ble lest"))
        case .noChannels(let origin, let count):
            .invalidAudio(
                DictationError.Text(
                    english: "\(origin.text.english) says \(count) channels",
                    norwegianBokmal: "\(origin.text.norwegianBokmal) oppgir \(count) kanaler"))
        case .tooManyChannels(let origin, let count):
            .invalidAudio(
                DictationError.Text(
                    english: "\(origin.text.english) says \(count) channels; I can read at most "
                        + "\(AudioFormat.readableChannelCounts.upperBound)",
                    norwegianBokmal: "\(origin.text.norwegianBokmal) oppgir \(count) kanaler; jeg kan lese høyst "
                        + "\(AudioFormat.readableChannelCounts.upperBound)"))
        case .sampleRateOutOfRange(let origin, let rate):
            .invalidAudio(
                DictationError.Text(
                    english: "\(origin.text.english) says the sample rate is \(rate) Hz, outside the "
                        + "\(AudioFormat.readableSampleRates.lowerBound)...\(AudioFormat.readableSampleRates.upperBound) "
                        + "Hz I can read",
                    norwegianBokmal: "\(origin.text.norwegianBokmal) oppgir samplingsfrekvensen \(rate) Hz, utenfor "
                        + "de \(AudioFormat.readableSampleRates.lowerBound)–\(AudioFormat.readableSampleRates.upperBound) "
                        + "Hz jeg kan lese"))
        case .pushSourceBusy:
            DictationError(
                code: .deviceBusy,
                message: DictationError.Text(
                    english: "This pushed audio source already feeds a session. Stop that session first, "
                        + "or give each session its own PushAudioSource.",
                    norwegianBokmal: "Denne PushAudioSource-kilden forsyner allerede en økt med lyd. Stopp den "
                        + "økten først, eller gi hver økt sin egen PushAudioSource."))
        case .wakePipeFailed(let reason):
            .internal(
                DictationError.Text(
                    english: "I couldn't create a pipe to wake the audio reader (\(reason))",
                    norwegianBokmal: "jeg klarte ikke å lage en pipe som kan vekke lydleseren (\(reason))"))
        }
    }

    private static let checkThePath = DictationError.Text(english: "Check the path.", norwegianBokmal: "Sjekk stien.")

    private static let convertIt = DictationError.Text(
        english: "I read WAV, FLAC, Ogg Vorbis, Opus, MP3, AIFF and AU; convert other audio to one of them first "
            + "(e.g. `ffmpeg -i input.m4a output.flac`), or give the rate, channels and encoding of raw PCM.",
        norwegianBokmal: "Jeg leser WAV, FLAC, Ogg Vorbis, Opus, MP3, AIFF og AU; konverter annen lyd til ett av dem "
            + "først (f.eks. `ffmpeg -i input.m4a output.flac`), eller oppgi samplingsfrekvensen, antall kanaler og "
            + "kodingen for rå PCM.")
}
