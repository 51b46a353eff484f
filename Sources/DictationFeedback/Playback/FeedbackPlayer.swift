import DictationKit
import DictationSpeech
import Logging

/// Plays a session's sounds one after another on a thread of its own, so that neither the
/// session's threads nor the caller wait for a device or for espeak-ng, and records when each
/// is heard in the ``PlaybackTimeline``.
final class FeedbackPlayer: Sendable {
    /// What there is to play.
    enum Sound: Sendable {
        case cue(SoundCue)
        case speech(text: String, locale: String)

        /// What the log says: the cue, or that it was speech (never the words dictated).
        var name: String {
            switch self {
            case .cue(let cue): cue.rawValue
            case .speech(_, let locale): "speech in \(locale)"
            }
        }
    }

    /// The player's queue and what it has to report, shared with its thread.
    private struct State {
        var queue: [Sound] = []
        var playing = false
        var closed = false
        /// Problems not yet reported; a device that keeps failing is reported once, until it works.
        var problems: [DictationError] = []
        var failing = false
    }

    /// Cues are made at the rate espeak-ng speaks at, so that a device opened for either takes
    /// the same rate.
    static let sampleRate = 22_050

    let timeline: PlaybackTimeline
    private let state = WaitableState(State())
    private let options: AudioFeedback.Options
    private let logger: Logger

    init(options: AudioFeedback.Options, logger: Logger) throws(DictationError) {
        self.options = options
        self.logger = logger
        timeline = PlaybackTimeline(echoTail: options.echoAllowance)
        let state = self.state
        let timeline = self.timeline
        try DedicatedThread.start(name: "DictationKit.feedback") {
            while case .play(let sound) = state.waitAndTake({ Self.nextStep(&$0) }) {
                let problem = Self.play(sound, options: options, timeline: timeline, logger: logger)
                state.withLock { state in
                    state.playing = false
                    if let problem, !state.failing { state.problems.append(problem) }
                    state.failing = problem != nil
                }
            }
        }
    }

    /// What the player's thread does next.
    private enum Step {
        case play(Sound)
        case end
    }

    /// The next sound, the end once closed with nothing left, or `nil` to wait.
    private static func nextStep(_ state: inout State) -> Step? {
        guard !state.queue.isEmpty else { return state.closed ? .end : nil }
        state.playing = true
        return .play(state.queue.removeFirst())
    }

    /// Queues a sound; it plays after those queued before it.
    func enqueue(_ sound: Sound) {
        state.withLock { state in
            guard !state.closed else { return }
            state.queue.append(sound)
        }
    }

    /// The problems since the last call, each once.
    func takeProblems() -> [DictationError] {
        // The stage asks at every event (levels, partials) under the session's delivery lock: a
        // look that wakes no one, and the lock that wakes the player's thread only for a take.
        guard !state.read({ $0.problems.isEmpty }) else { return [] }
        return state.withLock { state in
            defer { state.problems = [] }
            return state.problems
        }
    }

    /// Blocks until every sound queued so far has played. Not on the cooperative pool.
    func waitUntilPlayed() {
        state.wait { $0.queue.isEmpty && !$0.playing }
    }

    /// Lets the sounds queued play, then ends the thread; later sounds are dropped.
    func close() {
        state.withLock { $0.closed = true }
    }

    /// Plays one sound on the player's thread.
    /// - Returns: What went wrong, if anything.
    private static func play(
        _ sound: Sound, options: AudioFeedback.Options, timeline: PlaybackTimeline, logger: Logger
    ) -> DictationError? {
        do {
            let samples: [Int16]
            let rate: Int
            switch sound {
            case .cue(let cue):
                samples = cue.samples(sampleRate: sampleRate, volume: options.volume)
                rate = sampleRate
            case .speech(let text, let locale):
                let speech = try SpeechSynthesizer(wordsPerMinute: options.wordsPerMinute).speech(for: text, locale: locale)
                samples = speech.samples.map { Int16(max(-1, min(1, $0 * Float(options.volume * 2))) * 32_767) }
                rate = speech.sampleRate
            }
            guard !samples.isEmpty else { return nil }
            let device = try PlaybackDevice(name: options.device, configurationFile: options.configurationFile)
            defer { device.close() }
            let start = ContinuousClock.now
            let duration = Duration.seconds(Double(samples.count) / Double(rate))
            timeline.record(from: start, until: start + duration + PlaybackDevice.latency)
            try device.play(samples, sampleRate: rate)
            timeline.extendLast(until: ContinuousClock.now)
            logger.debug("played", metadata: ["sound": "\(sound.name)", "seconds": "\(duration)"])
            return nil
        } catch {
            logger.debug("could not play", metadata: ["sound": "\(sound.name)", "error": "\(error.code)"])
            return error
        }
    }
}
