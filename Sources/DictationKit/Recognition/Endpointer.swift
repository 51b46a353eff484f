/// Cuts the session's audio into utterances from the voice activity the preprocessing chain
/// reports: speech opens an utterance with a pre-roll, trailing silence closes it, and speech
/// longer than the maximum is split where the speaker paused.
///
/// Positions are sample indices at the recognizer's rate, counted from the session's first
/// sample. The endpointer holds audio only while no utterance is open (the pre-roll), after speech
/// has paused for longer than the kept silence (until the pause ends the utterance or speech
/// resumes) and, near the maximum length, while it looks for a pause to split at; otherwise audio
/// goes straight on to the recognizer, so partials are as prompt as the audio.
///
/// An utterance's audio ends ``EndpointingOptions/keptSilence`` after its last speech, although
/// the decision that it ended waits for the whole ``EndpointingOptions/trailingSilence``. So once
/// the kept silence has passed, the utterance's audio is known if the pause goes on: the
/// endpointer says so (``Action/mayEnd(audioEnd:)``), and a decoder that searches utterances whole
/// can start on them while the rest of the trailing silence is still being waited for.
struct Endpointer {
    /// What the session should do with the decoder.
    enum Action: Equatable {
        /// Open an utterance whose audio starts at `audioStart`; the speech was detected at `speechStart`.
        case begin(audioStart: Int, speechStart: Int)
        /// Decode these samples of the open utterance.
        case audio([Float])
        /// The open utterance's audio, as given so far, ends here if the pause that began goes on
        /// for the rest of the trailing silence; until then no more audio comes. More audio (the
        /// speaker went on) means it did not end here.
        case mayEnd(audioEnd: Int)
        /// Close the utterance: its speech ended at `speechEnd`, its audio at `audioEnd`.
        case end(speechEnd: Int, audioEnd: Int, reason: EndReason)
    }

    /// Why an utterance ended.
    enum EndReason: String, Equatable {
        case silence
        case maximumLength = "maximum length"
        case endOfAudio = "end of audio"
    }

    private struct OpenUtterance {
        var start: Int
        var lastSpeechEnd: Int
        /// Whether audio is held back while a pause to split at is looked for.
        var holding = false
        /// The frames judged while holding: the places a split may go.
        var splitCandidates: [VoiceActivityFrame] = []
        /// Where the audio ends if the pause after the last speech ends the utterance: the kept
        /// silence after it. Set once the kept silence has passed; audio after it is held back.
        var tentativeEnd: Int?
    }

    private let trailingSilence: Int
    private let keptSilence: Int
    private let maxUtterance: Int
    private let preRoll: Int
    private let splitWindow: Int

    /// Samples received and not yet handed on; `pending[0]` is sample `pendingStart`.
    private var pending: [Float] = []
    private var pendingStart = 0
    private var open: OpenUtterance?
    /// Where the last utterance's audio ended; the next one never reaches back before it.
    private var lastUtteranceEnd = 0
    /// The end of the last frame judged.
    private var judgedUpTo = 0

    /// - Parameters:
    ///   - options: Trailing silence, maximum length and pre-roll.
    ///   - sampleRate: The recognizer's sample rate.
    init(options: EndpointingOptions, sampleRate: Int) {
        let rate = Double(sampleRate)
        trailingSilence = Int(options.trailingSilence * rate)
        keptSilence = min(Int(options.keptSilence * rate), trailingSilence)
        maxUtterance = Int(options.maxUtteranceDuration * rate)
        preRoll = Int(options.preRoll * rate)
        splitWindow = min(Int(EndpointingOptions.splitSearchWindow * rate), maxUtterance / 2)
    }

    /// Takes the next samples and the verdicts on frames they completed.
    /// - Parameters:
    ///   - samples: The next samples of the stream.
    ///   - activity: Verdicts on frames, in order; each lies within the samples received so far.
    /// - Returns: What to do with the decoder, in order.
    mutating func push(_ samples: [Float], activity: [VoiceActivityFrame]) -> [Action] {
        pending.append(contentsOf: samples)
        var actions: [Action] = []
        for frame in activity {
            judge(frame, into: &actions)
        }
        if let open, !open.holding, open.tentativeEnd == nil {
            release(upTo: pendingEnd, into: &actions)
        } else if open == nil {
            // Keep only what a pre-roll can reach: the next onset is at or after `judgedUpTo`.
            discard(upTo: max(lastUtteranceEnd, judgedUpTo - preRoll))
        }
        return actions
    }

