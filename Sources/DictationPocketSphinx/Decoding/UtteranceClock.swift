/// Keeps the decoder's times in seconds of session audio (from the first sample it was given).
///
/// With `-remove_silence yes` PocketSphinx's search only sees what its voice activity detector
/// lets through, so frame numbers need care. The Debian build (5prealpha) already numbers
/// `ps_seg_frames` from the start of the stream: it adds the stream frame at which the detector
/// opened the utterance. Builds without that change number them from the utterance's first
/// frame. The clock works for both: it estimates where each utterance starts from how far the
/// search got, and ``frameOffset(firstSegmentFrame:)`` tells which numbering the segments use.
struct UtteranceClock {
    /// Samples per second of the audio fed.
    let sampleRate: Int
    /// Feature frames per second (`-frate`).
    let frameRate: Int
    /// Frames the voice activity detector keeps from before speech (`-vad_prespeech`).
    let preSpeechFrames: Int

    /// All samples fed since the decoder was made.
    private(set) var samplesFed = 0
    /// Where the open utterance starts, as a stream frame: an upper bound from what the search
    /// and the detector have shown, `nil` before anything was searched.
    private(set) var estimatedStartFrame: Int?

    /// Creates a clock at time 0.
    /// - Parameters:
    ///   - sampleRate: Samples per second.
    ///   - frameRate: Feature frames per second.
    ///   - preSpeechFrames: Frames of audio before speech the detector hands on with it.
    init(sampleRate: Int, frameRate: Int, preSpeechFrames: Int) {
        self.sampleRate = sampleRate
        self.frameRate = frameRate
        self.preSpeechFrames = preSpeechFrames
    }

    /// The time at the end of the audio fed so far, in seconds.
    var now: Double { Double(samplesFed) / Double(sampleRate) }

    /// The stream frame at the end of the audio fed so far.
    var nowFrame: Int { samplesFed * frameRate / sampleRate }

    /// Counts samples just fed to the decoder.
    /// - Parameter count: The number of samples.
    mutating func advance(by count: Int) {
        samplesFed += count
    }

    /// Forgets the estimate of the previous utterance.
    mutating func beginUtterance() {
        estimatedStartFrame = nil
    }

    /// Updates the start estimate after a `ps_process_raw` call.
    ///
    /// The frames searched so far end at most at the audio fed so far, so the utterance started
    /// at least that many frames back. The search lags the audio by a few frames (the feature
    /// window, and the detector releasing its pre-speech buffer over a few calls), which makes
    /// the estimate late by that lag; the smallest estimate over the utterance has the least lag.
    /// - Parameter framesSearched: Frames the search has consumed in the open utterance.
    mutating func observe(framesSearched: Int) {
        guard framesSearched > 0 else { return }
        let estimate = max(0, nowFrame - framesSearched)
        estimatedStartFrame = min(estimatedStartFrame ?? estimate, estimate)
    }

    /// Updates the start estimate when the detector has just heard speech begin.
    ///
    /// The detector opens an utterance at the frame where it decides speech began, minus its
    /// pre-speech buffer; that frame is at most now. The search may not have caught up with
    /// those frames yet, so this bound is often the better one in the first call.
    mutating func observeSpeechStart() {
        let bound = max(0, nowFrame - preSpeechFrames)
        estimatedStartFrame = min(estimatedStartFrame ?? bound, bound)
    }

    /// Where the open utterance started, in seconds: the estimate, or now if nothing was searched.
    var estimatedStart: Double {
        guard let estimatedStartFrame else { return now }
        return Double(estimatedStartFrame) / Double(frameRate)
    }

    /// The frames to add to an utterance's segment frames to count them from the session's start.
    ///
    /// Stream-numbered segments start at or just before the estimate (which can only be late);
    /// utterance-numbered ones start at 0. Only a first segment well before the estimate, by more
    /// than the detector's pre-speech buffer, is taken as utterance-numbered: near the start of
    /// the session the two numberings agree within that margin anyway, and a slightly late
    /// estimate must not shift correct stream-numbered times.
    /// - Parameter firstSegmentFrame: The start frame of the utterance's first segment (`<s>`).
    /// - Returns: 0 for stream-numbered segments, else the estimated start frame.
    func frameOffset(firstSegmentFrame: Int) -> Int {
        guard let estimatedStartFrame else { return 0 }
        let margin = max(preSpeechFrames, 10)
        return firstSegmentFrame < estimatedStartFrame - margin ? estimatedStartFrame : 0
    }

    /// The time of a frame boundary in seconds.
    /// - Parameter frame: A stream frame number.
    /// - Returns: Seconds from the session's first sample.
    func seconds(frame: Int) -> Double {
        Double(frame) / Double(frameRate)
    }
}
