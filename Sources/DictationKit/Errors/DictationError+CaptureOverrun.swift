extension DictationError {
    /// The audio one episode of a live source's losses cost: what it dropped because recognition
    /// fell further behind than its buffer holds (the quietest first, so how much of it was speech
    /// is said apart), and the overruns the device recovered from.
    /// - Parameters:
    ///   - droppedSeconds: Audio the source dropped in the episode.
    ///   - speechSeconds: How much of that the session's voice activity detector heard as speech
    ///     (see ``AudioLossLedger``); `nil` when the session has no detector to tell.
    ///   - deviceOverruns: Overruns (or suspends) the device recovered from in the episode.
    ///   - device: The device name.
    /// - Returns: A non-fatal ``Code/captureOverrun`` error.
    static func captureOverrun(
        droppedSeconds: Double, speechSeconds: Double?, deviceOverruns: Int, device: String
    ) -> DictationError {
        let dropped = droppedSeconds.secondsText
        let times = Text(
            english: deviceOverruns == 1 ? "once" : "\(deviceOverruns) times",
            norwegianBokmal: deviceOverruns == 1 ? "én gang" : "\(deviceOverruns) ganger")
        var english: String
        var norwegian: String
        if droppedSeconds > 0 {
            if let speechSeconds, speechSeconds <= 0 {
                english =
                    "Recognition fell behind the microphone \"\(device)\", so I dropped \(dropped.english) s "
                    + "of the audio waiting for it; none of it sounded like speech, so nothing you said is lost."
                norwegian =
                    "Gjenkjenningen kom på etterskudd i forhold til mikrofonen «\(device)», så jeg forkastet "
                    + "\(dropped.norwegianBokmal) s av lyden som ventet på den; ingenting av det hørtes ut som tale, så "
                    + "ingenting du sa, gikk tapt."
            } else if let speechSeconds, speechSeconds < droppedSeconds {
                let speech = speechSeconds.secondsText
                english =
                    "Recognition fell behind the microphone \"\(device)\", so I dropped \(dropped.english) s "
                    + "of the audio waiting for it. I dropped the quietest first, but \(speech.english) s of it "
                    + "sounded like speech, and that is lost."
                norwegian =
                    "Gjenkjenningen kom på etterskudd i forhold til mikrofonen «\(device)», så jeg forkastet "
                    + "\(dropped.norwegianBokmal) s av lyden som ventet på den. Jeg forkastet det stilleste først, men "
                    + "\(speech.norwegianBokmal) s av det hørtes ut som tale, og det er tapt."
            } else if speechSeconds != nil {
                english =
                    "Recognition fell behind the microphone \"\(device)\" with only speech waiting, so I dropped "
                    + "the oldest \(dropped.english) s of it, and what was said there is lost."
                norwegian =
                    "Gjenkjenningen kom på etterskudd i forhold til mikrofonen «\(device)» med bare tale som "
                    + "ventet, så jeg forkastet de eldste \(dropped.norwegianBokmal) s av den, og det som ble sagt der, "
                    + "er tapt."
            } else {
                english =
                    "Recognition fell behind the microphone \"\(device)\", so I dropped \(dropped.english) s "
                    + "of the audio waiting for it, the quietest first."
                norwegian =
                    "Gjenkjenningen kom på etterskudd i forhold til mikrofonen «\(device)», så jeg forkastet "
                    + "\(dropped.norwegianBokmal) s av lyden som ventet på den, det stilleste først."
            }
            if deviceOverruns > 0 {
                english += " The microphone also overran, and I lost a moment of audio (\(times.english))."
                norwegian +=
                    " Mikrofonen fikk også overløp, og jeg mistet et øyeblikk med lyd "
                    + "(\(times.norwegianBokmal))."
            }
            english += " I'm still listening; a larger capture buffer or a smaller speech model helps."
            norwegian += " Jeg lytter fortsatt; en større opptaksbuffer eller en mindre talemodell hjelper."
        } else {
            english =
                "I couldn't keep up with the microphone \"\(device)\" and lost a moment of audio "
                + "(\(times.english)). I'm still listening; if it keeps happening, close programs that keep the "
                + "computer busy."
            norwegian =
                "Jeg klarte ikke å holde følge med mikrofonen «\(device)» og mistet et øyeblikk med lyd "
                + "(\(times.norwegianBokmal)). Jeg lytter fortsatt; hvis det fortsetter, lukk programmer som holder "
                + "datamaskinen opptatt."
        }
        return DictationError(
            code: .captureOverrun, message: Text(english: english, norwegianBokmal: norwegian), isFatal: false)
    }
}
