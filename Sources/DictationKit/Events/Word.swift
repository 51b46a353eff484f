/// One recognized word with its place in the audio.
public struct Word: Sendable, Hashable, Codable {
    /// The word as written.
    public var text: String
    /// Where the word starts, in seconds from the start of the session's audio.
    public var start: Double
    /// Where the word ends, in seconds from the start of the session's audio.
    public var end: Double
    /// How sure the recognizer is, from 0 (a guess) to 1 (certain).
    public var confidence: Double

    /// Creates a word.
    /// - Parameters:
    ///   - text: The word as written.
    ///   - start: Start time in seconds from the start of the audio.
    ///   - end: End time in seconds from the start of the audio.
    ///   - confidence: Confidence from 0 to 1.
    public init(text: String, start: Double, end: Double, confidence: Double) {
        self.text = text
        self.start = start
        self.end = end
        self.confidence = confidence
    }
}
