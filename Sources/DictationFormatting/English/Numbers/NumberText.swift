/// How numbers are written: digit grouping, ordinal suffixes, phone numbers.
enum NumberText {
    /// Digits with commas between thousands from `grouping` up: "12,500"; below it plain, so
    /// that four-digit numbers, often years, read as years ("2006").
    static func digits(_ value: Int, groupingFrom grouping: Int = 10_000) -> String {
        let plain = String(value)
        guard value >= grouping else { return plain }
        var grouped = ""
        for (position, digit) in plain.reversed().enumerated() {
            if position > 0, position % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return String(grouped.reversed())
    }

    /// "1st", "2nd", "3rd", "11th", "21st", "100th".
    static func ordinal(_ value: Int) -> String {
        let suffix: String
        switch (value % 100, value % 10) {
        case (11...13, _): suffix = "th"
        case (_, 1): suffix = "st"
        case (_, 2): suffix = "nd"
        case (_, 3): suffix = "rd"
        default: suffix = "th"
        }
        return digits(value) + suffix
    }

    /// A run of digits as a phone number where it has the length of one: seven digits as
    /// "555-1234", ten as "555-123-4567", eleven starting with 1 as "1-800-555-1234"; any other
    /// run as plain digits.
    static func phone(_ digits: String) -> String {
        let characters = Array(digits)
        func part(_ range: Range<Int>) -> String { String(characters[range]) }
        switch characters.count {
        case 7: return part(0..<3) + "-" + part(3..<7)
        case 10: return part(0..<3) + "-" + part(3..<6) + "-" + part(6..<10)
        case 11 where characters[0] == "1": return "1-" + part(1..<4) + "-" + part(4..<7) + "-" + part(7..<11)
        default: return digits
        }
    }
}
