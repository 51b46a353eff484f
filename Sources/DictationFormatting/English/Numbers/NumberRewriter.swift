import Foundation

/// Numbers as digits where writers use them: cardinals and ordinals, decimals, percentages,
/// money, times, dates, years and phone-like digit runs.
///
/// It leaves words where digits could be wrong:
/// - two number phrases side by side that make no one number ("ten thirty" with no "at" or
///   "a.m.", "five six") stay words, whatever their size: a time, a score or a list, digits would
///   guess;
/// - "a hundred", "a million" stay words ("a" is not a number); "oh" is a digit only in a run, a
///   time or a year; "to", "for", "won" are never numbers (the recognizer spells those words);
/// - a year needs a first half of 13 to 20 ("nineteen eighty four", "twenty twenty five");
/// - a time needs minutes after a time word ("at", "by", "until", "from"...) or "a.m."/"p.m.";
/// - "pounds" is money only with "sterling" or "pence" (else it may be a weight: "10 pounds");
/// - "may" and "march" are months only before a day or a year, and not after a subject, a modal
///   or "to" ("you may one day").
/// - a number word beside a number the recognizer wrote in digits stays a word ("five 10-minute
///   breaks").
/// With ``FormattingOptions/NumberStyle/prose``, one to nine and the ordinals first to ninth stay
/// words on their own; money, percentages, measurements, times, dates and decimals are digits.
///
/// Numbers a recognizer wrote in digits are its own, in every style: they are not read again,
/// only brought to the same style of times, dates and percentages (``RecognizerNumerals``).
struct NumberRewriter {
    let style: FormattingOptions.NumberStyle

