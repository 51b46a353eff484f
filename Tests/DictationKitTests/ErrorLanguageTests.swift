import DictationTesting
import Foundation
import Testing

@testable import DictationKit

/// Every DictationKit error in English and Norwegian bokmål, and how the language is chosen.
@Suite(.timeLimit(.minutes(25))) struct ErrorLanguageTests {
    static let detail = DictationError.Text(translations: [
        .english: "the header says 0 channels", .norwegianBokmal: "hodet oppgir 0 kanaler",
    ])

    /// Every factory of DictationKit, with arguments that are the same in both languages.
    static let factories: [(String, DictationError)] = [
        ("invalidAudio", .invalidAudio(detail)),
        (
            "invalidAudio with advice",
            .invalidAudio(
                detail,
                advice: DictationError.Text(translations: [.english: "Check the file.", .norwegianBokmal: "Sjekk filen."]))
        ),
        ("modelNotFound", .modelNotFound(detail)),
        ("localeUnsupported", .localeUnsupported("nb-NO")),
        ("recognitionFailed", .recognitionFailed(detail)),
        ("recognitionFailed, not fatal", .recognitionFailed(detail, isFatal: false)),
        ("noSpeechDetected", .noSpeechDetected()),
        ("internal", .internal(detail)),
        ("sessionAlreadyRunning", .sessionAlreadyRunning()),
        ("endpointerWithoutVoiceActivity", .endpointerWithoutVoiceActivity(preprocessing: "PassthroughPreprocessing")),
    ]

    @Test(arguments: factories)
    func everyFactoryHasBothLanguages(name: String, error: DictationError) {
        #expect(ErrorTranslationCheck.problems(in: error) == [], "\(name)")
        #expect(error.language == .english, "\(name): an error is English until it is localized")
        let norwegian = error.localized(to: .norwegianBokmal)
        #expect(norwegian.code == error.code)
        #expect(norwegian.isFatal == error.isFatal)
        #expect(norwegian.message == error.message(in: .norwegianBokmal))
        #expect(norwegian.description == "\(norwegian.message) (\(error.code.rawValue))")
    }

    /// Every shape of overrun warning: drops of silence only, of some speech, of speech only, and
    /// unjudged (a session without a voice activity detector); with and without device overruns;
    /// device overruns alone.
    static let overrunWarnings: [DictationError] =
        [(0.25, 0.0), (12.5, 3.25), (1.5, 1.5), (2, nil)].flatMap { (dropped: Double, speech: Double?) in
            [0, 1, 3].map { overruns in
                DictationError.captureOverrun(
                    droppedSeconds: dropped, speechSeconds: speech, deviceOverruns: overruns, device: "hw:1")
            }
        }
        + [1, 3].map { DictationError.captureOverrun(droppedSeconds: 0, speechSeconds: 0, deviceOverruns: $0, device: "hw:1") }

    @Test(arguments: overrunWarnings)
    func overrunWarningsHaveBothLanguages(warning: DictationError) {
        #expect(warning.code == .captureOverrun)
        #expect(!warning.isFatal)
        #expect(ErrorTranslationCheck.problems(in: warning) == [])
    }

    @Test func overrunWarningsSayWhatWasLost() {
        func texts(_ dropped: Double, _ speech: Double?, _ overruns: Int) -> (english: String, norwegian: String) {
            let warning = DictationError.captureOverrun(
                droppedSeconds: dropped, speechSeconds: speech, deviceOverruns: overruns, device: "hw:1")
            return (warning.message(in: .english), warning.message(in: .norwegianBokmal))
        }
        let silence = texts(12.5, 0, 0)
        #expect(silence.english.contains("dropped 12.5 s") && silence.english.contains("none of it sounded like speech"))
        #expect(
            silence.norwegian.contains("forkastet 12,5 s") && silence.norwegian.contains("ingenting av det hørtes ut som tale"))
        #expect(!silence.english.contains("overran"))
        let some = texts(12.5, 3.25, 2)
        #expect(some.english.contains("dropped 12.5 s") && some.english.contains("3.25 s of it sounded like speech"))
        #expect(some.norwegian.contains("3,25 s av det hørtes ut som tale"))
        #expect(some.english.contains("overran") && some.english.contains("(2 times)"))
        #expect(some.norwegian.contains("overløp") && some.norwegian.contains("(2 ganger)"))
        let speech = texts(1.5, 1.5, 0)
        #expect(speech.english.contains("only speech waiting") && speech.english.contains("the oldest 1.5 s"))
        #expect(speech.norwegian.contains("bare tale") && speech.norwegian.contains("de eldste 1,5 s"))
        let sliver = texts(1, 0.000_125, 0)
        #expect(sliver.english.contains("0.0001 s of it sounded like speech"), "a sliver of speech is not called 0 s")
        #expect(sliver.norwegian.contains("0,0001 s av det"))
        let unjudged = texts(2, nil, 0)
        #expect(unjudged.english.contains("dropped 2 s of the audio waiting for it, the quietest first."))
        #expect(!unjudged.english.contains("sounded like speech") && !unjudged.english.contains("only speech"))
        #expect(unjudged.norwegian.contains("forkastet 2 s av lyden som ventet på den, det stilleste først."))
        let overrunOnly = texts(0, 0, 1)
        #expect(overrunOnly.english.contains("lost a moment of audio (once)"))
        #expect(overrunOnly.norwegian.contains("mistet et øyeblikk med lyd (én gang)"))
        #expect(!overrunOnly.english.contains("dropped"))
        let quarter = texts(0.25, 0, 0)
        #expect(quarter.english.contains("0.25 s") && quarter.norwegian.contains("0,25 s"))
    }

    @Test func theCheckCatchesAMessageLeftUntranslated() {
        // The check itself must be able to fail, or the table above proves nothing.
        let untranslated = DictationError(code: .internal, message: "I can't do this; please report it.")
        #expect(!ErrorTranslationCheck.problems(in: untranslated).isEmpty)
        let halfTranslated = DictationError.invalidAudio("the file is empty")
        #expect(
            ErrorTranslationCheck.problems(in: halfTranslated).contains { $0.contains("Norwegian message has English") })
        let swapped = DictationError(
            code: .internal,
            message: DictationError.Text(translations: [
                .english: "Jeg får ikke lest filen.", .norwegianBokmal: "I can't read the file.",
            ]))
        #expect(ErrorTranslationCheck.problems(in: swapped).count >= 2)
    }

    @Test(
        arguments: [
            "nb", "nb-NO", "nb_NO", "nb_NO.UTF-8", "NB-no", "no", "no-NO", "no_NO.utf8", "nn", "nn-NO", " nb-NO ",
        ])
    func norwegianLocalesGetBokmal(locale: String) {
        #expect(DictationError.Language(locale: locale) == .norwegianBokmal)
    }

    @Test(arguments: ["en-US", "en", "en_GB.UTF-8", "sv-SE", "da-DK", "de", "nl-NL", "C", "C.UTF-8", "POSIX", "", "nbx"])
    func otherLocalesGetEnglish(locale: String) {
        #expect(DictationError.Language(locale: locale) == .english)
    }

    @Test func theEnvironmentPicksTheLanguageAsPOSIXOrdersTheVariables() {
        typealias Language = DictationError.Language
        #expect(Language(environment: ["LANG": "nb_NO.UTF-8"]) == .norwegianBokmal)
        #expect(Language(environment: ["LANG": "nb_NO.UTF-8", "LC_MESSAGES": "en_US.UTF-8"]) == .english)
        #expect(Language(environment: ["LANG": "en_US.UTF-8", "LC_MESSAGES": "nn_NO.UTF-8"]) == .norwegianBokmal)
        #expect(Language(environment: ["LC_MESSAGES": "nb_NO", "LC_ALL": "C.UTF-8"]) == .english)
        #expect(Language(environment: ["LC_ALL": "", "LANG": "no_NO"]) == .norwegianBokmal, "an empty variable is unset")
        #expect(Language(environment: [:]) == .english)
    }

    @Test func localizingChangesOnlyTheMessage() {
        let error = DictationError.noSpeechDetected()
        let norwegian = error.localized(for: "nb-NO")
        #expect(norwegian.language == .norwegianBokmal)
        #expect(norwegian.message.hasPrefix("Jeg hørte ingen tale."))
        #expect(norwegian.code == .noSpeechDetected && !norwegian.isFatal)
        #expect(norwegian.localized(for: "en-US") == error, "localizing back gives the same error")
        #expect(error.message.hasPrefix("I didn't hear any speech."))
    }

    @Test func anErrorWithOneTextShowsItInEveryLanguage() {
        var error = DictationError(code: .deviceBusy, message: "busy", isFatal: false)
        #expect(error.localized(to: .norwegianBokmal).message == "busy")
        #expect(error.message(in: .norwegianBokmal) == "busy")
        error = error.localized(to: .norwegianBokmal)
        error.message = "opptatt"
        #expect(error.message(in: .english) == "opptatt", "setting message replaces it in every language")
        #expect(error.code == .deviceBusy && !error.isFatal)
    }

    @Test func aDetailInOneLanguageStillGetsATranslatedFrame() {
        // Source compatibility: the String overloads keep working, their detail as given.
        let error = DictationError.modelNotFound("/opt/models")
        #expect(error.message(in: .english).hasPrefix("I can't find a speech model: /opt/models."))
        #expect(error.message(in: .norwegianBokmal).hasPrefix("Jeg finner ingen talemodell: /opt/models."))
    }

    @Test func jsonCarriesTheCodeAndTheMessageInTheErrorsLanguage() throws {
        let error = DictationError.localeUnsupported("nb-NO").localized(for: "nb-NO")
        let json = try EventJSONTests.object(.error(error))
        #expect(json["type"] as? String == "error")
        #expect(json["errorCode"] as? String == "localeUnsupported")
        let message = try #require(json["message"] as? String)
        #expect(message.hasPrefix("Jeg har ingen talemodell for nb-NO."))
        #expect(message == error.message(in: .norwegianBokmal))
        #expect(json["fatal"] as? Bool == true)
    }

    /// A source whose device can't be opened, as a busy microphone.
    struct UnopenableSource: AudioSource {
        static let error = DictationError(
            code: .deviceBusy,
            message: DictationError.Text(
                translations: [
                    .english: "I can't open the microphone: another program is using it.",
                    .norwegianBokmal: "Jeg får ikke åpnet mikrofonen: et annet program bruker den.",
                ]))

        func open() throws(DictationError) -> any AudioReader { throw Self.error }
    }

    @Test func aNorwegianSessionReportsItsErrorsInNorwegianWithTheStableCode() async throws {
        let session = DictationSession(
            source: UnopenableSource(), preprocessing: PassthroughPreprocessing(),
            recognizer: ScriptedRecognizer(utterances: SessionContractTests.script, locale: "nb-NO"))
        let events = try await session.collectEvents(DictationOptions(locale: "nb-NO"))
        #expect(events.count == 1)
        guard case .error(let error) = events.first else {
            Issue.record("a source that can't open ends the stream with an error: \(events)")
            return
        }
        #expect(error.code == .deviceBusy)
        #expect(error.language == .norwegianBokmal)
        #expect(error.message == "Jeg får ikke åpnet mikrofonen: et annet program bruker den.")
        let json = try EventJSONTests.object(.error(error))
        #expect(json["errorCode"] as? String == "deviceBusy")
        #expect(json["message"] as? String == error.message)
    }

    @Test func anEnglishSessionKeepsItsErrorsInEnglish() async throws {
        let session = DictationSession(
            source: UnopenableSource(), preprocessing: PassthroughPreprocessing(),
            recognizer: ScriptedRecognizer(utterances: []))
        let events = try await session.collectEvents(DictationOptions(locale: "en-US"))
        #expect(events == [.error(UnopenableSource.error)])
    }

    @Test func startingTwiceIsRefusedInTheSessionsLanguage() async throws {
        let session = SessionContractTests.session(InMemoryAudioSource(samples: [], ending: .staysOpen))
        let stream = try await session.start(DictationOptions(endpointing: .scripted))
        await #expect {
            _ = try await session.start(DictationOptions(locale: "nb-NO"))
        } throws: { error in
            guard let error = error as? DictationError else { return false }
            return error.code == .internal && error.language == .norwegianBokmal
        }
        await session.stop()
        _ = await stream.collected()
    }
}
