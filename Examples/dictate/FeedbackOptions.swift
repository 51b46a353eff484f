import ArgumentParser
import DictationFeedback
import DictationKit
import Logging

/// `--sounds`, `--playback-device`, `--speech-rate` and `--echo-allowance`: what `dictate` plays back, for someone not
/// looking at the screen (docs/cli.md, "Eyes-free use").
struct FeedbackOptions: ParsableArguments {
    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "Play a short sound when listening starts and stops, an utterance is taken, a command is carried out, "
                + "nothing was heard, or on an error (default: on for `type`, off for `listen`)."))
    var sounds: Bool?

    @Option(help: ArgumentHelp("The ALSA device for sounds and read-back.", valueName: "device"))
    var playbackDevice = "default"

    @Option(help: ArgumentHelp("Read-back's speaking rate, words per minute (80-450).", valueName: "wpm"))
    var speechRate = 175

    @Option(
        help: ArgumentHelp(
            "How long after a sound the microphone stays silenced: more for a speaker that plays late (Bluetooth).",
            valueName: "seconds"))
    var echoAllowance = 0.15

    func validate() throws {
        guard (80...450).contains(speechRate) else { throw ValidationError("--speech-rate takes 80 to 450 words a minute") }
        guard (0...5).contains(echoAllowance) else { throw ValidationError("--echo-allowance takes 0 to 5 seconds") }
    }

    /// The feedback of a command whose sounds are on by default or not. Read-back ("read that
    /// back", `dictate control read-back`) speaks either way.
    func feedback(soundsByDefault: Bool, logger: Logger) throws(DictationError) -> AudioFeedback {
        try AudioFeedback(
            options: .init(
                device: playbackDevice, cues: sounds ?? soundsByDefault, wordsPerMinute: speechRate,
                echoAllowance: .seconds(echoAllowance)),
            logger: logger)
    }
}
