import Foundation

/// Holds a producer of test input to the wall clock: a feeder that plays audio into a FIFO the
/// way a sound card delivers it, a source that hands out samples as a microphone would.
///
/// Producing input at a real-time pace is what the code under test must cope with (a live
/// device, a live stream), not a way to order events: nothing a test asserts waits on it; tests
/// wait for events with ``waitUntil(_:within:pollingEvery:_:)``. With ``DeliberateDelay`` (a fake
/// slow on purpose), the only passage of time the tests make.
package struct RealTimePacer: Sendable {
    private let start: ContinuousClock.Instant
    private let unitsPerSecond: Double

    /// Starts the clock now.
    /// - Parameters:
    ///   - unitsPerSecond: How many units (frames, samples, segments) play in a second at real time.
    ///   - speed: How many times faster than real time the input is produced.
    package init(unitsPerSecond: Double, speed: Double = 1) {
        start = .now
        self.unitsPerSecond = unitsPerSecond * speed
    }

    /// The moment `units` units have finished playing.
    package func playedOut(_ units: Int) -> ContinuousClock.Instant {
        start + .seconds(Double(units) / unitsPerSecond)
    }

    /// Blocks the calling thread until `units` units would have finished playing (at once when
    /// they have).
    package func waitUntilPlayed(_ units: Int) {
        let remaining = playedOut(units) - .now
        if remaining > .zero { Thread.sleep(forTimeInterval: remaining.timeInterval) }
    }

    /// Suspends until `units` units would have finished playing.
    /// - Throws: `CancellationError` when the task is cancelled.
    package func waitUntilPlayed(_ units: Int) async throws {
        try await Task.sleep(until: playedOut(units), clock: .continuous)
    }
}
