extension Double {
    /// Seconds as a message writes them: two decimals, more for a sliver that two would show as 0,
    /// with the decimal mark of the language the message is read in (a comma in Norwegian).
    package var secondsText: DictationError.Text {
        var decimals = 2
        while decimals < 5, self > 0, formatted(decimals: decimals) == "0" { decimals += 1 }
        return DictationError.Text(number: formatted(decimals: decimals))
    }

    /// The value with at most `decimals` decimals, no trailing zeros and a decimal point, e.g.
    /// `0.5`, `2`; ``DictationError/Text/init(number:)`` shows it with the decimal mark of the
    /// language it is read in.
    package func formatted(decimals: Int) -> String {
        // Far beyond any duration here, and kept clear of Int's range below.
        guard isFinite, abs(self) < 1e12 else { return String(self) }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (self * scale).rounded() / scale
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(rounded)
    }
}
