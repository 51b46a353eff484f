/// Whether a clause reads as a question, from its first words: a question word ("what time is
/// it", "where are you") unless a subject follows it ("when you get home", "what a day"), or an
/// auxiliary before its subject ("can you", "is the shop open"; but "do the dishes" and "have a
/// nice day" are requests).
enum QuestionReading {
    static let questionWords: Set<String> = ["what", "when", "where", "who", "whom", "whose", "why", "how", "which"]
    static let auxiliaries: Set<String> = [
        "is", "are", "am", "was", "were", "do", "does", "did", "can", "could", "will", "would", "shall", "should", "may",
        "might", "must", "have", "has", "had", "isn't", "aren't", "wasn't", "weren't", "don't", "doesn't", "didn't",
        "can't", "couldn't", "won't", "wouldn't", "shouldn't", "haven't", "hasn't", "hadn't",
    ]
    /// Auxiliaries that start requests as often as questions, so need a pronoun after them.
    static let pronounOnly: Set<String> = ["do", "does", "did", "don't", "doesn't", "didn't", "have", "has", "had"]
    static let subjects: Set<String> = [
        "i", "you", "he", "she", "it", "we", "they", "there", "this", "that", "these", "those", "anyone", "anybody",
        "someone", "somebody", "everyone", "everybody", "anything", "something", "everything", "i'm",
    ]
    static let determiners: Set<String> = ["the", "a", "an", "my", "your", "his", "her", "our", "their", "its"]

    /// Whether the clause's first words make it a question.
    static func isQuestion(_ words: [String]) -> Bool {
        guard let first = words.first else { return false }
        let second = words.dropFirst().first
        if questionWords.contains(first) {
            guard let second else { return true }
            if first == "what", second == "a" || second == "an" { return false }
            return !subjects.contains(second) || first == "who"
        }
        guard auxiliaries.contains(first), let second else { return false }
        if subjects.contains(second) { return true }
        return !pronounOnly.contains(first) && determiners.contains(second)
    }
}
