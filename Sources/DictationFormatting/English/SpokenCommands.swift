import DictationKit

/// Spoken commands, taken only as a whole utterance or at its end, by a table per language
/// (``english``; ``norwegian`` in `Norwegian/`). English: "scratch that", "new line",
/// "new paragraph", "stop dictating" (or "stop dictation"), "read that back" (or "read it back").
///
/// At an utterance's end a command's words stay words when the word before them makes them part
/// of the sentence: a subject, a modal or "to" ("I told him to scratch that", "we can scratch
/// that"), a negation, or, for the layout commands, a determiner ("start a new line").
///
/// A recognizer that writes is read case- and punctuation-insensitively: "Scratch that.", "New
/// line!", "question, mark" are the spoken words. Its marks after the command are dropped with
/// it; a mark before it separates it from the sentence ("Go forward. Scratch that." is a
/// command, whatever the word before), and a pause mark there (`,` `;` `:`) was the pause before
/// the command, dropped too, so that the sentence gets its mark.
struct SpokenCommands {
    /// Each command's words, lowercase; a longer phrase before a shorter one it ends with.
    let phrases: [(words: [String], kind: DictationCommand.Kind)]
    /// Words before a command's words that make them part of a sentence.
    let sentenceWords: Set<String>
    /// Words before a layout command's words that make them part of a sentence ("a new line").
    let determiners: Set<String>

    static let english = SpokenCommands(
        phrases: [
            (["scratch", "that"], .scratchThat),
            (["new", "paragraph"], .newParagraph),
            (["new", "line"], .newLine),
            (["stop", "dictating"], .stopDictating),
            (["stop", "dictation"], .stopDictating),
            (["read", "that", "back"], .readBack),
            (["read", "it", "back"], .readBack),
        ],
        sentenceWords: [
            "to", "i", "you", "he", "she", "it", "we", "they", "will", "would", "can", "could", "should", "shall",
            "must", "might", "may", "not", "never", "don't", "didn't", "won't", "can't", "cannot", "did", "do", "does",
            "let's", "let", "and", "or",
        ],
        determiners: SpokenPunctuation.determiners)

    /// The tokens without a command at their end, and the command.
    func split(_ tokens: [WrittenToken]) -> (tokens: [WrittenToken], command: DictationCommand.Kind?) {
        var end = tokens.count
        while end > 0, tokens[end - 1].isRecognizerPause { end -= 1 }
        for phrase in phrases {
            guard let start = tokens.start(of: phrase.words, endingAt: end) else { continue }
            var rest = Array(tokens[..<start])
            if let before = rest.last, let word = before.spokenWord {
                if sentenceWords.contains(word) { return (tokens, nil) }
                if phrase.kind == .newLine || phrase.kind == .newParagraph, determiners.contains(word) {
                    return (tokens, nil)
                }
            }
            while let last = rest.last, last.isRecognizerPause, !last.endsSentence { rest.removeLast() }
            return (rest, phrase.kind)
        }
        return (tokens, nil)
    }
}
