import Dictation
import Foundation

extension Percentiles {
    /// A row of the latency table: count, then p50 / p95 / max in milliseconds (NaN when there
    /// are none), then the target.
    func row(_ name: String, target: String) -> String {
        String(format: "%-32@ %6d %10.1f %10.1f %10.1f   %@", name as NSString, count, p50, p95, max, target as NSString)
    }
}
