import DictationKit

/// Spoken commands, taken only as a whole utterance or at its end: "scratch that", "new line",
/// "new paragraph", "stop dictating" (or "stop dictation").
///
/// At an utterance's end a command's words stay words when the word before them makes them part
/// of the sentence: a subject, a modal or "to" ("I told him to scratch that", "we can scratch
/// that"), a negation, or, for the layout commands, a determiner ("start a new line").
enum SpokenCommands {
    static let phrases: [(words: [String], kind: DictationCommand.Kind)] = [
        (["scratch", "that"], .scratchThat),
        (["new", "paragraph"], .newParagraph),
        (["new", "line"], .newLine),
        (["stop", "dictating"], .stopDictating),
        (["stop", "dictation"], .stopDictating),
    ]

    /// Words before a command's words that make them part of a sentence.
    static let sentenceWords: Set<String> = [
        "to", "i", "you", "he", "she", "it", "we", "they", "will", "would", "can", "could", "should", "shall",
        "must", "might", "may", "not", "never", "don't", "didn't", "won't", "can't", "cannot", "did", "do", "does",
        "let's", "let", "and", "or",
    ]

    /// The words without a command at their end, and the command.
    static func split(_ words: [String]) -> (words: [String], command: DictationCommand.Kind?) {
        for phrase in phrases where words.count >= phrase.words.count && words.suffix(phrase.words.count).elementsEqual(phrase.words) {
            let rest = Array(words.dropLast(phrase.words.count))
            if let before = rest.last {
                if sentenceWords.contains(before) { return (words, nil) }
                if phrase.kind != .scratchThat, phrase.kind != .stopDictating,
                    SpokenPunctuation.determiners.contains(before)
                {
                    return (words, nil)
                }
            }
            return (rest, phrase.kind)
        }
        return (words, nil)
    }
}