    /// Ends the stream, or the part of it before a pause: an open utterance gets the audio held for
    /// it and is closed; the pre-roll kept for the next utterance is dropped.
    /// - Returns: The last actions.
    mutating func finish() -> [Action] {
        guard let utterance = open else {
            // The stream may go on after a pause: a later onset must not reach back before it.
            discard(upTo: pendingEnd)
            lastUtteranceEnd = pendingEnd
            return []
        }
        var actions: [Action] = []
        // After a pause the utterance ends where a pause ends it; the silence held after it is
        // dropped with the pre-roll.
        let end = utterance.tentativeEnd ?? pendingEnd
        release(upTo: end, into: &actions)
        actions.append(.end(speechEnd: max(utterance.start, utterance.lastSpeechEnd), audioEnd: end, reason: .endOfAudio))
        lastUtteranceEnd = end
        open = nil
        discard(upTo: pendingEnd)
        return actions
    }

    // MARK: - Judging frames

    private var pendingEnd: Int { pendingStart + pending.count }

    private mutating func judge(_ frame: VoiceActivityFrame, into actions: inout [Action]) {
        judgedUpTo = max(judgedUpTo, frame.endSample)
        guard var utterance = open else {
            guard frame.isSpeech else { return }
            let start = max(frame.startSample - preRoll, lastUtteranceEnd, pendingStart)
            discard(upTo: start)
            open = OpenUtterance(start: start, lastSpeechEnd: frame.endSample)
            actions.append(.begin(audioStart: start, speechStart: max(start, frame.startSample)))
            return
        }
        if frame.isSpeech {
            utterance.lastSpeechEnd = frame.endSample
            // The speaker went on: the held silence is part of the utterance after all.
            if utterance.tentativeEnd != nil, !utterance.holding { release(upTo: frame.startSample, into: &actions) }
            utterance.tentativeEnd = nil
        } else {
            let silence = frame.endSample - utterance.lastSpeechEnd
            if silence >= trailingSilence {
                close(
                    at: utterance.tentativeEnd ?? frame.endSample, speechEnd: utterance.lastSpeechEnd, reason: .silence,
                    into: &actions)
                return
            }
            if utterance.tentativeEnd == nil, !utterance.holding, silence >= keptSilence {
                release(upTo: frame.endSample, into: &actions)
                let audioEnd = max(frame.endSample, pendingStart)
                utterance.tentativeEnd = audioEnd
                actions.append(.mayEnd(audioEnd: audioEnd))
            }
        }
        let length = frame.endSample - utterance.start
        if length >= maxUtterance - splitWindow {
            if !utterance.holding {
                // From here on audio waits, so the split can still go before it.
                release(upTo: frame.startSample, into: &actions)
                utterance.holding = true
                utterance.tentativeEnd = nil
            }
            utterance.splitCandidates.append(frame)
        }
        open = utterance
        if length >= maxUtterance {
            split(utterance, into: &actions)
        }
    }

    /// Splits long speech at the quietest frame of the window: most likely a gap between words.
    private mutating func split(_ utterance: OpenUtterance, into actions: inout [Action]) {
        let candidates = utterance.splitCandidates
        // Of equally quiet frames the latest wins, so that the utterance is as long as allowed.
        guard let quietest = candidates.indices.reversed().min(by: { candidates[$0].level < candidates[$1].level })
        else { return }
        let point = candidates[quietest].startSample + candidates[quietest].sampleCount / 2
        close(at: point, speechEnd: point, reason: .maximumLength, into: &actions)
        // Speech goes on: the next utterance starts right where this one ended, and whatever
        // audio was held after the split point goes to it.
        open = OpenUtterance(start: point, lastSpeechEnd: max(point, utterance.lastSpeechEnd))
        actions.append(.begin(audioStart: point, speechStart: point))
        release(upTo: pendingEnd, into: &actions)
    }

    private mutating func close(at end: Int, speechEnd: Int, reason: EndReason, into actions: inout [Action]) {
        release(upTo: end, into: &actions)
        // Audio past the last judged frame may already have gone to the decoder; it belongs to
        // this utterance then.
        let audioEnd = max(end, pendingStart)
        actions.append(.end(speechEnd: speechEnd, audioEnd: audioEnd, reason: reason))
        lastUtteranceEnd = audioEnd
        open = nil
    }

    // MARK: - Held audio

    /// Hands on the pending samples before `position`.
    private mutating func release(upTo position: Int, into actions: inout [Action]) {
        let count = min(pending.count, position - pendingStart)
        guard count > 0 else { return }
        pendingStart += count
        if count == pending.count {
            // The usual case inside an utterance: everything goes, so the buffer itself is handed
            // on rather than copied and shifted.
            actions.append(.audio(pending))
            pending = []
        } else {
            actions.append(.audio(Array(pending[..<count])))
            pending.removeFirst(count)
        }
    }

    /// Drops the pending samples before `position`.
    private mutating func discard(upTo position: Int) {
        let count = min(pending.count, position - pendingStart)
        guard count > 0 else { return }
        pending.removeFirst(count)
        pendingStart += count
    }
}
