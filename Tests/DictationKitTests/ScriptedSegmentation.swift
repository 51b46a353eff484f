import DictationKit

extension EndpointingOptions {
    /// The recognizer's own segmentation, for sessions on `PassthroughPreprocessing`: it detects no
    /// voice activity, which the session's endpointer would need, so the scripted recognizer cuts
    /// the utterances where its script has them.
    static let scripted = EndpointingOptions(segmentation: .recognizer)
}
