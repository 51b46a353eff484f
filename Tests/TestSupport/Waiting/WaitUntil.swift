import Foundation

// The one way tests wait for an event, a state or a condition: they poll what they can observe
// until it holds, with a hang guard that fails the test naming what never happened. Never a
// fixed sleep in its place: a sleep long enough for a loaded machine is a waste on a quiet one,
// and still too short on a machine loaded a little more.

/// Blocks the calling thread until `condition` holds, looking every `interval`.
///
/// For synchronous tests and threads of their own; an `async` test gets the `async` overload
/// (this one is disfavoured where both would do), which holds no thread of the cooperative pool
/// while it waits.
/// - Parameters:
///   - awaited: What is awaited, as a clause for the failure ("the device has read the audio").
///   - limit: The hang guard.
///   - interval: How often `condition` is looked at.
///   - condition: Whether it has happened.
/// - Throws: ``WaitTimedOut`` once `limit` has passed without it; what `condition` throws.
@_disfavoredOverload
package func waitUntil(
    _ awaited: String, within limit: Duration = HangGuard.standard, pollingEvery interval: Duration = .milliseconds(10),
    _ condition: () throws -> Bool
) throws {
    _ = try waitFor(awaited, within: limit, pollingEvery: interval) { try condition() ? true : nil }
}

/// Suspends until `condition` holds, looking every `interval`.
/// - Parameters:
///   - awaited: What is awaited, as a clause for the failure.
///   - limit: The hang guard.
///   - interval: How often `condition` is looked at.
///   - condition: Whether it has happened.
/// - Throws: ``WaitTimedOut`` once `limit` has passed without it; what `condition` throws;
///   `CancellationError` when the test is cancelled (its time limit).
package func waitUntil(
    _ awaited: String, within limit: Duration = HangGuard.standard, pollingEvery interval: Duration = .milliseconds(10),
    _ condition: () async throws -> Bool
) async throws {
    _ = try await waitFor(awaited, within: limit, pollingEvery: interval) { try await condition() ? true : nil }
}

/// Blocks the calling thread until `produce` returns a value, looking every `interval`, and
/// returns it: a window once it shows, a port once it is printed. Disfavoured, like the blocking
/// ``waitUntil(_:within:pollingEvery:_:)``, where the `async` overload would do.
/// - Parameters:
///   - awaited: What is awaited, as a clause for the failure.
///   - limit: The hang guard.
///   - interval: How often `produce` is asked.
///   - produce: The value, or `nil` for not yet.
/// - Returns: The first value `produce` returned.
/// - Throws: ``WaitTimedOut`` once `limit` has passed without one; what `produce` throws.
@_disfavoredOverload
package func waitFor<Value>(
    _ awaited: String, within limit: Duration = HangGuard.standard, pollingEvery interval: Duration = .milliseconds(10),
    _ produce: () throws -> Value?
) throws -> Value {
    let deadline = ContinuousClock.now + limit
    while true {
        if let value = try produce() { return value }
        guard ContinuousClock.now < deadline else { throw WaitTimedOut(awaited: awaited, limit: limit) }
        Thread.sleep(forTimeInterval: interval.timeInterval)
    }
}

/// Suspends until `produce` returns a value, looking every `interval`, and returns it.
/// - Parameters:
///   - awaited: What is awaited, as a clause for the failure.
///   - limit: The hang guard.
///   - interval: How often `produce` is asked.
///   - produce: The value, or `nil` for not yet.
/// - Returns: The first value `produce` returned.
/// - Throws: ``WaitTimedOut`` once `limit` has passed without one; what `produce` throws;
///   `CancellationError` when the test is cancelled.
package func waitFor<Value>(
    _ awaited: String, within limit: Duration = HangGuard.standard, pollingEvery interval: Duration = .milliseconds(10),
    _ produce: () async throws -> Value?
) async throws -> Value {
    let deadline = ContinuousClock.now + limit
    while true {
        if let value = try await produce() { return value }
        guard ContinuousClock.now < deadline else { throw WaitTimedOut(awaited: awaited, limit: limit) }
        try await Task.sleep(for: interval)
    }
}
