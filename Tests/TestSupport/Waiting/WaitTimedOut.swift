/// A test's wait for an event, a state or a condition that did not come within its hang guard.
///
/// Thrown by ``waitUntil(_:within:pollingEvery:_:)`` and ``waitFor(_:within:pollingEvery:_:)``;
/// a test that throws it fails with ``description``, which names what never happened.
package struct WaitTimedOut: Error, CustomStringConvertible {
    /// What was awaited, as the test said it ("the device has read the audio").
    package let awaited: String
    /// How long it was given.
    package let limit: Duration

    package init(awaited: String, limit: Duration) {
        self.awaited = awaited
        self.limit = limit
    }

    package var description: String {
        "gave up after \(limit) waiting until \(awaited) (a hang guard, far beyond any normal run)"
    }
}
