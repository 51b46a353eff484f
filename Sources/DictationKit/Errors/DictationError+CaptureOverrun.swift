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
        let device: Text = "\(device)"
        let times: Text =
            deviceOverruns == 1 ? Text(.captureOverrunOnce) : Text(.captureOverrunTimes, ["count": "\(deviceOverruns)"])
        guard droppedSeconds > 0 else {
            return DictationError(
                code: .captureOverrun, message: Text(.captureOverrunDevice, ["device": device, "times": times]),
                isFatal: false)
        }
        let dropped = droppedSeconds.secondsText
        let loss: Text
        if let speechSeconds, speechSeconds <= 0 {
            loss = Text(.captureOverrunDroppedNoSpeech, ["device": device, "dropped": dropped])
        } else if let speechSeconds, speechSeconds < droppedSeconds {
            loss = Text(
                .captureOverrunDroppedSomeSpeech,
                ["device": device, "dropped": dropped, "speech": speechSeconds.secondsText])
        } else if speechSeconds != nil {
            loss = Text(.captureOverrunDroppedOnlySpeech, ["device": device, "dropped": dropped])
        } else {
            loss = Text(.captureOverrunDropped, ["device": device, "dropped": dropped])
        }
        // The sentences are separate messages, so that each reads whole in the tables.
        let parts =
            [loss] + (deviceOverruns > 0 ? [Text(.captureOverrunAlsoDevice, ["times": times])] : [])
            + [Text(.captureOverrunAdvice)]
        return DictationError(code: .captureOverrun, message: Text(joining: parts, separator: " "), isFatal: false)
    }
}
