import DictationKit

/// What can be wrong with a WAV file, each with its message in English and Norwegian bokmål.
///
/// Every problem is an ``DictationKit/DictationError/Code/invalidAudio`` error; the exhaustive
/// `switch` in ``detail`` makes a new case impossible to add without both texts.
enum WAVProblem: Hashable {
    /// The input has no bytes at all.
    case empty(input: DictationError.Text)
    /// A big-endian RIFX file.
    case bigEndian
    /// The input does not start with `RIFF` (or `RF64`, `BW64`).
    case notRIFF(input: DictationError.Text)
    /// A RIFF file of another type than `WAVE`.
    case notWAVE
    /// The file ends before any `fmt ` chunk.
    case noFormatChunk
    /// The file ends before its `data` chunk.
    case noDataChunk
    /// Bytes where a chunk header should be that are not a chunk name.
    case damagedChunkNames
    /// The file ends inside its `fmt ` chunk.
    case endsInsideFormatChunk
    /// A `data` chunk comes before any `fmt ` chunk.
    case dataBeforeFormat
    /// More chunks before `data` than any real file has.
    case tooManyChunks(limit: Int)
    /// A `fmt ` chunk too short to describe a format.
    case formatChunkTooShort(declared: UInt32, needed: Int)
    /// A `WAVE_FORMAT_EXTENSIBLE` chunk too short for its sub-format.
    case extensibleTooShort(declared: UInt32, needed: Int)
    /// An extensible sub-format GUID that is not PCM or float.
    case unknownSubFormat
    /// A block align that does not match the channels and sample size.
    case blockAlignMismatch(blockAlign: Int, channels: Int, bitsPerSample: Int, bytesPerFrame: Int)
    /// Integer PCM of a size other than 8, 16, 24 or 32 bits.
    case integerBits(Int)
    /// 64-bit float samples.
    case float64
    /// Float samples of a size other than 32 or 64 bits.
    case floatBits(Int)
    /// A-law samples.
    case aLaw
    /// µ-law samples.
    case muLaw
    /// ADPCM-compressed samples.
    case adpcm
    /// GSM- or MPEG-compressed samples.
    case compressed
    /// Any other format tag, written `0x0006`.
    case unknownTag(String)

    /// The problem as the error a reader throws.
    var error: DictationError { .invalidAudio(detail) }

