import Foundation

/// p50 / p95 / max of a sample of milliseconds (nearest-rank percentiles).
struct Percentiles {
    let count: Int
    let p50: Double
    let p95: Double
    let max: Double

    init(_ values: [Double]) {
        let sorted = values.sorted()
        count = sorted.count
        func rank(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return .nan }
            return sorted[Swift.min(sorted.count - 1, Swift.max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))]
        }
        p50 = rank(0.50)
        p95 = rank(0.95)
        max = sorted.last ?? .nan
    }

    func row(_ name: String, target: String) -> String {
        String(format: "%-32@ %6d %10.1f %10.1f %10.1f   %@", name as NSString, count, p50, p95, max, target as NSString)
    }
}
