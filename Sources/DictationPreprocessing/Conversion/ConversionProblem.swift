import DictationKit

/// What can stop audio from being converted to the recognizer's format, each with its message in
/// English and Norwegian bokmål.
///
/// The exhaustive `switch` in ``error`` gives every case its message; the words are in DictationKit's
/// message tables, one per language, where a test checks that no language lacks one.
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
                DictationError.Text(.conversionNoChannels, ["count": "\(count)"]))
        case .impossibleInputRate(let rate):
            .invalidAudio(
                DictationError.Text(.conversionImpossibleInputRate, ["rate": "\(rate)"]))
        case .impossibleOutputRate(let rate):
            .invalidAudio(
                DictationError.Text(.conversionImpossibleOutputRate, ["rate": "\(rate)"]))
        case .unconvertibleRates(let input, let output, let reason):
            .invalidAudio(
                DictationError.Text(
                    .conversionUnconvertibleRates,
                    [
                        "input": "\(input)", "output": "\(output)",
                        "reason": reason.map { "\($0)" } ?? DictationError.Text(.conversionNoResampler),
                    ]))
        case .resamplerFailed(let step, let input, let output, let reason):
            .internal(
                DictationError.Text(
                    .conversionResamplerFailed,
                    [
                        "step": DictationError.Text(step == .resampling ? .conversionResampling : .conversionDraining),
                        "input": "\(input)", "output": "\(output)",
                        "reason": reason.map { "\($0)" } ?? DictationError.Text(.conversionNoProgress),
                    ]))
        case .impossibleRecognizerRate(let rate):
            .internal(
                DictationError.Text(.conversionImpossibleRecognizerRate, ["rate": "\(rate)"]))
        }
    }
}
