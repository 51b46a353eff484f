/// A voice activity detector that judges mono audio frame by frame, learning as it goes (a noise
/// floor, say), and whose settings can start afresh for another stream.
///
/// A detector is a `Sendable` value: its settings and what it has learnt so far. Handed to
/// ``StandardPreprocessing``, it is a template: every session gets its own detector from
/// ``makeDetector(sampleRate:)``, at the recognizer's rate, and feeds it consecutive frames of
/// ``frameLength`` samples, cut from the session's audio after the high-pass filter and noise
/// suppression. ``EnergyVoiceActivityDetector`` is the one DictationPreprocessing ships.
public protocol VoiceActivityDetecting: Sendable {
    /// Samples in one frame at the detector's rate: every frame given to ``process(frame:)`` has
    /// this many, except perhaps a shorter last one at the end of the stream.
    var frameLength: Int { get }
    /// Whether speech is on, as of the last frame (`false` before the first).
    var isSpeech: Bool { get }
    /// Whether the last frames were loud enough to start speech that isn't confirmed yet: speech
    /// is probably starting. ``StandardPreprocessing``'s gain control follows speech only and
    /// holds its gain in pauses; a detector that confirms speech a few frames late says here that
    /// it is starting, so that the gain follows the start of the word too. `false` unless a
    /// detector says otherwise.
    var isSpeechStarting: Bool { get }

    /// Judges the next frame of the stream.
    /// - Parameter frame: The next ``frameLength`` mono samples (a shorter last frame is fine).
    /// - Returns: Whether the frame is speech, its energy and the noise floor: the endpointer uses
    ///   the energy to split long speech at its quietest point, and ``StandardPreprocessing`` the
    ///   energy against the floor to decide whether the audio is noisy.
    mutating func process(frame: UnsafeBufferPointer<Float>) -> VoiceActivityDecision

    /// A detector with this one's settings for audio at another rate, with nothing learnt.
    /// - Parameter sampleRate: The rate of the audio it will judge, in Hz.
    /// - Returns: A fresh detector.
    func makeDetector(sampleRate: Int) -> Self
}

extension VoiceActivityDetecting {
    /// `false`: speech starts when ``isSpeech`` says so.
    public var isSpeechStarting: Bool { false }
}
