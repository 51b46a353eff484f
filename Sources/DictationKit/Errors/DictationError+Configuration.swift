extension DictationError.Code {
    /// The parts a session was given don't work together: it asks for something one of them
    /// can't do, such as the endpointer's segmentation with preprocessing that detects no voice
    /// activity. The app has to change how it builds the session; trying again won't help.
    public static let invalidConfiguration = DictationError.Code(rawValue: "invalidConfiguration")
}

extension DictationError {
    /// A session that asks for ``UtteranceSegmentation/endpointer`` segmentation with a processor
    /// that detects no voice activity (``AudioProcessor/detectsVoiceActivity``), which the
    /// endpointer needs to find speech.
    /// - Parameter preprocessing: The name of the preprocessing's type, for the app's developer.
    /// - Returns: A fatal ``Code/invalidConfiguration`` error.
    static func endpointerWithoutVoiceActivity(preprocessing: String) -> DictationError {
        DictationError(
            code: .invalidConfiguration,
            message: Text(.endpointerWithoutVoiceActivity, ["preprocessing": "\(preprocessing)"]))
    }
}
