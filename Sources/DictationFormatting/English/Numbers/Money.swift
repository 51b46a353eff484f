/// Money: "twenty five dollars" → "$25", "ten dollars and fifty cents" → "$10.50", "five million
/// euros" → "€5 million", "twenty pounds sterling" → "£20", "fifty pence" → "50p", "fifty cents"
/// → "50 cents". Amounts of money group thousands from 1,000 ("$1,500"): a sum is never a year.
enum Money {
    private struct Currency {
        let words: Set<String>
        let symbol: String
        let cents: Set<String>
    }

    private static let currencies = [
        Currency(words: ["dollars", "dollar", "bucks"], symbol: "$", cents: ["cents", "cent"]),
        Currency(words: ["euros", "euro"], symbol: "€", cents: ["cents", "cent"]),
        Currency(words: ["pounds", "pound"], symbol: "£", cents: ["pence", "p"]),
    ]

    static func isCurrencyWord(_ word: String) -> Bool {
        currencies.contains { $0.words.contains(word) } || ["cents", "cent", "pence"].contains(word)
    }

    /// The money an amount starts, if the words after it name a currency.
    static func rewrite(_ amount: Amount, at index: Int, in words: NumberWords) -> NumberRewriter.Rewrite? {
        guard let word = words.word(index) else { return nil }
        let sum = amount.text(groupingFrom: 1000)
        if ["cents", "cent"].contains(word) { return ([.written(sum + " " + word)], index + 1) }
        if word == "pence" { return ([.written(sum + "p")], index + 1) }
        guard let currency = currencies.first(where: { $0.words.contains(word) }) else { return nil }
        var end = index + 1
        var text = currency.symbol + sum
        var cents: Int?
        if amount.decimals == nil, amount.scale == nil, words.word(end) == "and",
            let small = words.belowHundred(at: end + 1), !small.isOrdinal,
            let unit = words.word(small.end), currency.cents.contains(unit)
        {
            cents = small.value
            text += "." + (small.value < 10 ? "0" : "") + String(small.value)
            end = small.end + 1
        }
        // Pounds are money only when they say so; else they may weigh.
        if currency.symbol == "£", cents == nil {
            guard words.word(end) == "sterling" else { return nil }
            end += 1
        }
        return ([.written(text)], end)
    }
}
