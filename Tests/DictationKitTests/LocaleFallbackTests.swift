import DictationTesting
import Foundation
import Logging
import Testing

@testable import DictationKit

/// DESIGN.md "Locales": the requested locale, then the process locale, then en-US; the session says which it uses.
@Suite(.timeLimit(.minutes(25))) struct LocaleFallbackTests {
    @Test func anInstalledLocaleIsUsedAsAsked() {
        let chain = LocaleFallback(processLocale: "de_DE.UTF-8")
        #expect(chain.locale(for: "nb-NO", installed: ["en-US", "nb-NO"]) == "nb-NO")
        #expect(chain.locale(for: "nb_NO.UTF-8", installed: ["en-US", "nb-NO"]) == "nb-NO", "any spelling")
    }

    @Test func theSameLanguageInAnotherRegionComesBeforeTheProcessLocale() {
        let chain = LocaleFallback(processLocale: "de_DE.UTF-8")
        #expect(chain.locale(for: "nb-SE", installed: ["en-US", "de-DE", "nb-NO"]) == "nb-NO")
        #expect(chain.locale(for: "en-GB", installed: ["de-DE", "en-US"]) == "en-US")
        #expect(chain.locale(for: "nb", installed: ["en-US", "nb-NO"]) == "nb-NO", "a bare language takes any region")
    }

    @Test func withoutTheRequestedLanguageTheProcessLocaleIsNext() {
        let installed = ["en-US", "de-DE", "fr-FR"]
        #expect(LocaleFallback(processLocale: "de_DE.UTF-8").locale(for: "nb-NO", installed: installed) == "de-DE")
        #expect(LocaleFallback(processLocale: "fr_CA.UTF-8").locale(for: "nb-NO", installed: installed) == "fr-FR")
        #expect(LocaleFallback(processLocale: "sv_SE.UTF-8").locale(for: "nb-NO", installed: installed) == "en-US")
    }

    @Test(arguments: [nil, "C", "C.UTF-8", "POSIX", ""])
    func aProcessLocaleThatNamesNoLanguageIsSkipped(processLocale: String?) {
        let chain = LocaleFallback(processLocale: processLocale)
        #expect(chain.locale(for: "nb-NO", installed: ["de-DE", "en-US"]) == "en-US")
        #expect(chain.locale(for: "nb-NO", installed: ["en-GB"]) == "en-GB", "en-US's language is the last resort")
    }

    @Test func nothingReachedIsNil() {
        #expect(LocaleFallback(processLocale: "de_DE").locale(for: "nb-NO", installed: ["fr-FR"]) == nil)
        #expect(LocaleFallback(processLocale: "en_US").locale(for: "nb-NO", installed: []) == nil)
        #expect(LocaleFallback(processLocale: nil).locale(for: "nb-NO", installed: ["und"]) == nil)
    }

    @Test func theProcessLocaleComesFromTheEnvironmentAsPOSIXOrdersIt() {
        #expect(LocaleFallback(environment: ["LANG": "de_DE.UTF-8"]).processLocale == "de_DE.UTF-8")
        #expect(LocaleFallback(environment: ["LANG": "de_DE", "LC_MESSAGES": "fr_FR"]).processLocale == "fr_FR")
        #expect(LocaleFallback(environment: ["LC_MESSAGES": "fr_FR", "LC_ALL": "sv_SE"]).processLocale == "sv_SE")
        #expect(LocaleFallback(environment: ["LC_ALL": "", "LANG": "de_DE"]).processLocale == "de_DE")
        #expect(LocaleFallback(environment: [:]).processLocale == nil)
    }

    static let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    @Test func theDecoderFallsBackOnlyWhenTheLocaleIsUnsupported() throws {
        let recognizer = ScriptedRecognizer(utterances: [], locale: "en-US")
        let chain = LocaleFallback(processLocale: nil)
        let asked = try chain.makeDecoder(DecoderConfiguration(locale: "en-US"), recognizer: recognizer, logger: Self.logger)
        #expect(asked.decoder.locale == "en-US")
        #expect(asked.event == nil, "no event when the locale asked for is used")

        let fallen = try chain.makeDecoder(DecoderConfiguration(locale: "nb-NO"), recognizer: recognizer, logger: Self.logger)
        #expect(fallen.decoder.locale == "en-US")
        #expect(fallen.event == .localeSelected(requested: "nb-NO", used: "en-US"))
    }

    @Test func whenTheChainReachesNothingTheRecognizersErrorStands() {
        let french = ScriptedRecognizer(utterances: [], locale: "fr-FR")
        #expect {
            _ = try LocaleFallback(processLocale: "de_DE").makeDecoder(
                DecoderConfiguration(locale: "nb-NO"), recognizer: french, logger: Self.logger)
        } throws: { error in
            (error as? DictationError)?.code == .localeUnsupported
        }
    }

    @Test func aModelThatFailsToLoadIsReportedNotReplaced() {
        // A broken model for the locale asked for must not be hidden by decoding with another.
        let broken = ScriptedRecognizer(utterances: [], locale: "en-US", loadError: .modelNotFound("a broken nb-no"))
        #expect {
            _ = try LocaleFallback(processLocale: nil).makeDecoder(
                DecoderConfiguration(locale: "nb-NO"), recognizer: broken, logger: Self.logger)
        } throws: { error in
            (error as? DictationError)?.code == .modelNotFound
        }
    }

    @Test func aSessionThatFallsBackSaysSoFirstAndKeepsTheRequestedLanguageForErrors() async throws {
        // The process locale is whatever the test runs under; with only en-US installed the chain
        // ends there for any of them.
        let source = InMemoryAudioSource(samples: SessionContractTests.silence(seconds: 2.5))
        let session = SessionContractTests.session(source)
        let events = try await session.collectEvents(DictationOptions(locale: "nb-NO", endpointing: .scripted))
        #expect(events.first == .localeSelected(requested: "nb-NO", used: "en-US"))
        #expect(events.filter { $0.type == "localeSelected" }.count == 1)
        let finals = events.compactMap { if case .final(let transcript) = $0 { transcript.text } else { nil } }
        #expect(finals == ["go forward ten meters"], "the fallback model recognizes the audio")

        let json = try EventJSONTests.object(try #require(events.first))
        #expect(json["type"] as? String == "localeSelected")
        #expect(json["requestedLocale"] as? String == "nb-NO")
        #expect(json["locale"] as? String == "en-US")
    }

    @Test func aNorwegianSessionOnAnEnglishModelReportsNoSpeechInNorwegian() async throws {
        let source = InMemoryAudioSource(samples: SessionContractTests.silence(seconds: 0.5))
        let session = SessionContractTests.session(source, recognizer: ScriptedRecognizer(utterances: []))
        let events = try await session.collectEvents(DictationOptions(locale: "nb-NO", endpointing: .scripted))
        #expect(events.map(\.type) == ["localeSelected", "error"])
        guard case .error(let error) = events.last else { return }
        #expect(error.code == .noSpeechDetected)
        #expect(error.message == DictationError.noSpeechDetected().message(in: .norwegianBokmal))
    }

    @Test func aSessionInTheInstalledLocaleHasNoLocaleEvent() async throws {
        let source = InMemoryAudioSource(samples: SessionContractTests.silence(seconds: 2.5))
        let events = try await SessionContractTests.session(source).collectEvents(
            DictationOptions(locale: "en_US.UTF-8", endpointing: .scripted))
        #expect(!events.contains { $0.type == "localeSelected" })
        #expect(events.first?.type == "partial")
    }
}
