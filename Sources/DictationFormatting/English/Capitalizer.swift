/// Capitals: at sentence starts, "I" and its contractions, days and months.
///
/// "may" and "march" are months only after a word that goes with a month ("in May", "since
/// March", "early May"); before a day or a year the number rules have written them already.
///
/// Capitals are only added, never taken away, with one exception: an utterance that continues a
/// sentence (the one before was left open) starts lowercase, even where a recognizer that writes
/// gave its first word a capital (Whisper starts every utterance with one). A word with capitals
/// past its first letter ("iPhone", "NASA"), "I", days and months keep theirs. A recognizer's
/// own sentence marks bring no capital: it wrote the capitals after them itself, and a period
/// of its may end an abbreviation ("approx. five").
enum Capitalizer {
    static let days: Set<String> = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mondays", "tuesdays",
        "wednesdays", "thursdays", "fridays", "saturdays", "sundays",
    ]
    static let months = Set(NumberRewriter.months).subtracting(["may", "march"])
    static let monthCues: Set<String> = [
        "in", "of", "since", "until", "till", "early", "late", "last", "next", "during", "mid", "through",
    ]
    static let pronounI: Set<String> = ["i", "i'm", "i'll", "i've", "i'd"]

    /// The tokens with capitals where they belong.
    /// - Parameters:
    ///   - tokens: The utterance's tokens.
    ///   - startsSentence: Whether the first word starts a sentence.
    static func apply(to tokens: [WrittenToken], startsSentence: Bool) -> [WrittenToken] {
        var result = tokens
        var capitalizeNext = startsSentence
        var isFirstWord = true
        var previous: String?
        for index in result.indices {
            let token = result[index]
            if let word = token.spokenWord {
                if pronounI.contains(word) || days.contains(word) || months.contains(word)
                    || (word == "may" || word == "march") && previous.map(monthCues.contains) == true
                    || capitalizeNext
                {
                    result[index].text = capitalized(token.text)
                } else if isFirstWord, !startsSentence {
                    result[index].text = continuing(token.text)
                }
            }
            if token.endsSentence && !token.writtenByRecognizer {
                capitalizeNext = true
            } else if !token.isMark {
                capitalizeNext = false
            }
            if !token.isMark { isFirstWord = false }
            previous = token.spokenWord
        }
        return result
    }

    /// The word with its first letter in capitals; a word with capitals already is left as it is.
    static func capitalized(_ word: String) -> String {
        word.contains(where: \.isUppercase) ? word : word.prefix(1).uppercased() + word.dropFirst()
    }

    /// A word that continues a sentence, without the capital a recognizer gave it as a sentence's
    /// first word: "Thank" → "thank". "I", days, months, and words with capitals past their first
    /// letter keep theirs.
    static func continuing(_ word: String) -> String {
        guard let first = word.first, first.isUppercase, !word.dropFirst().contains(where: \.isUppercase) else { return word }
        let lower = word.lowercased()
        if pronounI.contains(lower) || days.contains(lower) || NumberRewriter.months.contains(lower) { return word }
        return first.lowercased() + word.dropFirst()
    }
}
