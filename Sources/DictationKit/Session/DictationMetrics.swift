/// The names of the metrics a ``DictationSession`` records through
/// [swift-metrics](https://github.com/apple/swift-metrics), for dashboards, alerts and tests.
///
/// DictationKit never bootstraps a metrics backend: a session records through the factory that is
/// current when ``DictationSession/start(_:)`` is called, which is the one the app bootstrapped
/// with `MetricsSystem.bootstrap(_:)`, or one bound around the call with `withMetricsFactory(_:_:)`.
/// Until either happens, swift-metrics drops every value and recording costs next to nothing.
///
/// ```swift
/// MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))   // once, in the app
/// let stream = try await session.start(DictationOptions(locale: "en-US"))
/// ```
///
/// Every metric carries the dimension ``Dimension/locale``: the locale the recognizer's model
/// recognizes, or, for errors that come before a model is chosen (a source that can't be opened,
/// a missing model), the locale that was asked for. The names and dimensions are stable; new
/// ones may be added. Nothing is recorded per audio sample: at most a few values per buffer read
/// (a tenth of a second of audio).
public enum DictationMetrics {
    /// Timer: from the moment the audio that produced a partial or final was captured (a live
    /// source's ``AudioFrame/captureTime``, the end of the newest buffer read) or, for sources
    /// that don't stamp their audio (files), read, to the moment the event was delivered to the
    /// stream. Dimension ``Dimension/event`` tells partials from finals. For a microphone it
    /// includes the time the audio waited in the capture buffer.
    public static let eventLatency = "dictationkit_event_latency"

    /// Counter: utterances, one per ``DictationEvent/final(_:)`` delivered.
    public static let utterances = "dictationkit_utterances"

    /// Counter: ``DictationEvent/error(_:)`` events delivered, fatal or not, by
    /// ``DictationError/code`` in the dimension ``Dimension/code``.
    public static let errors = "dictationkit_errors"

    /// Counter: ``DictationError/Code/captureOverrun`` warnings from the source, each standing for
    /// one overrun episode: audio lost from the first loss until the reader caught up (one warning
    /// may count many drops and device overruns). They are also counted in ``errors``.
    public static let captureOverruns = "dictationkit_capture_overruns"

    /// Recorder, one value per run that read audio: the wall time spent converting and decoding
    /// divided by the duration of the audio. Under 1, recognition keeps up with live audio.
    public static let realTimeFactor = "dictationkit_real_time_factor"

    /// Timer, one value per run: wall time from the start of the run to the end of its stream.
    public static let sessionDuration = "dictationkit_session_duration"

    /// The dimension keys the metrics carry.
    public enum Dimension {
        /// The locale, e.g. `en-US`; on every metric.
        public static let locale = "locale"
        /// `partial` or `final`, on ``DictationMetrics/eventLatency``.
        public static let event = "event"
        /// The error's stable code, e.g. `invalidAudio`, on ``DictationMetrics/errors``.
        public static let code = "code"
    }
}