    static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
        "december",
    ]
    /// Words after which "may" and "march" are verbs.
    static let beforeVerb: Set<String> = [
        "i", "you", "he", "she", "it", "we", "they", "to", "will", "would", "can", "could", "should", "shall", "must",
        "might", "may", "not", "did", "do", "does", "don't", "let's", "who", "that", "which", "soldiers", "people",
    ]
    static let timeWords: Set<String> = [
        "at", "by", "until", "till", "from", "around", "about", "before", "after", "since", "to",
    ]
    /// Units after which any number is digits ("5 meters").
    static let measures: Set<String> = [
        "meter", "meters", "metre", "metres", "kilometer", "kilometers", "kilometre", "kilometres", "centimeter",
        "centimeters", "centimetres", "millimeter", "millimeters", "millimetres", "mile", "miles", "foot", "feet",
        "inch", "inches", "yard", "yards", "degree", "degrees", "kilogram", "kilograms", "kilo", "kilos", "gram", "grams",
        "liter", "liters", "litre", "litres", "gallon", "gallons", "ounce", "ounces", "pound", "pounds", "mph",
        "volts", "watts", "kilobytes", "megabytes", "gigabytes", "percent",
    ]

    func apply(to tokens: [WrittenToken]) -> [WrittenToken] {
        guard style != .words else { return tokens }
        let words = NumberWords(words: tokens.map(\.spokenWord))
        var result: [WrittenToken] = []
        var index = 0
        while index < tokens.count {
            let previous = result.last?.spokenWord
            let rewrite =
                date(at: index, in: words, after: previous) ?? phoneNumber(at: index, in: tokens)
                ?? digitRun(at: index, in: words)
                ?? time(at: index, in: words, after: previous) ?? year(at: index, in: words)
                ?? number(at: index, in: words, tokens: tokens, after: previous)
            if let rewrite {
                result += rewrite.tokens
                index = rewrite.end
            } else {
                result.append(tokens[index])
                index += 1
            }
        }
        return RecognizerNumerals.apply(to: result)
    }

    typealias Rewrite = (tokens: [WrittenToken], end: Int)

    /// "march fifth" → "March 5", "march the fifth twenty twenty five" → "March 5, 2025",
    /// "june nineteen ninety" → "June 1990".
    private func date(at index: Int, in words: NumberWords, after previous: String?) -> Rewrite? {
        guard let month = words.word(index), Self.months.contains(month) else { return nil }
        if month == "may" || month == "march", let previous, Self.beforeVerb.contains(previous) { return nil }
        let name = month.prefix(1).uppercased() + month.dropFirst()
        if let year = fullYear(at: index + 1, in: words) { return ([.written("\(name) \(year.text)")], year.end) }
        let dayStart = words.word(index + 1) == "the" ? index + 2 : index + 1
        guard let day = words.cardinal(at: dayStart), (1...31).contains(day.value), day.scale == nil,
            day.isOrdinal || dayStart == index + 1
        else { return nil }
        if let year = fullYear(at: day.end, in: words) {
            return ([.written("\(name) \(day.value), \(year.text)")], year.end)
        }
        return ([.written("\(name) \(day.value)")], day.end)
    }

    /// A year in halves, or a cardinal from 1000 to 2999 ("two thousand and six").
    private func fullYear(at index: Int, in words: NumberWords) -> (text: String, end: Int)? {
        if let year = words.year(at: index) { return year }
        guard let cardinal = words.cardinal(at: index), !cardinal.isOrdinal, (1000...2999).contains(cardinal.value) else {
            return nil
        }
        return (String(cardinal.value), cardinal.end)
    }

    private func digitRun(at index: Int, in words: NumberWords) -> Rewrite? {
        guard let run = words.digitRun(at: index) else { return nil }
        return ([.written(NumberText.phone(run.digits))], run.end)
    }

    /// A phone number said digit by digit with the recognizer's commas between the digits ("five,
    /// five, five, one, two, three, four" → "555-1234"): only at a phone number's length (7, 10,
    /// or 11 starting with 1), since "one, two, three" is a count.
    private func phoneNumber(at index: Int, in tokens: [WrittenToken]) -> Rewrite? {
        func digit(_ position: Int) -> Int? {
            position < tokens.count ? tokens[position].spokenWord.flatMap { NumberWords.digits[$0] } : nil
        }
        var digits = ""
        var position = index
        var sawComma = false
        while let value = digit(position) {
            digits += String(value)
            position += 1
            if position < tokens.count, tokens[position].isRecognizerComma, digit(position + 1) != nil {
                sawComma = true
                position += 1
            }
        }
        guard sawComma, digits.count == 7 || digits.count == 10 || digits.count == 11 && digits.first == "1" else { return nil }
        return ([.written(NumberText.phone(digits))], position)
    }

    /// "ten thirty a m" → "10:30 a.m.", "at ten thirty" → "at 10:30", "seven p m" → "7 p.m.".
    private func time(at index: Int, in words: NumberWords, after previous: String?) -> Rewrite? {
        guard let hour = words.belowHundred(at: index), !hour.isOrdinal, hour.end == index + 1, (1...12).contains(hour.value)
        else { return nil }
        var end = hour.end
        var minutes: Int?
        if words.word(end) == "oh", let unit = words.word(end + 1).flatMap({ NumberWords.units[$0] }) {
            minutes = unit
            end += 2
        } else if let phrase = words.belowHundred(at: end), !phrase.isOrdinal, (10...59).contains(phrase.value),
            words.word(phrase.end).map({ $0 == "hundred" || NumberWords.scales[$0] != nil }) != true
        {
            minutes = phrase.value
            end = phrase.end
        }
        let meridiem = Self.meridiem(at: end, in: words)
        guard meridiem != nil || (minutes != nil && previous.map(Self.timeWords.contains) == true) else { return nil }
        var text = String(hour.value)
        if let minutes { text += ":" + (minutes < 10 ? "0" : "") + String(minutes) }
        if let meridiem {
            text += " " + meridiem.text
            end = meridiem.end
        }
        return ([.written(text)], end)
    }

    /// "a.m.", "p.m.", the letters "a m", "p m", or "am", "pm" as the recognizer may spell them
    /// (after an hour, "am" is not the verb unless "I" follows it).
    private static func meridiem(at index: Int, in words: NumberWords) -> (text: String, end: Int)? {
        switch words.word(index) {
        case "a.m.": return ("a.m.", index + 1)
        // "am I" is the verb, asking.
        case "am" where words.word(index + 1) != "i": return ("a.m.", index + 1)
        case "p.m.", "pm": return ("p.m.", index + 1)
        case "a" where words.word(index + 1) == "m": return ("a.m.", index + 2)
        case "p" where words.word(index + 1) == "m": return ("p.m.", index + 2)
        default: return nil
        }
    }

    private func year(at index: Int, in words: NumberWords) -> Rewrite? {
        guard let year = words.year(at: index) else { return nil }
        // "fifteen twenty dollars" is money, not the year 1520.
        if let next = words.word(year.end), Self.measures.contains(next) || Money.isCurrencyWord(next) { return nil }
        return ([.written(year.text)], year.end)
    }

    /// Cardinals, ordinals, decimals and what follows them: percentages, money, measures.
    private func number(at index: Int, in words: NumberWords, tokens: [WrittenToken], after previous: String?) -> Rewrite? {
        let phrase: NumberWords.Phrase
        if words.word(index) == "zero" {
            phrase = NumberWords.Phrase(value: 0, end: index + 1, isOrdinal: false)
        } else if let cardinal = words.cardinal(at: index) {
            phrase = cardinal
        } else {
            return nil
        }
        // Beside a number the recognizer wrote, a number word is part of a phrase of its choosing.
        if index > 0 && tokens[index - 1].isRecognizerNumeral
            || phrase.end < tokens.count && tokens[phrase.end].isRecognizerNumeral
        {
            return (Array(tokens[index..<phrase.end]), phrase.end)
        }
        if phrase.isOrdinal { return ordinal(phrase, at: index, in: words, after: previous) }

        var amount = Amount(integer: phrase.value, scale: phrase.scale)
        var end = phrase.end
        if phrase.scale == nil, words.word(end) == "point", let decimals = words.singleDigits(at: end + 1) {
            amount.decimals = decimals.digits
            end = decimals.end
            if let word = words.word(end), let scale = NumberWords.scales[word], scale >= 1_000_000 {
                amount.scale = .init(word: word, multiplier: scale)
                amount.integer *= scale
                end += 1
            }
        }
        if let money = Money.rewrite(amount, at: end, in: words) { return money }
        if let next = words.word(end), Self.measures.contains(next) || next == "per" && words.word(end + 1) == "cent" {
            if next == "percent" { return ([.written(amount.text() + "%")], end + 1) }
            if next == "per" { return ([.written(amount.text() + "%")], end + 2) }
            return ([.written(amount.text())], end)
        }
        // Two numbers side by side that make no one number: words, digits would guess.
        if amount.decimals == nil,
            words.cardinal(at: end) != nil || words.word(end).map({ NumberWords.digits[$0] != nil }) == true
        {
            var chainEnd = end
            while let next = words.cardinal(at: chainEnd) { chainEnd = next.end }
            return (Array(tokens[index..<max(chainEnd, end)]), max(chainEnd, end))
        }
        if amount.decimals == nil, amount.scale == nil, phrase.end == index + 1, phrase.value < 10 {
            if style == .prose || words.word(index) == "one" && Self.oneIsAWord(at: index, in: words, after: previous) {
                return nil
            }
        }
        return ([.written(amount.text(groupingFrom: Self.looksLikeYear(amount, after: previous) ? .max : 1000))], end)
    }

    /// Whether "one" on its own is a pronoun or part of an idiom rather than a count: "the one",
    /// "no one", "one of them", "one day", "one more", "one another", and at the end.
    private static func oneIsAWord(at index: Int, in words: NumberWords, after previous: String?) -> Bool {
        if let previous,
            ["the", "a", "no", "any", "each", "every", "this", "that", "which", "some", "other", "only"].contains(previous)
        {
            return true
        }
        guard let next = words.word(index + 1) else { return true }
        return ["of", "another", "day", "time", "way", "more", "by", "or", "and", "who", "that", "which", "thing", "another"]
            .contains(next)
    }

    /// A number from 1000 to 2099 after a word that goes with years ("in two thousand and six",
    /// "the year two thousand", "since nineteen hundred") is a year, written without a comma; any
    /// other four-digit number has one ("2,000 people").
    private static func looksLikeYear(_ amount: Amount, after previous: String?) -> Bool {
        guard amount.decimals == nil, amount.scale == nil, (1000...2099).contains(amount.integer), let previous
        else { return false }
        return ["in", "since", "until", "till", "by", "of", "year", "from", "to", "before", "after", "circa"].contains(previous)
    }

    /// "twenty first" → "21st", "the hundredth" → "the 100th"; first to ninth stay words, but
    /// before "of" and a month they are a date ("the 5th of March").
    private func ordinal(_ phrase: NumberWords.Phrase, at index: Int, in words: NumberWords, after previous: String?)
        -> Rewrite?
    {
        // "a hundredth of a second" is a fraction.
        if previous == "a", phrase.end == index + 1 { return nil }
        let beforeMonth =
            words.word(phrase.end) == "of" && words.word(phrase.end + 1).map(Self.months.contains) == true
            && phrase.value <= 31
        guard phrase.value >= 10 || beforeMonth else { return nil }
        return ([.written(NumberText.ordinal(phrase.value))], phrase.end)
    }
}

/// A number about to be written: its whole part, decimals and scale word.
struct Amount {
    var integer: Int
    var decimals: String?
    var scale: NumberWords.Phrase.Scale?

    init(integer: Int, scale: NumberWords.Phrase.Scale? = nil) {
        self.integer = integer
        self.scale = scale
    }

    /// "25", "1,500", "3.5", "5 million", "2.5 million"; thousands grouped from `grouping`.
    func text(groupingFrom grouping: Int = 1000) -> String {
        if let scale {
            let whole = NumberText.digits(integer / scale.multiplier, groupingFrom: grouping)
            let fraction = decimals.map { "." + $0 } ?? ""
            return whole + fraction + " " + scale.word
        }
        return NumberText.digits(integer, groupingFrom: grouping) + (decimals.map { "." + $0 } ?? "")
    }
}
