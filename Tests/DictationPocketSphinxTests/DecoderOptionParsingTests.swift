import DictationKit
import DictationTestSupport
import DictationTesting
import Testing

@testable import DictationPocketSphinx

/// `NAME=VALUE` decoder options, as `dictate --decoder-option` and the latency benchmark take them.
@Suite(.timeLimit(.minutes(25))) struct DecoderOptionParsingTests {
    @Test func settingsSplitAtTheFirstEqualsSignAfterTheName() throws {
        let options = try PocketSphinxRecognizer.decoderOptions(parsing: ["-lw=8", "beam=1e-60", "-x=a=b", "-empty=", "==x"])
        #expect(options == ["-lw": "8", "beam": "1e-60", "-x": "a=b", "-empty": "", "=": "x"])
    }

    @Test func aLaterSettingOfTheSameNameWins() throws {
        #expect(try PocketSphinxRecognizer.decoderOptions(parsing: ["-lw=8", "-lw=10"]) == ["-lw": "10"])
        #expect(try PocketSphinxRecognizer.decoderOptions(parsing: []) == [:])
    }

    @Test(arguments: ["-lw", "", "=", "=8", "-lw 8"])
    func aSettingWithoutNameAndValueIsACodedError(setting: String) {
        let error = #expect(throws: DictationError.self) {
            try PocketSphinxRecognizer.decoderOptions(parsing: ["-beam=1e-60", setting])
        }
        #expect(error?.code == .recognitionFailed)
        #expect(
            error?.message.contains("the decoder option \(setting) is not written NAME=VALUE") == true,
            "\(String(describing: error))")
        #expect(error.map(ErrorTranslationCheck.problems(in:)) == [])
    }

    /// What a recognizer made from parsed options hands PocketSphinx: a good value loads, a
    /// name it does not know is refused when the decoder is made.
    @Test func parsedOptionsReachTheDecoder() throws {
        _ = try PocketSphinxSystemModel.requireEnglishUS()
        let good = try PocketSphinxRecognizer.decoderOptions(parsing: ["-lw=8"])
        _ = try PocketSphinxRecognizer(environment: [:], decoderOptions: good).makeStreamDecoder(locale: "en-US")
        let unknown = try PocketSphinxRecognizer.decoderOptions(parsing: ["-no_such_option=1"])
        let error = #expect(throws: DictationError.self) {
            try PocketSphinxRecognizer(environment: [:], decoderOptions: unknown).makeStreamDecoder(locale: "en-US")
        }
        #expect(error?.code == .recognitionFailed)
    }
}
