import DictationKit

/// Whisper's decoder can fall into a loop, writing one phrase again and again ("I hate it, I hate
/// it, I hate it, ...") over audio that holds it once or not at all: a known failure of
/// sequence-to-sequence recognition on unclear audio. whisper.cpp's own defence (decoding again at
/// a higher temperature when a segment's tokens are too repetitive) does not catch every loop;
/// this guard removes what is left: a phrase of up to ``longestPhrase`` words said more than
/// twice in a row (a single word more than three times) is kept once.
///
/// People do repeat themselves ("no, no", "very, very"), so the bounds leave ordinary repetition
/// alone; words are compared without case and punctuation.
enum RepetitionGuard {
    /// The longest phrase looked for, in words.
    static let longestPhrase = 8

    /// The words with every loop kept once.
    /// - Parameter words: A segment's words, in order.
    /// - Returns: The words, loops removed; the same words when there are none.
    static func removingLoops(from words: [Word]) -> [Word] {
        let keys = words.map { word in String(word.text.lowercased().filter { $0.isLetter || $0.isNumber }) }
        var kept: [Word] = []
        var index = 0
        while index < words.count {
            var skipped = false
            // A phrase must fit at least twice in what is left.
            let longest = min(longestPhrase, (words.count - index) / 2)
            for length in stride(from: 1, through: longest, by: 1) where !skipped {
                let phrase = keys[index..<index + length]
                guard !phrase.allSatisfy(\.isEmpty) else { continue }
                var repeats = 1
                while index + (repeats + 1) * length <= words.count,
                    keys[(index + repeats * length)..<(index + (repeats + 1) * length)].elementsEqual(phrase)
                {
                    repeats += 1
                }
                let limit = length == 1 ? 3 : 2
                if repeats > limit {
                    kept += words[index..<index + length]
                    index += repeats * length
                    skipped = true
                }
            }
            if !skipped {
                kept.append(words[index])
                index += 1
            }
        }
        return kept
    }
}
