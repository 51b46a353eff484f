import DictationKit

/// What can stop audio from being converted to the recognizer's format, each with its message in
/// English and Norwegian bokmål.
///
/// The exhaustive `switch` in ``error`` makes a new case impossible to add without both texts.
enum ConversionProblem: Hashable {
    /// The step of the resampler that failed.
    enum ResamplerStep: Hashable, CaseIterable {
        case resampling
        case draining
    }

    /// Input with fewer than one channel.
    case noChannels(Int)
    /// Input whose rate is not a positive number.
    case impossibleInputRate(Int)
    /// An output rate that is not a positive number, asked of a resampler.
    case impossibleOutputRate(Int)
    /// Rates soxr refuses to convert between; `reason` is soxr's text, if it gave one.
    case unconvertibleRates(input: Int, output: Int, reason: String?)
    /// soxr failed while converting; `reason` is soxr's text, `nil` when it stopped making progress.
    case resamplerFailed(ResamplerStep, input: Int, output: Int, reason: String?)
    /// A recognizer that asks for audio at an impossible rate.
    case impossibleRecognizerRate(Int)

    /// The problem as the error a converter throws.
    var error: DictationError {
        switch self {
        case .noChannels(let count):
            .invalidAudio(
                DictationError.Text(
                    english: "the audio says it has \(count) channels; it needs at least 1",
                    norwegianBokmal: "lyden oppgir \(count) kanaler; den må ha minst 1"))
        case .impossibleInputRate(let rate):
            .invalidAudio(
                DictationError.Text(
                    english: "the audio says its sample rate is \(rate) Hz",
                    norwegianBokmal: "lyden oppgir samplingsfrekvensen \(rate) Hz"))
        case .impossibleOutputRate(let rate):
            .invalidAudio(
                DictationError.Text(
                    english: "it would have to be converted to \(rate) Hz, which is no sample rate",
                    norwegianBokmal: "den måtte ha blitt gjort om til \(rate) Hz, og det er ingen samplingsfrekvens"))
        case .unconvertibleRates(let input, let output, let reason):
            .invalidAudio(
                DictationError.Text(
                    english: "its rate of \(input) Hz can't be converted to \(output) Hz (soxr: \(reason ?? "no resampler"))",
                    norwegianBokmal: "samplingsfrekvensen \(input) Hz kan ikke gjøres om til \(output) Hz "
                        + "(soxr: \(reason ?? "ingen resampler"))"))
        case .resamplerFailed(let step, let input, let output, let reason):
            .internal(
                DictationError.Text(
                    english: "\(step == .resampling ? "resampling" : "draining the resampler") from \(input) Hz to "
                        + "\(output) Hz failed (soxr: \(reason ?? "it stopped making progress"))",
                    norwegianBokmal: "\(step == .resampling ? "omsamplingen" : "tømmingen av resampleren") fra \(input) Hz "
                        + "til \(output) Hz mislyktes (soxr: \(reason ?? "den sluttet å komme videre"))"))
        case .impossibleRecognizerRate(let rate):
            .internal(
                DictationError.Text(
                    english: "the recognizer asks for audio at \(rate) Hz",
                    norwegianBokmal: "gjenkjenneren ber om lyd med \(rate) Hz"))
        }
    }
}
