/// Capitals: at sentence starts, "I" and its contractions, days and months.
///
/// "may" and "march" are months only after a word that goes with a month ("in May", "since
/// March", "early May"); before a day or a year the number rules have written them already.
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
        var previous: String?
        for index in result.indices {
            let token = result[index]
            if let word = token.spokenWord {
                if pronounI.contains(word) || days.contains(word) || months.contains(word)
                    || (word == "may" || word == "march") && previous.map(monthCues.contains) == true
                    || capitalizeNext
                {
                    result[index].text = capitalized(token.text)
                }
            }
            if token.endsSentence {
                capitalizeNext = true
            } else if !token.isMark {
                capitalizeNext = false
            }
            previous = token.spokenWord
        }
        return result
    }

    /// The word with its first letter in capitals.
    static func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }
}
