/// English number words and the phrases they make: "two thousand and six", "twenty first",
/// "nineteen eighty four".
///
/// Reads spoken words only (a `nil` stands for anything else: a mark, a rewritten token), so a
/// spoken comma ends a number.
struct NumberWords {
    /// A cardinal or ordinal phrase.
    struct Phrase: Hashable {
        /// A multiple of a million or a billion said with its scale word ("five million"), which
        /// writers keep: "5 million".
        struct Scale: Hashable {
            var word: String
            var multiplier: Int
        }

        var value: Int
        /// The index after its last word.
        var end: Int
        var isOrdinal: Bool
        var scale: Scale?
    }

    static let units = ["one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9]
    static let teens = [
        "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
        "seventeen": 17, "eighteen": 18, "nineteen": 19,
    ]
    static let tens = [
        "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    ]
    static let ordinalUnits = [
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
    ]
    static let ordinalTeens = [
        "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15,
        "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19,
    ]
    static let ordinalTens = [
        "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50, "sixtieth": 60, "seventieth": 70,
        "eightieth": 80, "ninetieth": 90,
    ]
    static let pluralTens = [
        "twenties": 20, "thirties": 30, "forties": 40, "fifties": 50, "sixties": 60, "seventies": 70, "eighties": 80,
        "nineties": 90,
    ]
    static let scales = ["thousand": 1000, "million": 1_000_000, "billion": 1_000_000_000]
    static let ordinalScales = ["thousandth": 1000, "millionth": 1_000_000, "billionth": 1_000_000_000]
    /// Words for a single digit in a run ("five five five", "oh two"), "oh" included.
    static let digits = ["zero": 0, "oh": 0].merging(units) { first, _ in first }

    let words: [String?]

    func word(_ index: Int) -> String? { words.indices.contains(index) ? words[index] : nil }

    /// One to ninety-nine, or an ordinal of it: "seven", "fifteen", "forty two", "twenty first".
    func belowHundred(at index: Int) -> Phrase? {
        guard let first = word(index) else { return nil }
        if let value = Self.units[first] ?? Self.teens[first] { return Phrase(value: value, end: index + 1, isOrdinal: false) }
        if let value = Self.ordinalUnits[first] ?? Self.ordinalTeens[first] ?? Self.ordinalTens[first] {
            return Phrase(value: value, end: index + 1, isOrdinal: true)
        }
        guard let tens = Self.tens[first] else { return nil }
        if let next = word(index + 1), let unit = Self.units[next] {
            return Phrase(value: tens + unit, end: index + 2, isOrdinal: false)
        }
        if let next = word(index + 1), let unit = Self.ordinalUnits[next] {
            return Phrase(value: tens + unit, end: index + 2, isOrdinal: true)
        }
        return Phrase(value: tens, end: index + 1, isOrdinal: false)
    }

    /// One to 9,999 said in hundreds: "three hundred and five", "fifteen hundred", "hundredth".
    func belowThousand(at index: Int) -> Phrase? {
        if let first = word(index), let scale = ["hundredth": 100, "thousandth": 1000][first] {
            return Phrase(value: scale, end: index + 1, isOrdinal: true)
        }
        guard var phrase = belowHundred(at: index) else { return nil }
        guard !phrase.isOrdinal, let next = word(phrase.end) else { return phrase }
        if next == "hundredth" { return Phrase(value: phrase.value * 100, end: phrase.end + 1, isOrdinal: true) }
        guard next == "hundred" else { return phrase }
        phrase.value *= 100
        phrase.end += 1
        let tailStart = word(phrase.end) == "and" ? phrase.end + 1 : phrase.end
        if let tail = belowHundred(at: tailStart) {
            phrase.value += tail.value
            phrase.end = tail.end
            phrase.isOrdinal = tail.isOrdinal
        }
        return phrase
    }

    /// A whole cardinal or ordinal: groups of hundreds with their scales, "and" before the last
    /// small group ("two thousand and six", "one million two hundred thousand", "twenty first").
    func cardinal(at index: Int) -> Phrase? {
        guard var group = belowThousand(at: index) else { return nil }
        var total = 0
        var lastScale = Int.max
        var scaleAtEnd: Phrase.Scale?
        while true {
            if group.isOrdinal { return Phrase(value: total + group.value, end: group.end, isOrdinal: true) }
            let next = word(group.end) ?? ""
            if let scale = Self.scales[next], scale < lastScale, group.value < 1000 {
                total += group.value * scale
                lastScale = scale
                scaleAtEnd =
                    scale >= 1_000_000 && total == group.value * scale ? Phrase.Scale(word: next, multiplier: scale) : nil
                let after = group.end + 1
                let groupStart = word(after) == "and" && belowHundred(at: after + 1) != nil ? after + 1 : after
                guard let following = belowThousand(at: groupStart), followsScale(following, below: scale) else {
                    return Phrase(value: total, end: after, isOrdinal: false, scale: scaleAtEnd)
                }
                group = following
                continue
            }
            if let scale = Self.ordinalScales[next], scale < lastScale, group.value < 1000 {
                return Phrase(value: total + group.value * scale, end: group.end + 1, isOrdinal: true)
            }
            return Phrase(value: total + group.value, end: group.end, isOrdinal: false)
        }
    }

    /// Whether a group can follow a scale: it is smaller than the scale, and if a scale follows
    /// it too, that one is smaller still.
    private func followsScale(_ group: Phrase, below scale: Int) -> Bool {
        guard group.value < scale else { return false }
        if let next = word(group.end), let nextScale = Self.scales[next] ?? Self.ordinalScales[next] { return nextScale < scale }
        return true
    }

    /// A year said in two halves: "nineteen eighty four" (1984), "twenty twenty five", "nineteen
    /// oh five", "twenty ten"; decades as "nineteen eighties" (1980s). The first half is 13 to 20,
    /// so "ten thirty" or "twelve fifteen" are not years. "nineteen hundred" and "two thousand and
    /// six" are cardinals already.
    func year(at index: Int) -> (text: String, end: Int)? {
        guard let first = word(index), let century = Self.teens[first] ?? (first == "twenty" ? 20 : nil), century >= 13
        else { return nil }
        // "twenty five" is a number, not the start of a year.
        if first == "twenty", let next = word(index + 1), Self.units[next] != nil || Self.ordinalUnits[next] != nil { return nil }
        let second = index + 1
        if let decade = word(second).flatMap({ Self.pluralTens[$0] }) { return ("\(century * 100 + decade)s", second + 1) }
        if word(second) == "oh", let unit = word(second + 1).flatMap({ Self.units[$0] }) {
            return (String(century * 100 + unit), second + 2)
        }
        guard let rest = belowHundred(at: second), !rest.isOrdinal, rest.value >= 10 else { return nil }
        if let after = word(rest.end), after == "hundred" || Self.scales[after] != nil { return nil }
        return (String(century * 100 + rest.value), rest.end)
    }

    /// A run of three or more single digits, "oh" among them: "five five five one two three four".
    func digitRun(at index: Int) -> (digits: String, end: Int)? {
        guard let (digits, end) = singleDigits(at: index) else { return nil }
        let spokenDigits = words[index..<end].filter { $0 != "oh" }.count
        guard digits.count >= 3, spokenDigits >= 2, word(index) != "oh" else { return nil }
        // "one two three hundred" is not a run.
        if let next = word(end), next == "hundred" || Self.scales[next] != nil { return nil }
        return (digits, end)
    }

    /// Single digits said one after another, e.g. after "point": "three point one four" → "14".
    func singleDigits(at index: Int) -> (digits: String, end: Int)? {
        var end = index
        var digits = ""
        while let word = word(end), let digit = Self.digits[word] {
            digits += String(digit)
            end += 1
        }
        return digits.isEmpty ? nil : (digits, end)
    }
}
