import DictationKit
import Logging
import Synchronization

/// What a person who is not looking hears of a dictation: sound cues when listening starts and
/// stops, when an utterance is taken, when a command is carried out, when nothing was heard and
/// on an error, and the last utterance read back aloud, all played through ALSA.
///
/// Give a session both halves: the microphone through ``gating(_:)``, so that what the
/// loudspeaker plays is never heard as the user's speech nor recorded, and ``stage`` as an event
/// stage after the formatting stage, which plays the cues at the events they belong to and
/// keeps the text that "read that back" (``DictationKit/DictationCommand/Kind/readBack``) reads:
///
/// ```swift
/// let feedback = try AudioFeedback()
/// let session = DictationSession(
///     source: feedback.gating(ALSACaptureSource()),
///     eventStages: [FormattingStage(), feedback.stage])
/// ```
///
/// Sounds play one after another on a thread of the feedback's own. A device that can't play is
/// reported once, as a non-fatal ``DictationKit/DictationError/Code/playbackUnavailable`` error
/// event of the session, until it plays again.
public final class AudioFeedback: Sendable {
    /// What the feedback plays, and where.
    public struct Options: Sendable, Hashable {
        /// The ALSA playback device (`default`, `hw:0,0`, a name from a configuration).
        public var device: String
        /// An ALSA configuration to look ``device`` up in instead of the system's.
        public var configurationFile: String?
        /// Whether the stage plays cues; read-back speaks either way.
        public var cues: Bool
        /// Peak loudness of the sounds, from 0 to 1.
        public var volume: Double
        /// The speaking rate of read-back, in words per minute.
        public var wordsPerMinute: Int
        /// How long after a sound has played the microphone may still hear it, and stays silenced:
        /// the room's echo and the capture's period (0.15 s), more for a speaker that plays late
        /// (a Bluetooth speaker's delay is not in the device's buffer).
        public var echoAllowance: Duration

        /// Creates options.
        /// - Parameters:
        ///   - device: The ALSA playback device.
        ///   - configurationFile: An ALSA configuration of your own, or `nil` for the system's.
        ///   - cues: Whether the stage plays cues.
        ///   - volume: Peak loudness, 0 to 1.
        ///   - wordsPerMinute: The speaking rate of read-back.
        ///   - echoAllowance: How long after a sound the microphone stays silenced.
        public init(
            device: String = "default", configurationFile: String? = nil, cues: Bool = true, volume: Double = 0.4,
            wordsPerMinute: Int = 175, echoAllowance: Duration = .milliseconds(150)
        ) {
            self.device = device
            self.configurationFile = configurationFile
            self.cues = cues
            self.volume = volume
            self.wordsPerMinute = wordsPerMinute
            self.echoAllowance = echoAllowance
        }
    }

    /// The finals still in the text, newest last, and the language they are in.
    struct WrittenText {
        var finals: [(utterance: Int, text: String)] = []
        var locale = "en-US"
    }

    /// How many finals read-back and "scratch that" can reach back.
    static let keptFinals = 100

    /// What the feedback plays, and where.
    public let options: Options
    let player: FeedbackPlayer
    let written = Mutex(WrittenText())

    /// Starts the feedback's player.
    /// - Parameters:
    ///   - options: What it plays, and where.
    ///   - logger: Where it logs (at debug level) what it played.
    /// - Throws: ``DictationKit/DictationError/Code/resourcesExhausted`` when the system refuses
    ///   its thread. A device that can't play is not an error here: it is reported when a sound
    ///   fails.
    public init(options: Options = Options(), logger: Logger = Logger(label: "DictationFeedback")) throws(DictationError) {
        self.options = options
        player = try FeedbackPlayer(options: options, logger: logger)
    }

    deinit { player.close() }

    /// The event stage that plays the cues and keeps the text to read back; put it after the
    /// formatting stage, whose commands and written text it reads.
    public var stage: FeedbackStage { FeedbackStage(feedback: self, cuesListening: true) }

    /// The event stage, leaving ``SoundCue/listeningStarted`` and ``SoundCue/listeningStopped``
    /// to the app: for an app whose idea of listening is not the session's state (`dictate type
    /// --wait` keeps its session running with the microphone closed until a hotkey), which plays
    /// them itself with ``play(_:)``.
    /// - Parameter cuesListening: Whether the stage plays the listening cues at the session's
    ///   state changes.
    /// - Returns: The stage.
    public func stage(cuesListening: Bool) -> FeedbackStage {
        FeedbackStage(feedback: self, cuesListening: cuesListening)
    }

    /// A live source whose audio is silenced while a sound of this feedback plays, and for the
    /// echo after it: the microphone's view of the loudspeaker is not the user's speech, and is
    /// not recorded. A file or an app's buffers without capture times pass unchanged.
    /// - Parameter source: The microphone.
    /// - Returns: The gated source.
    public func gating(_ source: any AudioSource) -> any AudioSource {
        PlaybackGatedSource(source: source, timeline: player.timeline)
    }

    /// Whether the microphone is silenced at a moment: a sound of this feedback may be heard then
    /// (it plays, or its ``Options/echoAllowance`` has not passed). An app can show it; a person
    /// speaks after it.
    /// - Parameter instant: The moment, by the clock that stamps captured audio.
    /// - Returns: Whether ``gating(_:)`` silences what is captured then.
    public func silencesMicrophone(at instant: ContinuousClock.Instant = .now) -> Bool {
        player.timeline.covers(instant)
    }

    /// Plays a cue after the sounds queued before it, when ``Options/cues`` is on.
    /// - Parameter cue: The cue.
    public func play(_ cue: SoundCue) {
        if options.cues { player.enqueue(.cue(cue)) }
    }

    /// Says a text aloud with espeak-ng, after the sounds queued before it.
    /// - Parameters:
    ///   - text: What to say.
    ///   - locale: Its language, which picks the voice.
    public func say(_ text: String, locale: String) {
        player.enqueue(.speech(text: text, locale: locale))
    }

    /// Says the last final still in the text (the written text of the last utterance that
    /// "scratch that" has not taken back), in the language of the session that made it; with
    /// none, plays ``SoundCue/nothingHeard``, even with cues off: it was asked for.
    public func readBack() {
        let (last, locale) = written.withLock { ($0.finals.last?.text, $0.locale) }
        if let last { say(last, locale: locale) } else { player.enqueue(.cue(.nothingHeard)) }
    }

    /// Blocks until every sound queued so far has played: before a program that played
    /// something exits. Call it from a thread of your own, not from Swift's cooperative pool.
    public func waitUntilPlayed() {
        player.waitUntilPlayed()
    }

    /// What went wrong playing since the last call (each failing device once, until it works).
    /// - Returns: Non-fatal ``DictationKit/DictationError/Code/playbackUnavailable`` or
    ///   ``DictationKit/DictationError/Code/speechUnavailable`` errors.
    public func takeProblems() -> [DictationError] {
        player.takeProblems()
    }
}
