import DictationTesting
import Testing

@testable import DictationKit

/// The message tables: every language has every message, with the placeholders English has, and
/// a message is written out whole in either language.
@Suite(.timeLimit(.minutes(25))) struct MessageTableTests {
    @Test(arguments: DictationError.Language.allCases)
    func everyLanguageHasEveryMessage(language: DictationError.Language) {
        let table = MessageTable.table(for: language)
        let missing = MessageID.allCases.filter { table[$0] == nil }
        #expect(missing == [], "the \(language) table lacks \(missing.map(\.rawValue))")
        let empty = MessageID.allCases.filter { table[$0]?.isEmpty == true }
        #expect(empty == [], "the \(language) table has empty messages: \(empty.map(\.rawValue))")
    }

    /// A translation has the placeholders of the English message, wherever its language wants
    /// them; it may leave out one whose name starts with `english` (text only English has, such
    /// as libsndfile's reason), and may have none that English lacks.
    @Test(arguments: DictationError.Language.allCases)
    func everyMessageHasTheEnglishPlaceholders(language: DictationError.Language) {
        for id in MessageID.allCases {
            guard let template = MessageTable.table(for: language)[id], let english = MessageTable.english[id] else {
                continue
            }
            let englishNames = Set(english.placeholders)
            let names = Set(template.placeholders)
            let required = englishNames.filter { !$0.hasPrefix("english") }
            #expect(
                names.isSubset(of: englishNames) && names.isSuperset(of: required),
                "\(language) \(id.rawValue) has \(names.sorted()), English \(englishNames.sorted())")
        }
    }

    @Test(arguments: DictationError.Language.allCases)
    func everyMessageIsWrittenOutWhole(language: DictationError.Language) {
        for id in MessageID.allCases {
            let names = MessageTable.english[id]?.placeholders ?? []
            let arguments = Dictionary(names.map { ($0, DictationError.Text("‹\($0)›")) }) { first, _ in first }
            let text = DictationError.Text(id, arguments).string(in: language)
            #expect(text.placeholders == [], "\(language) \(id.rawValue): \(text)")
            #expect(!text.isEmpty, "\(language) \(id.rawValue)")
        }
    }

    @Test func placeholdersAreNamesInBraces() {
        #expect("I can't use {path}: {reason}.".placeholders == ["path", "reason"])
        #expect("Send one JSON object a line, such as {\"command\":\"start\"}.".placeholders == [])
        #expect("{} {1x} {a-b} {open".placeholders == [])
        let filled = "{tool} failed ({status}){said}".filling { ["tool": "xdotool", "status": "{status}"][$0] }
        #expect(filled == "xdotool failed ({status}){said}", "a value is not filled in again; a name without one stays")
    }

    @Test func aNumberHasTheDecimalMarkOfItsLanguage() {
        let seconds = 12.5.secondsText
        #expect(seconds.string(in: .english) == "12.5")
        #expect(seconds.string(in: .norwegianBokmal) == "12,5")
        #expect(0.000_125.secondsText.string(in: .norwegianBokmal) == "0,0001")
    }

    @Test func realErrorsReadWholeInEitherLanguage() {
        let locale = DictationError.localeUnsupported("nb-NO")
        #expect(
            locale.message(in: .english)
                == "I have no speech model for nb-NO. `dictate locales` lists the languages I can transcribe; install a "
                + "model for nb-NO or pick one of those.")
        #expect(
            locale.message(in: .norwegianBokmal)
                == "Jeg har ingen talemodell for nb-NO. `dictate locales` viser språkene jeg kan transkribere; installer "
                + "en modell for nb-NO, eller velg et av dem.")

        let overrun = DictationError.captureOverrun(
            droppedSeconds: 1.5, speechSeconds: nil, deviceOverruns: 2, device: "hw:1")
        #expect(
            overrun.message(in: .english)
                == "Recognition fell behind the microphone \"hw:1\", so I dropped 1.5 s of the audio waiting for it, the "
                + "quietest first. The microphone also overran, and I lost a moment of audio (2 times). I'm still "
                + "listening; a larger capture buffer or a smaller speech model helps.")
        #expect(
            overrun.message(in: .norwegianBokmal)
                == "Gjenkjenningen kom på etterskudd i forhold til mikrofonen «hw:1», så jeg forkastet 1,5 s av lyden som "
                + "ventet på den, det stilleste først. Mikrofonen fikk også overløp, og jeg mistet et øyeblikk med lyd "
                + "(2 ganger). Jeg lytter fortsatt; en større opptaksbuffer eller en mindre talemodell hjelper.")

        // A clause of its own (the place in the file) in the language of the sentence around it.
        let vocabulary = VocabularyProblem.tooManyFields(.init(source: "words.txt", line: 3)).error
        #expect(vocabulary.message(in: .english).hasPrefix("words.txt, line 3 has more than three fields. Write one entry"))
        #expect(vocabulary.message(in: .norwegianBokmal).hasPrefix("words.txt, linje 3 har mer enn tre felt. Skriv én"))

        for error in [locale, overrun, vocabulary] {
            #expect(ErrorTranslationCheck.problems(in: error) == [])
            for language in DictationError.Language.allCases {
                #expect(error.message(in: language).placeholders == [], "\(error.message(in: language))")
            }
        }
    }

    @Test func textsAreEqualWhenTheyReadTheSame() {
        let fromTables = DictationError.Text(.captureOverrunOnce)
        let fromAPeer = DictationError.Text(translations: [.english: "once", .norwegianBokmal: "én gang"])
        #expect(fromTables == fromAPeer)
        #expect(fromTables.hashValue == fromAPeer.hashValue)
        #expect(fromTables != DictationError.Text("once"), "the same in English, not in Norwegian")
        // A language a peer did not send is shown in English.
        #expect(DictationError.Text(translations: [.english: "once"]).string(in: .norwegianBokmal) == "once")
    }
}
