import ArgumentParser
import Dictation

extension Dictate {
    /// `dictate vocabulary`: custom vocabulary files.
    struct VocabularyCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "vocabulary", abstract: "Check a custom vocabulary file against a speech model.",
            subcommands: [Check.self])
    }
}

extension Dictate.VocabularyCommand {
    /// `dictate vocabulary check FILE`: what the model makes of each entry, and what would sound alike.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Say for each entry whether the model knew it and what pronunciation it got; warn about words that sound alike.",
            discussion: """
                One line per entry: known (every word in the model's dictionary), new (a word added, its \
                pronunciation given or derived from the spelling with espeak-ng) or unusable, then each word \
                with its phones. Then a warning per pair of words that would sound alike: the same phones, or \
                one phone apart. Exits 65 when an entry is unusable or the file is malformed. \
                When Whisper decodes the locale (--recognizer auto with a Whisper model installed, or whisper), \
                it says so instead: Whisper has no word list, and the entries become its prompt, shown as it is given.
                """)

        @Argument(help: ArgumentHelp("The vocabulary file (the line format or JSON; see docs/cli.md).", valueName: "file"))
        var file: String

        @OptionGroup var common: CommonOptions

        @OptionGroup var backend: RecognizerOptions

        func run() throws {
            let language = common.messageLanguage
            let recognizer = backend.recognizer(common)
            if case .whisper(let model) = recognizer.backend(for: common.locale) {
                return try explainWhisper(model: model, language: language)
            }
            let report: VocabularyReport
            do {
                report = try common.recognizer.checkVocabulary(Vocabulary(contentsOfFile: file), locale: common.locale)
            } catch {
                Terminal.write("dictate: \(error.localized(to: language).description)\n", toStandardError: true)
                throw ExitCode(CLIExitCode.for(error))
            }
            let width = min(30, report.entries.map(\.entry.phrase.count).max() ?? 0)
            for entry in report.entries {
                let status = !entry.problems.isEmpty ? "unusable" : entry.isKnown ? "known" : "new"
                let words = entry.words.map { word in
                    let phones = word.pronunciations.isEmpty ? "no pronunciation" : word.pronunciations.joined(separator: " ; ")
                    let source =
                        switch word.source {
                        case .dictionary: ""
                        case .given: " (given)"
                        case .derived: word.isApproximate ? " (derived, approximate)" : " (derived)"
                        case .none: ""
                        }
                    return "\(word.text): \(phones)\(source)"
                }
                let phrase = entry.entry.phrase.padding(
                    toLength: max(width, entry.entry.phrase.count), withPad: " ", startingAt: 0)
                Terminal.write(
                    "\(status.padding(toLength: 9, withPad: " ", startingAt: 0))\(phrase)  \(words.joined(separator: "; "))\n")
                for problem in entry.problems {
                    Terminal.write("dictate: \(problem.localized(to: language).description)\n", toStandardError: true)
                }
            }
            for pair in report.soundAlikes {
                let other = pair.otherIsInDictionary ? "the dictionary's \"\(pair.other)\"" : "\"\(pair.other)\""
                let how = pair.isExact ? "sounds the same as" : "sounds like"
                Terminal.write("warning: \"\(pair.word)\" \(how) \(other)\n")
            }
            if report.entries.contains(where: { !$0.problems.isEmpty }) { throw ExitCode(65) }
        }

        /// What Whisper does with the vocabulary: it becomes the prompt.
        private func explainWhisper(model: String?, language: DictationError.Language) throws {
            let vocabulary: Vocabulary
            do {
                vocabulary = try Vocabulary(contentsOfFile: file)
            } catch {
                Terminal.write("dictate: \(error.localized(to: language).description)\n", toStandardError: true)
                throw ExitCode(CLIExitCode.for(error))
            }
            Terminal.write(
                """
                Whisper (\(model ?? "no model installed for \(common.locale)")) decodes \(common.locale): it has no word list \
                to add to. The \(vocabulary.entries.count) entries become its prompt, the text it takes as said just \
                before each utterance, which makes them and their spelling likelier without forcing them:
                \(WhisperRecognizer.prompt(for: vocabulary))

                """)
        }
    }
}
