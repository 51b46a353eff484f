import DictationKit

/// One segment of PocketSphinx's best path: a word or a filler, its frames and its posterior.
struct RecognizedSegment: Hashable, Sendable {
    /// The dictionary entry as PocketSphinx spells it: `go`, `read(2)`, `<sil>`, `[NOISE]`.
    var word: String
    /// The first frame of the segment, as `ps_seg_frames` reports it.
    var startFrame: Int
    /// The last frame of the segment (inclusive), as `ps_seg_frames` reports it.
    var endFrame: Int
    /// The posterior probability of the segment, 0...1.
    var confidence: Double

    /// Whether the segment is a filler rather than a word: sentence marks (`<s>`, `</s>`),
    /// silence (`<sil>`), noise in brackets (`[NOISE]`) or pluses (`++BREATH++`).
    var isFiller: Bool { Self.isFiller(word) }

    /// The word without its alternate-pronunciation suffix: `read(2)` is `read`.
    var baseWord: String { Self.baseWord(word) }

    /// Whether a dictionary entry is a filler. See ``isFiller``.
    /// - Parameter word: A dictionary entry.
    /// - Returns: `true` for fillers.
    static func isFiller(_ word: String) -> Bool {
        if word.isEmpty { return true }
        if word.hasPrefix("<"), word.hasSuffix(">") { return true }
        if word.hasPrefix("["), word.hasSuffix("]") { return true }
        return word.count >= 4 && word.hasPrefix("++") && word.hasSuffix("++")
    }

    /// A dictionary entry without its `(n)` pronunciation suffix.
    /// - Parameter word: A dictionary entry such as `read(2)`.
    /// - Returns: The written word, `read`.
    static func baseWord(_ word: String) -> String {
        guard word.hasSuffix(")"), let open = word.lastIndex(of: "("), open > word.startIndex else { return word }
        let number = word[word.index(after: open)..<word.index(before: word.endIndex)]
        return !number.isEmpty && number.allSatisfy(\.isNumber) ? String(word[..<open]) : word
    }

    /// The written words of a hypothesis string, fillers and pronunciation suffixes removed.
    /// - Parameter hypothesis: Text as `ps_get_hyp` returns it.
    /// - Returns: The words joined by single spaces.
    static func cleanText(_ hypothesis: String) -> String {
        hypothesis.split(separator: " ").map(String.init)
            .filter { !isFiller($0) }.map(baseWord).joined(separator: " ")
    }
}

extension Array where Element == RecognizedSegment {
    /// The words of the segments, fillers dropped, with times in seconds of session audio.
    /// - Parameters:
    ///   - frameOffset: Frames to add to the segments' frame numbers to count from the session's
    ///     first sample (0 when PocketSphinx already counts from there).
    ///   - frameRate: Frames per second.
    /// - Returns: The words in order.
    func words(frameOffset: Int, frameRate: Int) -> [Word] {
        let rate = Double(frameRate)
        return filter { !$0.isFiller }.map { segment in
            Word(
                text: segment.baseWord,
                start: Double(segment.startFrame + frameOffset) / rate,
                // A segment's end frame is inclusive: the word lasts until that frame ends.
                end: Double(segment.endFrame + 1 + frameOffset) / rate,
                confidence: segment.confidence)
        }
    }
}
