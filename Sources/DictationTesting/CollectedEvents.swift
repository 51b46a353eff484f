import DictationKit

extension AsyncStream where Element == DictationEvent {
    /// Reads the stream to its end.
    /// - Returns: Every event, in order.
    public func collected() async -> [DictationEvent] {
        var events: [DictationEvent] = []
        for await event in self { events.append(event) }
        return events
    }
}

extension DictationBridge {
    /// Starts a run and reads its events until the stream ends: the way a test runs a session.
    /// - Parameters:
    ///   - options: The run's options.
    ///   - onEvent: Called with each event as it arrives (to stop, pause or commit at a chosen
    ///     moment); its return value is ignored.
    /// - Returns: Every event of the run, in order.
    /// - Throws: What `DictationBridge.start(_:)` throws.
    public func collectEvents(
        _ options: DictationOptions = DictationOptions(), onEvent: (DictationEvent) async -> Void = { _ in }
    ) async throws -> [DictationEvent] {
        var events: [DictationEvent] = []
        for await event in try await start(options) {
            events.append(event)
            await onEvent(event)
        }
        return events
    }
}

extension Array where Element == DictationEvent {
    /// The finals, in order.
    public var finals: [Transcript] {
        compactMap { if case .final(let transcript) = $0 { transcript } else { nil } }
    }

    /// The finals' texts, in order.
    public var finalTexts: [String] { finals.map(\.text) }

    /// The partials, in order.
    public var partials: [Transcript] {
        compactMap { if case .partial(let transcript) = $0 { transcript } else { nil } }
    }

    /// The errors, in order.
    public var errors: [DictationError] {
        compactMap { if case .error(let error) = $0 { error } else { nil } }
    }

    /// The state changes, in order.
    public var states: [DictationState] {
        compactMap { if case .stateChanged(let state) = $0 { state } else { nil } }
    }
}
