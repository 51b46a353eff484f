import Foundation

/// A step on the way from a session's run to its stream: it sees every event the run delivers,
/// in order, and passes on what the consumer should get, such as `DictationFormatting`'s
/// `FormattingStage`, which adds each final's written text. A session's history
/// (`transcriptStore:`) comes after the stages, so it keeps what they made.
///
/// A `Sendable` description, like ``AudioPreprocessing``: ``makeProcessor(for:)`` makes the
/// ``DictationEventProcessor`` that one run uses. Stages run in the order the session was given
/// them, each on the events the one before passed on.
public protocol DictationEventStage: Sendable {
    /// Makes the processor of one run, as the run starts listening: its source is open and its
    /// model loaded. What comes before (a ``DictationEvent/localeSelected(requested:used:)`` note,
    /// or the error of a source or model that failed) goes straight to the stream.
    /// - Parameter run: What is known of the run as it starts listening.
    /// - Returns: The processor for this run.
    func makeProcessor(for run: DictationRunInfo) -> any DictationEventProcessor
}

/// One run's use of a ``DictationEventStage``.
///
/// Called on the session's own threads (never the cooperative pool), one event at a time under
/// the session's delivery lock, so it may block briefly (write to disk) and needs no lock of its
/// own. An event is in the consumer's hands only once every processor has returned it: what a
/// processor does before returning a final is done before anyone can see that final.
public protocol DictationEventProcessor: AnyObject {
    /// Takes one event.
    /// - Parameter event: The run's next event (errors not yet localized).
    /// - Returns: The events to pass on in its place: usually the event itself, possibly followed
    ///   by others (a non-fatal error when the stage failed), or none to hold it back.
    func process(_ event: DictationEvent) -> [DictationEvent]

    /// The run ended; called once, after its last event and before the stream ends.
    /// - Returns: Events to deliver last.
    func finish() -> [DictationEvent]
}

extension DictationEventProcessor {
    /// Nothing to add at the end.
    public func finish() -> [DictationEvent] { [] }
}

/// What an event stage is told of a run as it starts.
public struct DictationRunInfo: Sendable, Hashable {
    /// The run's identifier, unique across runs.
    public var id: UUID
    /// When the run started.
    public var startedAt: Date
    /// The locale whose model the run uses (after any fallback).
    public var locale: String
    /// The locale the run was asked to recognize (``DictationOptions/locale``).
    public var requestedLocale: String

    /// Creates the description of a run.
    /// - Parameters:
    ///   - id: The run's identifier.
    ///   - startedAt: When the run started.
    ///   - locale: The locale really used.
    ///   - requestedLocale: The locale asked for.
    public init(id: UUID = UUID(), startedAt: Date = Date(), locale: String, requestedLocale: String) {
        self.id = id
        self.startedAt = startedAt
        self.locale = locale
        self.requestedLocale = requestedLocale
    }
}
