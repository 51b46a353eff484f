/// Builds a run's audio processor, and checks that it gives the session what the options ask of it.
enum ProcessorSetup {
    /// The processor for one run, conditioning the audio as the chain's own settings say.
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
        let processor = try preprocessing.makeProcessor(input: input, outputSampleRate: outputSampleRate)
        // The endpointer finds speech only in the chain's voice activity; without it, it would
        // hear none and the session would never transcribe a word.
        guard processor.detectsVoiceActivity || options.endpointing.segmentation != .endpointer else {
            throw .endpointerWithoutVoiceActivity(preprocessing: "\(type(of: preprocessing))")
        }
        return processor
    }
}
