/// Numbers a recognizer wrote in digits, brought to the formatter's style where the style is
/// certain, their digits kept:
/// - times: "9am", "9 AM", "9.30pm", "1030 a.m." → "9 a.m.", "9:30 p.m.", "10:30 a.m."; and "at
///   1030" or "at 10.30" (Whisper's "ten thirty") → "at 10:30" before a word that goes after a
///   time ("on", "tomorrow", "and"...), and "at 1030" also at the end of a clause; never on the
///   hour ("at 500" may be a count);
/// - dates: "March 5th" → "March 5" (as "march fifth" is written); "the 5th of March" stays;
/// - percentages: "3.5 percent" → "3.5%".
///
/// Everything else the recognizer wrote stays as it is, whatever ``FormattingOptions/NumberStyle``
/// says ("3 cats" stays, though `prose` writes "three cats" for the spoken words): a digit there
/// was its choice, often a label ("Chapter 3", "Windows 7"). With `words` nothing is touched.
enum RecognizerNumerals {
    /// Words that follow a time ("at 1030 on Monday"), after which "at 1030" is a time.
    static let afterTime: Set<String> = [
        "on", "tomorrow", "today", "tonight", "this", "next", "in", "and", "or", "sharp", "then", "every",
    ]

    static func apply(to tokens: [WrittenToken]) -> [WrittenToken] {
        guard tokens.contains(where: \.isRecognizerNumeral) else { return tokens }
        var result: [WrittenToken] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            guard token.isRecognizerNumeral else {
                result.append(token)
                index += 1
                continue
            }
            let next = index + 1 < tokens.count ? tokens[index + 1] : nil
            var rewritten: (text: String, end: Int)?
            if let time = time(token.text, next: next, at: index, in: tokens, after: result.last) {
                rewritten = time
            } else if let previous = result.last, isMonth(previous), let day = dayOfMonth(token.text) {
                rewritten = (String(day), index + 1)
            } else if let percent = percent(token.text, at: index, in: tokens) {
                rewritten = percent
            }
            guard let rewritten else {
                result.append(token)
                index += 1
                continue
            }
            var written = token
            written.text = rewritten.text
            result.append(written)
            index = rewritten.end
            // "9 a.m." ends with its own period: the recognizer's after it would be a second.
            if rewritten.text.hasSuffix("."), index < tokens.count, tokens[index].isRecognizerPause, tokens[index].text == "." {
                index += 1
            }
        }
        return result
    }

    /// A clock time: an hour with minutes ("9:30", "9.30", "930", "1030") or without, and
    /// "a.m."/"p.m." attached or as the next word; without them, minutes after "at".
    private static func time(
        _ text: String, next: WrittenToken?, at index: Int, in tokens: [WrittenToken], after previous: WrittenToken?
    )
        -> (text: String, end: Int)?
    {
        var digits = Substring(text)
        var meridiem: String?
        var end = index + 1
        for (suffix, written) in [("a.m.", "a.m."), ("p.m.", "p.m."), ("am", "a.m."), ("pm", "p.m.")]
        where digits.lowercased().hasSuffix(suffix) {
            meridiem = written
            digits = digits.dropLast(suffix.count)
            break
        }
        guard let clock = clock(digits) else { return nil }
        if meridiem == nil, let word = next?.spokenWord {
            let afterNext = index + 2 < tokens.count ? tokens[index + 2].spokenWord : nil
            switch word {
            case "a.m.", "p.m.": meridiem = word
            case "am" where afterNext != "i": meridiem = "a.m."
            case "pm": meridiem = "p.m."
            default: break
            }
            if meridiem != nil { end += 1 }
        }
        let minutes = clock.minutes.map { ":" + ($0 < 10 ? "0" : "") + String($0) } ?? ""
        if let meridiem { return ("\(clock.hour)\(minutes) \(meridiem)", end) }
        // Without a.m. or p.m.: "at 1030", the colon the recognizer left out, or "at 10.30". Not
        // on the hour ("at 500" may be a count), and three digits or a period only before a
        // time's word ("at 250." and "at 10.30." may be prices).
        guard let value = clock.minutes, value > 0, !digits.contains(":"), previous?.spokenWord == "at" else { return nil }
        let timeWordFollows = next?.spokenWord.map(afterTime.contains) == true
        guard timeWordFollows || digits.count == 4 && !digits.contains(".") && (next == nil || next?.isMark == true) else {
            return nil
        }
        return ("\(clock.hour)\(minutes)", end)
    }

    /// An hour from 1 to 12 and minutes: "9", "9:30", "9.30", "930", "1030".
    private static func clock(_ digits: Substring) -> (hour: Int, minutes: Int?)? {
        let parts = digits.split(separator: ":", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: ".", omittingEmptySubsequences: false) }
        guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return nil }
        var hour: Int
        var minutes: Int?
        switch parts.count {
        case 1 where parts[0].count <= 2:
            hour = Int(parts[0]) ?? 0
        case 1 where parts[0].count <= 4:
            let value = Int(parts[0]) ?? 0
            hour = value / 100
            minutes = value % 100
        case 2 where parts[0].count <= 2 && parts[1].count == 2:
            hour = Int(parts[0]) ?? 0
            minutes = Int(parts[1])
        default:
            return nil
        }
        guard (1...12).contains(hour), (minutes ?? 0) < 60 else { return nil }
        return (hour, minutes)
    }

    /// A month's name, "May" and "March" only with their capital (else they may be verbs).
    private static func isMonth(_ token: WrittenToken) -> Bool {
        guard let word = token.spokenWord, NumberRewriter.months.contains(word) else { return false }
        return (word != "may" && word != "march") || token.text.first?.isUppercase == true
    }

    /// The day of "5th", "21st", "3rd": 1 to 31.
    private static func dayOfMonth(_ text: String) -> Int? {
        let lower = text.lowercased()
        guard ["st", "nd", "rd", "th"].contains(where: lower.hasSuffix), let day = Int(lower.dropLast(2)), (1...31).contains(day)
        else { return nil }
        return day
    }

    /// "3.5 percent", "10 per cent" → "3.5%", "10%".
    private static func percent(_ text: String, at index: Int, in tokens: [WrittenToken]) -> (text: String, end: Int)? {
        guard text.first?.isNumber == true, text.allSatisfy({ $0.isNumber || $0 == "," || $0 == "." }),
            text.last?.isNumber == true
        else { return nil }
        let next = index + 1 < tokens.count ? tokens[index + 1].spokenWord : nil
        if next == "percent" { return (text + "%", index + 2) }
        if next == "per", index + 2 < tokens.count, tokens[index + 2].spokenWord == "cent" { return (text + "%", index + 3) }
        return nil
    }
}