    /// What is wrong, as the detail of an ``DictationKit/DictationError/Code/invalidAudio`` message.
    var detail: DictationError.Text {
        switch self {
        case .empty(let input):
            DictationError.Text(english: "\(input.english) is empty", norwegianBokmal: "\(input.norwegianBokmal) er tom")
        case .bigEndian:
            DictationError.Text(
                english: "this is a big-endian (RIFX) WAV file, which is not supported",
                norwegianBokmal: "dette er en big-endian WAV-fil (RIFX), og slike støttes ikke")
        case .notRIFF(let input):
            DictationError.Text(
                english: "this is not a WAV file (\(input.english) doesn't start with RIFF)",
                norwegianBokmal: "dette er ikke en WAV-fil (\(input.norwegianBokmal) begynner ikke med RIFF)")
        case .notWAVE:
            DictationError.Text(
                english: "this is not a WAV file (a RIFF file, but not of type WAVE)",
                norwegianBokmal: "dette er ikke en WAV-fil (en RIFF-fil, men ikke av typen WAVE)")
        case .noFormatChunk:
            DictationError.Text(
                english: "the WAV file has no fmt chunk", norwegianBokmal: "WAV-filen har ingen fmt-blokk")
        case .noDataChunk:
            DictationError.Text(
                english: "the WAV file has no data chunk", norwegianBokmal: "WAV-filen har ingen data-blokk")
        case .damagedChunkNames:
            DictationError.Text(
                english: "the WAV file is damaged: where a chunk should start there are no chunk names",
                norwegianBokmal: "WAV-filen er skadet: der en blokk skulle begynne, står det ikke noe blokknavn")
        case .endsInsideFormatChunk:
            DictationError.Text(
                english: "the WAV file ends inside its fmt chunk", norwegianBokmal: "WAV-filen slutter midt i fmt-blokken")
        case .dataBeforeFormat:
            DictationError.Text(
                english: "the WAV file has no fmt chunk before its data chunk",
                norwegianBokmal: "WAV-filen har ingen fmt-blokk før data-blokken")
        case .tooManyChunks(let limit):
            DictationError.Text(
                english: "the WAV file has more than \(limit) chunks before its data chunk",
                norwegianBokmal: "WAV-filen har mer enn \(limit) blokker før data-blokken")
        case .formatChunkTooShort(let declared, let needed):
            DictationError.Text(
                english: "the WAV fmt chunk is \(declared) bytes long, too short for a format (it needs \(needed))",
                norwegianBokmal: "fmt-blokken i WAV-filen er \(declared) byte lang, for kort til å beskrive et format "
                    + "(den trenger \(needed))")
        case .extensibleTooShort(let declared, let needed):
            DictationError.Text(
                english: "the WAV fmt chunk says WAVE_FORMAT_EXTENSIBLE but is too short to hold its sub-format "
                    + "(\(declared) bytes, it needs \(needed))",
                norwegianBokmal: "fmt-blokken i WAV-filen oppgir WAVE_FORMAT_EXTENSIBLE, men er for kort til å romme "
                    + "underformatet (\(declared) byte, den trenger \(needed))")
        case .unknownSubFormat:
            DictationError.Text(
                english: "the WAV file's extensible sub-format is not PCM or float (an unknown GUID)",
                norwegianBokmal: "det utvidbare underformatet i WAV-filen er verken PCM eller flyttall (en ukjent GUID)")
        case .blockAlignMismatch(let blockAlign, let channels, let bits, let bytesPerFrame):
            DictationError.Text(
                english: "the WAV header's block align is \(blockAlign) bytes, but \(channels) channel(s) of "
                    + "\(bits)-bit samples take \(bytesPerFrame)",
                norwegianBokmal: "WAV-hodet oppgir en blokkjustering (block align) på \(blockAlign) byte, men "
                    + "\(channels) kanal(er) med \(bits)-bits samples tar \(bytesPerFrame)")
        case .integerBits(let bits):
            DictationError.Text(
                english: "\(bits)-bit integer PCM is not supported (only 8, 16, 24 and 32 bits)",
                norwegianBokmal: "\(bits)-bits heltalls-PCM støttes ikke (bare 8, 16, 24 og 32 bit)")
        case .float64:
            DictationError.Text(
                english: "64-bit float WAV is not supported; convert it to 32-bit float or 16-bit PCM",
                norwegianBokmal: "WAV med 64-bits flyttall støttes ikke; konverter den til 32-bits flyttall eller "
                    + "16-bits PCM")
        case .floatBits(let bits):
            DictationError.Text(
                english: "\(bits)-bit float WAV is not supported (only 32-bit float)",
                norwegianBokmal: "WAV med \(bits)-bits flyttall støttes ikke (bare 32-bits flyttall)")
        case .aLaw:
            DictationError.Text(
                english: "A-law WAV is not supported; convert it to 16-bit PCM",
                norwegianBokmal: "A-law-WAV støttes ikke; konverter den til 16-bits PCM")
        case .muLaw:
            DictationError.Text(
                english: "mu-law WAV is not supported; convert it to 16-bit PCM",
                norwegianBokmal: "mu-law-WAV støttes ikke; konverter den til 16-bits PCM")
        case .adpcm:
            DictationError.Text(
                english: "ADPCM-compressed WAV is not supported; convert it to 16-bit PCM",
                norwegianBokmal: "ADPCM-komprimert WAV støttes ikke; konverter den til 16-bits PCM")
        case .compressed:
            DictationError.Text(
                english: "compressed WAV (GSM or MPEG) is not supported; convert it to 16-bit PCM",
                norwegianBokmal: "komprimert WAV (GSM eller MPEG) støttes ikke; konverter den til 16-bits PCM")
        case .unknownTag(let tag):
            DictationError.Text(
                english: "the WAV format tag \(tag) is not supported (only PCM, 32-bit float and extensible PCM/float)",
                norwegianBokmal: "formatkoden \(tag) i WAV-filen støttes ikke (bare PCM, 32-bits flyttall og "
                    + "utvidbar PCM/flyttall)")
        }
    }
}
