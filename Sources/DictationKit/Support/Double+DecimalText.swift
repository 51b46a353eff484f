extension Double {
    /// Seconds as a message writes them: two decimals, more for a sliver that two would show as 0,
    /// with a decimal comma for Norwegian.
    package var secondsText: DictationError.Text {
        var decimals = 2
        while decimals < 5, self > 0, formatted(decimals: decimals) == "0" { decimals += 1 }
        return DictationError.Text(
            english: formatted(decimals: decimals), norwegianBokmal: formatted(decimals: decimals, comma: true))
    }

    /// The value with at most `decimals` decimals and no trailing zeros, e.g. `0.5`, `2`; with a
    /// decimal comma (`0,5`) for languages that write one, such as Norwegian.
    package func formatted(decimals: Int, comma: Bool = false) -> String {
        let text = formattedWithPoint(decimals: decimals)
        return comma ? String(text.map { $0 == "." ? "," : $0 }) : text
    }

    private func formattedWithPoint(decimals: Int) -> String {
        // Far beyond any duration here, and kept clear of Int's range below.
        guard isFinite, abs(self) < 1e12 else { return String(self) }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (self * scale).rounded() / scale
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(rounded)
    }
}
