import DictationKit

/// One format conversion step of a ``StandardPreprocessing``: takes a buffer of samples and gives back the next
/// stage's input.
///
/// Stages are kept in order by the chain's processor; later filters (high-pass, AGC, VAD) join as
/// further stages after the resampler, working on mono samples at the output rate.
protocol AudioConversionStage: AnyObject {
    /// Transforms the next buffer of the stream.
    /// - Parameter samples: The previous stage's output.
    /// - Returns: This stage's output; it may be shorter while a filter fills.
    /// - Throws: ``DictationError`` when the stage fails.
    func process(_ samples: [Float]) throws(DictationError) -> [Float]

    /// Ends the stream.
    /// - Returns: What the stage still holds (a filter's tail).
    /// - Throws: ``DictationError`` when the stage fails.
    func flush() throws(DictationError) -> [Float]
}

extension SoxrResampler: AudioConversionStage {}
