/// The four calls an app needs for dictation, in the shape of Apple's Speech framework.
///
/// ``DictationSession`` is the implementation DictationKit ships; apps can hold it as
/// `any DictationBridge` to swap in a fake in their own tests (see `DictationTesting`).
public protocol DictationBridge: Sendable {
    /// Checks that the audio source may be used and a recognition model is installed.
    /// - Returns: ``PermissionStatus/granted`` when a session could start now.
    func requestPermission() async -> PermissionStatus

    /// Whether a source and a model are there, so that ``start(_:)`` can succeed.
    /// - Returns: `true` when a session could start now.
    func isAvailable() async -> Bool

    /// Starts listening and returns the session's events.
    ///
    /// Per utterance the stream carries zero or more ``DictationEvent/partial(_:)`` events and then
    /// exactly one ``DictationEvent/final(_:)``. Failures arrive as ``DictationEvent/error(_:)``;
    /// a fatal one ends the stream. Dropping the stream (cancelling the consuming task) stops the
    /// session and releases the source.
    /// - Parameter options: Locale and what to report.
    /// - Returns: The events of this session, ending when the session ends.
    /// - Throws: ``DictationError`` when a session is already running.
    func start(_ options: DictationOptions) async throws -> AsyncStream<DictationEvent>

    /// Stops listening, delivers the final of the audio already heard, ends the stream, and returns.
    ///
    /// Safe to call twice, before ``start(_:)``, or after the stream has ended.
    func stop() async
}
