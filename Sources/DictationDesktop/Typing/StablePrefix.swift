import DictationKit

/// The part of a partial that may be typed before its final: its stable words (which a later
/// partial keeps, `Transcript.stableWordCount`), as the final will write them.
///
/// A partial's written text (`Transcript.writtenText`) covers its volatile words too, and
/// written words need not match spoken ones one to one ("twenty five dollars" is "$25"). So the
/// prefix is cautious: as many written words as there are stable spoken ones, less the last, and
/// none from the first number on, since a number may still grow ("twenty" → "25"). The final
/// corrects what still differs (``TypingLedger/edits(bringing:to:)``).
package enum StablePrefix {
    /// The text to type for a partial.
    /// - Parameters:
    ///   - partial: The partial.
    ///   - raw: Whether the recognizer's words are typed rather than the written text.
    /// - Returns: The prefix; empty when nothing is safe to type yet.
    package static func of(_ partial: Transcript, raw: Bool) -> String {
        if raw { return partial.stableText }
        let written = (partial.writtenText ?? partial.text).split(separator: " ")
        let safe = written.prefix(max(0, min(partial.stableWordCount, written.count) - 1))
            .prefix { word in !word.contains(where: { $0.isNumber || $0 == "$" || $0 == "£" || $0 == "€" }) }
        return safe.joined(separator: " ")
    }
}
