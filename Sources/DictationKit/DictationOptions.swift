/// What a session should recognize and report.
public struct DictationOptions: Sendable, Hashable {
    /// The locale to recognize, as a BCP 47 identifier (`"en-US"`).
    public var locale: String
    /// Whether to deliver ``DictationEvent/partial(_:)`` hypotheses while someone speaks.
    public var reportsPartials: Bool
    /// Whether to deliver ``DictationEvent/speechStarted(at:)`` and ``DictationEvent/speechEnded(at:)``.
    public var reportsSpeechActivity: Bool
    /// Whether to deliver ``DictationEvent/progress(processed:total:)`` about once per second of audio.
    public var reportsProgress: Bool

    /// Creates options.
    /// - Parameters:
    ///   - locale: The locale to recognize. Defaults to `"en-US"`.
    ///   - reportsPartials: Deliver partial hypotheses. Defaults to `true`.
    ///   - reportsSpeechActivity: Deliver speech start and end events. Defaults to `false`.
    ///   - reportsProgress: Deliver progress events. Defaults to `false`.
    public init(
        locale: String = "en-US",
        reportsPartials: Bool = true,
        reportsSpeechActivity: Bool = false,
        reportsProgress: Bool = false
    ) {
        self.locale = locale
        self.reportsPartials = reportsPartials
        self.reportsSpeechActivity = reportsSpeechActivity
        self.reportsProgress = reportsProgress
    }
}
