import DictationKit
import DictationTesting
import Testing

/// What events say to people, in English and Norwegian bokmål.
@Suite(.timeLimit(.minutes(25))) struct EventTextTests {
    static let transcript = Transcript(
        text: "go forward", words: [Word(text: "go", start: 0.46, end: 0.63, confidence: 0.9)], utteranceIndex: 0,
        startTime: 0.4, endTime: 0.7)

    @Test func aLocaleFallbackIsANoticeInEitherLanguage() throws {
        let event = DictationEvent.localeSelected(requested: "xx-YY", used: "en-US")
        #expect(
            event.notice(in: .english)
                == "I have no speech model for xx-YY, so I'm recognizing en-US instead; `dictate locales` lists the "
                + "installed ones.")
        #expect(
            event.notice(in: .norwegianBokmal)
                == "Jeg har ingen talemodell for xx-YY, så jeg gjenkjenner en-US i stedet; `dictate locales` viser de "
                + "installerte.")
        let both = DictationError.Text(
            translations: [
                .english: try #require(event.notice(in: .english)),
                .norwegianBokmal: try #require(event.notice(in: .norwegianBokmal)),
            ])
        #expect(ErrorTranslationCheck.problems(in: DictationError(code: .localeUnsupported, message: both)) == [])
    }

    @Test func anErrorsNoticeIsItsMessageAndCodeInTheLanguageAskedFor() {
        let event = DictationEvent.error(.noSpeechDetected())
        #expect(
            event.notice(in: .english) == "I didn't hear any speech. Check that the right microphone or file is used "
                + "and that it isn't muted. (noSpeechDetected)")
        #expect(event.notice(in: .norwegianBokmal)?.hasPrefix("Jeg hørte ingen tale.") == true)
        #expect(event.notice(in: .norwegianBokmal)?.hasSuffix("(noSpeechDetected)") == true)
    }

    @Test func resultsAndMeasurementsAreNoNotices() {
        let events: [DictationEvent] = [
            .partial(Self.transcript), .final(Self.transcript), .speechStarted(at: 1), .speechEnded(at: 2), .level(-20),
            .progress(processed: 1, total: nil), .stateChanged(.listening),
            .blockCommitted(DictationBlock(index: 0, utterances: [Self.transcript])),
            .blockDiscarded(DictationBlock(index: 1, utterances: [])),
        ]
        for event in events {
            #expect(event.notice(in: .english) == nil, "\(event.type)")
        }
    }

    @Test func localizingAnEventTranslatesOnlyAnError() {
        let error = DictationEvent.error(.noSpeechDetected()).localized(to: .norwegianBokmal)
        guard case .error(let localized) = error else {
            Issue.record("still an error: \(error)")
            return
        }
        #expect(localized.language == .norwegianBokmal)
        #expect(localized.code == .noSpeechDetected)
        #expect(DictationEvent.final(Self.transcript).localized(to: .norwegianBokmal) == .final(Self.transcript))
    }
}
