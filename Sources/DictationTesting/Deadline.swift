import Synchronization

/// A wait in a test that did not end in time: what was awaited and how long it was given.
public struct DeadlineExceeded: Error, CustomStringConvertible {
    /// What was awaited, as the test named it.
    public let what: String
    /// How long it was given.
    public let limit: Duration

    /// A sentence for the test's failure.
    public var description: String { "\(what) did not finish within \(limit)" }
}

/// Runs `body` and returns what it returns, or throws ``DeadlineExceeded`` once `limit` has passed.
///
/// Unlike a task group, which waits for every child even after cancelling it, this returns at the
/// deadline whatever `body` is waiting for: a stream that never yields again, a continuation that
/// is never resumed, a shared computation other tests wait on too. `body` runs in a task of its
/// own, which is cancelled at the deadline (or when the caller is cancelled) and left to end as
/// it can. A test that awaits a session, a server or a process through this fails, naming what
/// hung, instead of holding up the whole run.
///
/// ```swift
/// let events = try await withDeadline(.seconds(60), "the session's events") {
///     try await session.collectEvents()
/// }
/// ```
/// - Parameters:
///   - limit: The longest wait.
///   - what: What is awaited, for the error.
///   - body: The work.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws, or ``DeadlineExceeded``.
public func withDeadline<Value: Sendable>(
    _ limit: Duration, _ what: String, _ body: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withStallLimit(limit, what, lastProgress: { nil }, body)
}

/// Runs `body` and returns what it returns, or throws ``DeadlineExceeded`` once `limit` has
/// passed with no progress: each time `lastProgress` reports moves the deadline to that time
/// plus `limit`.
///
/// For work that may be slow on a loaded machine but must never stop: a connection whose server
/// answers a segment a minute is slow, one that answers nothing for five minutes has hung. Like
/// ``withDeadline(_:_:_:)``, it returns at the deadline whatever `body` is waiting for.
/// - Parameters:
///   - limit: The longest time without progress.
///   - what: What is awaited, for the error.
///   - lastProgress: When the work last moved on, or `nil` for not yet.
///   - body: The work.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws, or ``DeadlineExceeded``.
public func withStallLimit<Value: Sendable>(
    _ limit: Duration, _ what: String, lastProgress: @escaping @Sendable () -> ContinuousClock.Instant?,
    _ body: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let work = Task { try await body() }
    let outcome = OnceOutcome<Value>()
    let started = ContinuousClock.now
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            outcome.attach(continuation)
            let timer = Task {
                var deadline = started + limit
                while true {
                    guard (try? await Task.sleep(until: deadline)) != nil else { return }
                    let moved = (lastProgress() ?? started) + limit
                    if moved <= deadline || moved <= .now { break }
                    deadline = moved
                }
                if outcome.settle(.failure(DeadlineExceeded(what: what, limit: limit))) { work.cancel() }
            }
            Task {
                let result = await work.result
                outcome.settle(result)
                timer.cancel()
            }
        }
    } onCancel: {
        work.cancel()
    }
}

/// The first outcome of a race between the work and its deadline, handed to the waiting
/// continuation exactly once.
private final class OnceOutcome<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var settled: Result<Value, any Error>?
    }

    private let state = Mutex(State())

    func attach(_ continuation: CheckedContinuation<Value, any Error>) {
        let early = state.withLock { state -> Result<Value, any Error>? in
            if let settled = state.settled { return settled }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    /// Settles the outcome unless it is settled already.
    /// - Returns: Whether this call settled it.
    @discardableResult
    func settle(_ result: Result<Value, any Error>) -> Bool {
        let taken = state.withLock { state -> (Bool, CheckedContinuation<Value, any Error>?) in
            guard state.settled == nil else { return (false, nil) }
            state.settled = result
            defer { state.continuation = nil }
            return (true, state.continuation)
        }
        taken.1?.resume(with: result)
        return taken.0
    }
}
