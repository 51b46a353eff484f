import DictationKit
import Synchronization

/// A stand-in for a `DictationSession` in an app's own tests: it plays the events
/// a test scripts, keeps blocks as a session does, and records every call the app made.
///
/// ```swift
/// let bridge = FakeDictationBridge(events: [.final(Transcript(text: "hello", utteranceIndex: 0, startTime: 0, endTime: 1))])
/// let model = DictationViewModel(bridge: bridge)     // the app's code, holding `any BlockDictationBridge`
/// await model.toggle()
/// #expect(bridge.calls == [.start(DictationOptions()), .stop])
/// ```
///
/// ``start(_:)`` yields the scripted events at once; the stream then ends unless the bridge was
/// made with `endsAfterScript: false`, in which case the test goes on with ``send(_:)`` and the
/// app ends it (``stop()``, ``endAudio()``, ``cancel()``) or the test does (``finish()``).
public final class FakeDictationBridge: BlockDictationBridge {
    /// A call the app made.
    public enum Call: Sendable, Hashable {
        /// ``FakeDictationBridge/requestPermission()``.
        case requestPermission
        /// ``FakeDictationBridge/isAvailable()``.
        case isAvailable
        /// ``FakeDictationBridge/start(_:)``, with the options it was given.
        case start(DictationOptions)
        /// ``FakeDictationBridge/stop()``.
        case stop
        /// ``FakeDictationBridge/endAudio()``.
        case endAudio
        /// ``FakeDictationBridge/pause()``.
        case pause
        /// ``FakeDictationBridge/resume()``.
        case resume
        /// ``FakeDictationBridge/commit()``.
        case commit
        /// ``FakeDictationBridge/cancel()``.
        case cancel
    }

    private struct Run {
        var continuation: AsyncStream<DictationEvent>.Continuation
        var reports: DictationOptions.Reports
    }

    private struct State {
        var calls: [Call] = []
        var run: Run?
        var state = DictationState.idle
        var blocks = BlockLedger()
    }

    private let script: [DictationEvent]
    private let permission: PermissionStatus
    private let endsAfterScript: Bool
    private let shared = Mutex(State())

    /// Creates a fake.
    /// - Parameters:
    ///   - events: The events every ``start(_:)`` yields, in order.
    ///   - permission: What ``requestPermission()`` answers.
    ///   - endsAfterScript: Whether the stream ends after the scripted events (as a file's run
    ///     does), or stays open for ``send(_:)`` (as a microphone's does).
    public init(events: [DictationEvent] = [], permission: PermissionStatus = .granted, endsAfterScript: Bool = true) {
        script = events
        self.permission = permission
        self.endsAfterScript = endsAfterScript
    }

    /// The calls made so far, in order.
    public var calls: [Call] { shared.withLock { $0.calls } }

    /// Delivers an event on the running stream (a final also joins the open block); does nothing
    /// when no run is going.
    public func send(_ event: DictationEvent) {
        shared.withLock { state in
            guard let run = state.run else { return }
            if case .final(let transcript) = event { state.blocks.add([transcript]) }
            run.continuation.yield(event)
        }
    }

    /// Ends the running stream, as a session does when its audio ends: the open block is committed.
    public func finish() {
        end(committing: true)
    }

    // MARK: - DictationBridge

    /// Records the call and answers the permission the fake was made with.
    public func requestPermission() async -> PermissionStatus {
        record(.requestPermission)
        return permission
    }

    /// Records the call; `true` when the permission is `PermissionStatus.granted`.
    public func isAvailable() async -> Bool {
        record(.isAvailable)
        return permission == .granted
    }

    /// Records the call and plays the script.
    /// - Throws: `DictationError` when a run is already going, as a session does.
    public func start(_ options: DictationOptions) async throws -> AsyncStream<DictationEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: DictationEvent.self)
        let started = shared.withLock { state -> Bool in
            state.calls.append(.start(options))
            guard state.run == nil else { return false }
            state.run = Run(continuation: continuation, reports: options.reports)
            state.blocks = BlockLedger()
            return true
        }
        guard started else { throw DictationError.sessionAlreadyRunning() }
        change(to: .listening)
        for event in script { send(event) }
        if endsAfterScript { finish() }
        return stream
    }

    /// Records the call and ends the stream, committing the open block.
    public func stop() async {
        record(.stop)
        end(committing: true)
    }

    // MARK: - BlockDictationBridge

    /// Records the call and ends the stream, committing the open block.
    public func endAudio() async {
        record(.endAudio)
        end(committing: true)
    }

    /// Records the call; the state becomes `DictationState.paused`.
    public func pause() async {
        record(.pause)
        change(to: .paused)
    }

    /// Records the call; the state becomes `DictationState.listening`.
    public func resume() async {
        record(.resume)
        change(to: .listening)
    }

    /// Records the call and commits the finals sent since the last commit.
    /// - Returns: The committed block, or `nil` when no run is going.
    @discardableResult
    public func commit() async -> DictationBlock? {
        record(.commit)
        return shared.withLock { state -> DictationBlock? in
            guard let run = state.run else { return nil }
            let block = state.blocks.commit()
            if run.reports.contains(.stateChanges) { run.continuation.yield(.blockCommitted(block)) }
            return block
        }
    }

    /// Records the call, discards the open block and ends the stream.
    public func cancel() async {
        record(.cancel)
        end(committing: false)
    }

    /// What the fake's run is doing.
    public var state: DictationState { shared.withLock { $0.state } }

    /// The blocks committed in the current or last run.
    public var committedBlocks: [DictationBlock] { shared.withLock { $0.blocks.committed } }

    // MARK: - Helpers

    private func record(_ call: Call) {
        shared.withLock { $0.calls.append(call) }
    }

    private func change(to newState: DictationState) {
        shared.withLock { state in
            guard let run = state.run, state.state != newState else { return }
            state.state = newState
            if run.reports.contains(.stateChanges) { run.continuation.yield(.stateChanged(newState)) }
        }
    }

    private func end(committing: Bool) {
        shared.withLock { state in
            guard let run = state.run else { return }
            if !state.blocks.open.utterances.isEmpty {
                let ended: DictationEvent =
                    committing ? .blockCommitted(state.blocks.commit()) : .blockDiscarded(state.blocks.discard())
                if run.reports.contains(.stateChanges) { run.continuation.yield(ended) }
            }
            state.state = .idle
            if run.reports.contains(.stateChanges) { run.continuation.yield(.stateChanged(.idle)) }
            run.continuation.finish()
            state.run = nil
        }
    }
}
