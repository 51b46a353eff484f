extension Duration {
    /// The duration in seconds, for APIs and arithmetic that take a `Double`.
    package var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
