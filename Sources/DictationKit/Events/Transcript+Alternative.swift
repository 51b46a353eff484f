extension Transcript {
    /// Another transcript of a final's audio that the recognizer found likely, with its score.
    public struct Alternative: Sendable, Hashable, Codable {
        /// The alternative's words, separated by single spaces.
        public var text: String
        /// How likely the recognizer found it, as a natural logarithm (acoustic and language
        /// model together): higher is likelier. Scores compare alternatives of one final only.
        public var score: Double

        /// Creates an alternative.
        /// - Parameters:
        ///   - text: The words, separated by single spaces.
        ///   - score: The recognizer's score, a natural logarithm; higher is likelier.
        public init(text: String, score: Double) {
            self.text = text
            self.score = score
        }
    }
}
