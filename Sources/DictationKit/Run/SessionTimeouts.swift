/// Decides when a session ends by itself: a cap on its length, silence after speech, or no
/// speech at all. Times are seconds of audio, not of the clock, so a paced file behaves like a
/// microphone and tests need no clock; and not of decoded audio, so a session whose decoding
/// falls behind still ends on time. The cap counts the audio captured (pauses and audio a source
/// had to drop included); silence and speech are counted in the audio the session preprocessed,
/// where the endpointer found the speech.
struct SessionTimeouts {
    enum Reason: String {
        case maxDuration = "maximum duration"
        case silenceAfterSpeech = "silence after speech"
        case noSpeech = "no speech"
    }

    private let options: DictationOptions
    /// Whether the recognizer heard speech at any time in the session.
    private(set) var heardSpeech = false
    private var speaking = false
    private var lastSpeechEnd = 0.0

    init(options: DictationOptions) {
        self.options = options
    }

    mutating func observe(_ updates: [RecognitionUpdate]) {
        for update in updates {
            switch update {
            case .speechStarted:
                heardSpeech = true
                speaking = true
            case .partial:
                heardSpeech = true
            case .speechEnded(let time):
                speaking = false
                lastSpeechEnd = time
            case .final(let transcript):
                heardSpeech = heardSpeech || !transcript.text.isEmpty
                speaking = false
                lastSpeechEnd = max(lastSpeechEnd, transcript.endTime)
            }
        }
    }

    /// Why the session should end now, if it should.
    /// - Parameters:
    ///   - processed: Seconds of audio preprocessed so far.
    ///   - captured: How far into the source's stream the audio read so far reaches, in seconds.
    func reason(processed: Double, captured: Double) -> Reason? {
        if let limit = options.maxDuration, captured >= limit { return .maxDuration }
        if heardSpeech {
            if let limit = options.silenceTimeout, !speaking, processed - lastSpeechEnd >= limit {
                return .silenceAfterSpeech
            }
        } else if let limit = options.noSpeechTimeout, processed >= limit {
            return .noSpeech
        }
        return nil
    }
}
