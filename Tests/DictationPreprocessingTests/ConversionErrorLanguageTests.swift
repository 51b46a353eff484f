import DictationKit
import DictationTesting
import Testing

@testable import DictationPreprocessing

/// Every error DictationPreprocessing makes, in English and Norwegian bokmål.
@Suite(.timeLimit(.minutes(25))) struct ConversionErrorLanguageTests {
    static let problems: [ConversionProblem] =
        [
            .noChannels(0), .impossibleInputRate(0), .impossibleOutputRate(-1),
            .unconvertibleRates(input: 16_000, output: 1, reason: "invalid io_spec"),
            .unconvertibleRates(input: 16_000, output: 1, reason: nil), .impossibleRecognizerRate(0),
        ]
        + ConversionProblem.ResamplerStep.allCases.flatMap { step in
            [
                ConversionProblem.resamplerFailed(step, input: 44_100, output: 16_000, reason: "unsupported"),
                .resamplerFailed(step, input: 44_100, output: 16_000, reason: nil),
            ]
        }

    @Test(arguments: problems)
    func everyProblemHasBothLanguages(problem: ConversionProblem) {
        #expect(ErrorTranslationCheck.problems(in: problem.error) == [])
    }

    @Test func theRealChainThrowsTheSameErrorInNorwegian() {
        let error = #expect(throws: DictationError.self) {
            _ = try StandardPreprocessing().makeProcessor(
                input: AudioFormat(sampleRate: 16_000, channelCount: 0, encoding: .float32), outputSampleRate: 16_000)
        }
        #expect(error == ConversionProblem.noChannels(0).error)
        #expect(error?.localized(for: "nb_NO.UTF-8").message.contains("lyden oppgir 0 kanaler") == true)
    }
}
