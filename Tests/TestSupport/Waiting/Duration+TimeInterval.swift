import Foundation

extension Duration {
    /// The duration in seconds, for APIs that take a `TimeInterval`.
    package var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
