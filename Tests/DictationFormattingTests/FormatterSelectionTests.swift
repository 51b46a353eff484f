import DictationFormatting
import DictationKit
import Foundation
import Testing

@Suite("Formatters by locale, and their options", .timeLimit(.minutes(25)))
struct FormatterSelectionTests {
    @Test("English locales get the English formatter", arguments: ["en", "en-US", "en_GB.UTF-8", "EN-au"])
    func english(locale: String) {
        let formatter = TextFormatters.formatter(for: locale)
        #expect(formatter.format("i have twelve cats", in: FormattingContext()).text == "I have 12 cats.")
    }

    @Test("other languages get their words back as they are", arguments: ["de_DE", "fr", ""])
    func identity(locale: String) {
        let formatter = TextFormatters.formatter(for: locale)
        let result = formatter.format("jeg har tolv katter scratch that", in: FormattingContext())
        #expect(result.text == "jeg har tolv katter scratch that")
        #expect(result.command == nil)
    }

    @Test(
        "Norwegian keeps Whisper's writing and takes its own commands off a final's end",
        arguments: ["nb-NO", "no", "nn_NO.UTF-8"])
    func norwegian(locale: String) {
        let formatter = TextFormatters.formatter(for: locale)
        let scratched = formatter.format("Jeg har tolv katter. Stryk det.", in: FormattingContext())
        #expect(scratched.text == "Jeg har tolv katter.")
        #expect(scratched.command == .scratchThat)
        let readBack = formatter.format("Les det opp igjen.", in: FormattingContext())
        #expect(readBack.text == "")
        #expect(readBack.command == .readBack)
        #expect(formatter.format("Ny linje", in: FormattingContext()).command == .newLine)
        #expect(formatter.format("Les opp.", in: FormattingContext()).command == .readBack)
        // Words of a sentence, English commands, and partials stay as they are.
        for sentence in ["Jeg ba deg om å stryke det.", "Du må ikke stryk det", "Vi tar en ny linje.", "Scratch that."] {
            let result = formatter.format(sentence, in: FormattingContext())
            #expect(result.text == sentence)
            #expect(result.command == nil, "\(sentence)")
        }
        let partial = formatter.format("Hei. Stryk det", in: FormattingContext(isFinal: false))
        #expect(partial.text == "Hei. Stryk det" && partial.command == nil)
    }

    @Test("English takes \"read that back\" as a command, and leaves it inside a sentence")
    func englishReadBack() {
        let formatter = EnglishTextFormatter()
        #expect(formatter.format("Read that back.", in: FormattingContext()).command == .readBack)
        #expect(formatter.format("meet me at noon read it back", in: FormattingContext()).command == .readBack)
        #expect(formatter.format("I will read it back", in: FormattingContext()).command == nil)
    }

    @Test("options off leave the recognizer's words")
    func off() {
        let result = EnglishTextFormatter(options: .off).format(
            "meet me at ten thirty on march fifth comma scratch that", in: FormattingContext())
        #expect(result.text == "meet me at ten thirty on march fifth comma scratch that")
        #expect(result.command == nil)
    }

    @Test("options decode with defaults for the switches they lack, and round-trip")
    func codable() throws {
        let decoded = try JSONDecoder().decode(FormattingOptions.self, from: Data(#"{"capitals":false}"#.utf8))
        #expect(decoded == FormattingOptions(capitals: false))
        let options = FormattingOptions(sentenceMarks: false, numbers: .digits, spellings: ["dictation kit": "DictationKit"])
        let again = try JSONDecoder().decode(FormattingOptions.self, from: JSONEncoder().encode(options))
        #expect(again == options)
    }

    @Test("a custom vocabulary's entries are written as it spells them")
    func vocabularySpellings() {
        var options = FormattingOptions()
        options.spellings["kubernetes"] = "k8s"
        options.addSpellings(
            of: Vocabulary([
                Vocabulary.Entry("Trondheim"), Vocabulary.Entry("postgres q l", spelling: "PostgreSQL"),
                Vocabulary.Entry("rollout"), Vocabulary.Entry("Kubernetes"),
            ]))
        #expect(options.spellings == ["trondheim": "Trondheim", "postgres q l": "PostgreSQL", "kubernetes": "k8s"])
        let formatter = EnglishTextFormatter(options: options)
        #expect(
            formatter.format("rollout of postgres q l in trondheim", in: FormattingContext()).text
                == "Rollout of PostgreSQL in Trondheim.")
    }

    @Test("a final left open continues its sentence; a closed one starts the next")
    func sentenceState() {
        let formatter = EnglishTextFormatter()
        let open = formatter.format("dear sir comma", in: FormattingContext())
        #expect(open.text == "Dear sir," && !open.nextStartsSentence)
        let next = formatter.format("thank you", in: FormattingContext(startsSentence: open.nextStartsSentence))
        #expect(next.text == "thank you." && next.nextStartsSentence)
        let command = formatter.format("scratch that", in: FormattingContext(startsSentence: false))
        #expect(command.text.isEmpty && command.command == .scratchThat && !command.nextStartsSentence)
    }
}
