import DictationKit

/// Checks that an error reads right in each language, for tests of the errors DictationKit's
/// targets build from its message tables.
///
/// The tables' own test (`MessageTableTests`) checks that every language has every message with
/// its placeholders; this checks the words: a translation left in English, or a detail filled in
/// in the wrong language.
///
/// The language checks look for words that are typical of one language and never appear in
/// the other, outside `code spans`; they catch a message left untranslated or a detail in the
/// wrong language, not every mistake a translator can make. Keep paths, names and numbers in a
/// test's arguments free of such words.
///
/// ```swift
/// @Test(arguments: myErrors) func bothLanguages(error: DictationError) {
///     #expect(ErrorTranslationCheck.problems(in: error) == [])
/// }
/// ```
public enum ErrorTranslationCheck {
    /// Words of English messages that Norwegian ones never contain.
    public static let englishWords: Set<String> = [
        "the", "and", "is", "isn't", "not", "with", "this", "that", "can't", "couldn't", "don't", "doesn't",
        "didn't", "i'm", "i've", "it", "its", "it's", "please", "try", "check", "which", "there", "from", "your",
        "has", "was", "would", "again", "found", "after", "before", "when",
    ]

    /// Words of Norwegian messages that English ones never contain.
    public static let norwegianWords: Set<String> = [
        "jeg", "ikke", "og", "er", "det", "den", "på", "har", "kan", "som", "eller", "med", "til", "ingen", "fra",
        "mappen", "filen", "lyden", "mikrofonen", "prøv", "sjekk", "klarte", "får", "finnes",
    ]

    /// What is wrong with an error's texts.
    /// - Parameter error: The error to check, in any language.
    /// - Returns: One line per problem: a message that is empty, the same in both languages,
    ///   with words of the other language, or with none of its own; a code or fatality that
    ///   changes with the language. Empty when the error is fine.
    public static func problems(in error: DictationError) -> [String] {
        let english = error.localized(to: .english)
        let norwegian = error.localized(to: .norwegianBokmal)
        var problems: [String] = []
        if english.code != norwegian.code || english.isFatal != norwegian.isFatal {
            problems.append("the code or fatality changes with the language")
        }
        if english.message != error.message(in: .english) || norwegian.message != error.message(in: .norwegianBokmal) {
            problems.append("message and message(in:) disagree")
        }
        if english.message.isEmpty { problems.append("the English message is empty") }
        if norwegian.message.isEmpty { problems.append("the Norwegian message is empty") }
        if english.message == norwegian.message { problems.append("the message is the same in both languages") }

        let englishWordsInEnglish = words(english.message)
        let norwegianWordsInNorwegian = words(norwegian.message)
        let misplacedNorwegian = englishWordsInEnglish.filter(norwegianWords.contains)
        if !misplacedNorwegian.isEmpty || english.message.contains(where: { "æøåÆØÅ".contains($0) }) {
            problems.append("the English message has Norwegian in it (\(misplacedNorwegian)): \(english.message)")
        }
        let misplacedEnglish = norwegianWordsInNorwegian.filter(englishWords.contains)
        if !misplacedEnglish.isEmpty {
            problems.append("the Norwegian message has English in it (\(misplacedEnglish)): \(norwegian.message)")
        }
        if !englishWordsInEnglish.contains(where: englishWords.contains) {
            problems.append("the English message has no typical English word: \(english.message)")
        }
        if !norwegianWordsInNorwegian.contains(where: norwegianWords.contains) {
            problems.append("the Norwegian message has no typical Norwegian word: \(norwegian.message)")
        }
        return problems
    }

    /// The lowercased words of a message's prose, with apostrophes kept (`can't`): `code spans`,
    /// command-line options (`--from-wheel`), paths and addresses (anything with a `/`) are no
    /// language's words.
    static func words(_ message: String) -> [String] {
        var prose = ""
        var inCode = false
        for character in message {
            if character == "`" {
                inCode.toggle()
            } else if !inCode {
                prose.append(character)
            }
        }
        return prose.split(whereSeparator: \.isWhitespace)
            .filter { token in !token.hasPrefix("-") && !token.contains("/") }
            .joined(separator: " ")
            .lowercased()
            .replacingApostrophes()
            .split(whereSeparator: { !($0.isLetter || $0 == "'") })
            .map { String($0).trimmingApostrophes() }
            .filter { !$0.isEmpty }
    }
}

extension String {
    /// `’` as `'`, so typographic and typewriter apostrophes compare equal.
    fileprivate func replacingApostrophes() -> String {
        String(map { $0 == "\u{2019}" ? "'" : $0 })
    }

    /// Without apostrophes used as quotes around the word.
    fileprivate func trimmingApostrophes() -> String {
        var text = Substring(self)
        while text.first == "'" { text = text.dropFirst() }
        while text.last == "'" { text = text.dropLast() }
        return String(text)
    }
}
