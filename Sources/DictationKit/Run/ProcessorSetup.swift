/// Builds a run's audio processor, and checks that it gives the session what the options ask of it.
enum ProcessorSetup {
    /// The processor for one run.
    ///
    /// The chain conditions the audio as its own settings say, unless the app set the deprecated
    /// ``DictationOptions/preprocessing`` to something other than the defaults: then the chain is
    /// given those, through the deprecated
    /// ``AudioPreprocessing/makeProcessor(input:outputSampleRate:options:)``, as before it had
    /// settings of its own.
    /// - Parameters:
    ///   - preprocessing: The session's chain.
    ///   - input: The format the source delivers.
    ///   - outputSampleRate: The rate the recognizer takes.
    ///   - options: The session's options.
    /// - Returns: The processor.
    /// - Throws: What the chain throws; ``DictationError/Code/invalidConfiguration`` when the
    ///   options ask for the endpointer's segmentation and the processor detects no voice activity.
    static func makeProcessor(
        _ preprocessing: any AudioPreprocessing, input: AudioFormat, outputSampleRate: Int, options: DictationOptions
    ) throws(DictationError) -> any AudioProcessor {
        let legacy: any LegacyOptionsHandling = LegacyOptions()
        let processor: any AudioProcessor
        if let conditioned = try legacy.makeProcessor(
            preprocessing, input: input, outputSampleRate: outputSampleRate, options: options)
        {
            processor = conditioned
        } else {
            processor = try preprocessing.makeProcessor(input: input, outputSampleRate: outputSampleRate)
        }
        // The endpointer finds speech only in the chain's voice activity; without it, it would
        // hear none and the session would never transcribe a word.
        guard processor.detectsVoiceActivity || options.endpointing.segmentation != .endpointer else {
            throw .endpointerWithoutVoiceActivity(preprocessing: "\(type(of: preprocessing))")
        }
        return processor
    }
}

/// What reads the deprecated ``DictationOptions/preprocessing``.
///
/// A protocol with one conformer, so that the reading happens in a deprecated declaration (where
/// using deprecated API doesn't warn) that is still called without a warning: through the
/// requirement, which isn't deprecated.
private protocol LegacyOptionsHandling {
    /// The chain's processor for the options the app set in ``DictationOptions/preprocessing``, or
    /// `nil` when it left them at their defaults.
    func makeProcessor(
        _ preprocessing: any AudioPreprocessing, input: AudioFormat, outputSampleRate: Int, options: DictationOptions
    ) throws(DictationError) -> (any AudioProcessor)?
}

private struct LegacyOptions: LegacyOptionsHandling {
    @available(*, deprecated, message: "reads the deprecated DictationOptions.preprocessing for apps that still set it")
    func makeProcessor(
        _ preprocessing: any AudioPreprocessing, input: AudioFormat, outputSampleRate: Int, options: DictationOptions
    ) throws(DictationError) -> (any AudioProcessor)? {
        guard options.preprocessing != AudioPreprocessingOptions() else { return nil }
        return try preprocessing.makeProcessor(
            input: input, outputSampleRate: outputSampleRate, options: options.preprocessing)
    }
}
