/// Nearest-rank percentiles of a sample: the one way `MetricsSummary`, the benchmarks and the
/// tests rank values (p50, p95, max).
///
/// The nearest-rank percentile p of n values is the value at rank ⌈p·n⌉ (at least 1) of the
/// sorted sample, so it is always one of the values: the p95 of 20 latencies is the 19th.
package struct Percentiles: Sendable, Hashable {
    /// The sample, smallest first.
    package let sorted: [Double]

    /// Ranks a sample.
    /// - Parameter values: The values, in any order.
    package init(_ values: [Double]) {
        sorted = values.sorted()
    }

    /// How many values there are.
    package var count: Int { sorted.count }

    /// The nearest-rank percentile.
    /// - Parameter fraction: The percentile as a fraction, 0.95 for p95.
    /// - Returns: The value at rank ⌈fraction·count⌉, at least 1 and at most ``count``; NaN for
    ///   an empty sample.
    package func percentile(_ fraction: Double) -> Double {
        guard !sorted.isEmpty, !fraction.isNaN else { return .nan }
        // Clamped as a Double first: a fraction outside 0...1 still names a rank in the sample.
        let rank = Swift.min(Swift.max((fraction * Double(sorted.count)).rounded(.up), 1), Double(sorted.count))
        return sorted[Int(rank) - 1]
    }

    /// The median, as the nearest-rank p50.
    package var p50: Double { percentile(0.50) }
    /// The 95th percentile.
    package var p95: Double { percentile(0.95) }
    /// The largest value; NaN for an empty sample.
    package var max: Double { sorted.last ?? .nan }
}
