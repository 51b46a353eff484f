import DequeModule

/// Says how much of the audio a live source dropped was speech, by the session's one voice
/// activity verdict, and turns the source's reports of its losses (``AudioLoss``) into
/// ``DictationError/Code/captureOverrun`` warnings.
///
/// The session never hears the audio in a gap: the source dropped it before the run read it. It
/// judges the gap by what its detector heard on either side. A source that must shed audio sheds
/// the quietest first and keeps a margin of quiet next to anything loud (DictationCapture keeps
/// 0.3 s before and 0.5 s after), so a gap that took only silence lies between stretches the
/// detector hears as silence, while one that cut into speech (what goes only when nothing quieter
/// is left) has speech next to it on one side at least. So a gap counts as speech when the
/// detector heard speech within ``window`` of it on either side, in the recognizer's audio. A gap
/// before anything was heard has only an after, where the detector starts afresh and needs a
/// moment to learn the background: it counts as speech when the detector hears speech within
/// ``leadingWindow`` after it, the pre-roll a source keeps before loud audio when it sheds quiet
/// audio before it.
///
/// The run tells it, in order, what it read (``read(_:paused:)``: where the gaps are), where the
/// output of each block it preprocesses starts (``willProcess(blockStart:outputPosition:)``: where
/// a gap lies in the recognizer's audio), the verdicts that come out
/// (``processed(_:outputEnd:sampleRate:)``) and the source's reports (``report(_:)``). A report
/// is matched frame for frame, in stream order, with the gaps, and waits until those it covers are
/// judged: an episode can end while some of its gaps are still queued unread. Audio dropped while
/// the session was paused is not dictation, and never counts as speech; without a detector (a
/// processor that reports no voice activity) the warnings say nothing about speech.
struct AudioLossLedger {
    /// How far on either side of a gap, in seconds, speech makes the gap speech.
    static let window = 0.06
    /// How far after a gap at the start of the stream, in seconds, speech makes the gap speech:
    /// the endpointer's pre-roll, which a source keeps before loud audio.
    static let leadingWindow = EndpointingOptions().preRoll

    private enum Judgement {
        case pending, speech, silence, unheard
    }

    /// A stretch of dropped audio.
    private struct Gap {
        /// Frames dropped, at the source's rate.
        var frames: Int
        /// The stream position (source frames) where the audio after it starts.
        var end: Int
        /// Where it lies in the recognizer's audio (output samples), once the block after it is processed.
        var position: Int?
        var judgement: Judgement
    }

    private let sourceRate: Int
    private let judgesVoice: Bool
    /// The stream position (source frames) where the next buffer read should start.
    private var nextFrame = 0
    /// The gaps not yet matched with a report, in stream order.
    private var gaps = Deque<Gap>()
    private var reports = Deque<AudioLoss>()
    /// The verdicts that may still decide a gap.
    private var verdicts = Deque<VoiceActivityFrame>()
    /// The end of the last verdict.
    private var judgedUpTo = 0
    /// The end of the output so far.
    private var outputEnd = 0
    /// ``window`` and ``leadingWindow`` in output samples, once the output's rate is known.
    private var windowSamples = 0
    private var leadingWindowSamples = 0

    /// - Parameters:
    ///   - sourceRate: The source's sample rate.
    ///   - judgesVoice: Whether the processor reports voice activity.
    init(sourceRate: Int, judgesVoice: Bool) {
        self.sourceRate = max(sourceRate, 1)
        self.judgesVoice = judgesVoice
    }

    /// Takes note of a buffer read from the source, and of the gap before it, if there is one.
    /// - Parameters:
    ///   - frame: The buffer.
    ///   - paused: Whether the session was paused: the buffer is dropped, not preprocessed.
    mutating func read(_ frame: AudioFrame, paused: Bool) {
        guard frame.frameCount > 0 else { return }
        let start = position(of: frame.startTime)
        if start > nextFrame {
            let judgement: Judgement = paused ? .silence : judgesVoice ? .pending : .unheard
            append(Gap(frames: start - nextFrame, end: start, position: nil, judgement: judgement))
        }
        nextFrame = max(nextFrame, start + frame.frameCount)
    }

    /// Places the gaps that end where a block starts in the recognizer's audio.
    /// - Parameters:
    ///   - blockStart: The block's stream time, in seconds.
    ///   - outputPosition: Output samples produced before it.
    mutating func willProcess(blockStart: Double, outputPosition: Int) {
        let start = position(of: blockStart)
        for index in gaps.indices where gaps[index].judgement == .pending && gaps[index].position == nil {
            if gaps[index].end <= start { gaps[index].position = outputPosition }
        }
    }

    /// Takes the verdicts a block's preprocessing gave, and judges the gaps they decide.
    /// - Parameters:
    ///   - activity: The verdicts, in order.
    ///   - outputEnd: Output samples produced so far, this block's included.
    ///   - sampleRate: The output's rate.
    mutating func processed(_ activity: [VoiceActivityFrame], outputEnd: Int, sampleRate: Int) {
        if windowSamples == 0 {
            windowSamples = max(1, Int((Self.window * Double(sampleRate)).rounded()))
            leadingWindowSamples = max(windowSamples, Int((Self.leadingWindow * Double(sampleRate)).rounded()))
        }
        self.outputEnd = max(self.outputEnd, outputEnd)
        verdicts.append(contentsOf: activity)
        if let last = activity.last { judgedUpTo = max(judgedUpTo, last.endSample) }
        judgeGaps(atEnd: false)
    }

    /// Takes a source's report of an episode of losses.
    mutating func report(_ loss: AudioLoss) {
        reports.append(loss)
    }

    /// The warnings for the reports whose gaps are all judged, in order.
    mutating func takeWarnings() -> [DictationError] {
        takeWarnings(atEnd: false)
    }

    /// Judges the gaps left with what was heard, and gives the warnings of every report left.
    mutating func finish() -> [DictationError] {
        judgeGaps(atEnd: true)
        return takeWarnings(atEnd: true)
    }

    // MARK: -

    private func position(of time: Double) -> Int {
        Int((time * Double(sourceRate)).rounded())
    }

    private mutating func append(_ gap: Gap) {
        // A judged gap joins the one before it when they were judged alike, so that a long flood
        // of small drops stays a few entries.
        if gap.judgement != .pending, let last = gaps.last, last.judgement == gap.judgement {
            gaps[gaps.count - 1].frames += gap.frames
            gaps[gaps.count - 1].end = gap.end
        } else {
            gaps.append(gap)
        }
    }

    private mutating func judgeGaps(atEnd: Bool) {
        guard windowSamples > 0 || atEnd else { return }
        var judged = Deque<Gap>()
        var oldestPending: Int?
        while var gap = gaps.popFirst() {
            if gap.judgement == .pending {
                let position = gap.position ?? (atEnd ? outputEnd : nil)
                let after = position == 0 ? leadingWindowSamples : windowSamples
                if let position, atEnd || judgedUpTo >= position + after {
                    let heardSpeech = verdicts.contains {
                        $0.isSpeech && $0.endSample > position - windowSamples && $0.startSample < position + after
                    }
                    gap.judgement = heardSpeech ? .speech : .silence
                } else if let position {
                    oldestPending = min(oldestPending ?? position, position)
                }
            }
            if gap.judgement != .pending, let last = judged.last, last.judgement == gap.judgement {
                judged[judged.count - 1].frames += gap.frames
                judged[judged.count - 1].end = gap.end
            } else {
                judged.append(gap)
            }
        }
        gaps = judged
        // A gap not placed yet lies after everything produced so far.
        let needed = min(oldestPending ?? outputEnd, judgedUpTo, outputEnd) - windowSamples
        while let first = verdicts.first, first.endSample <= needed { verdicts.removeFirst() }
    }

    private mutating func takeWarnings(atEnd: Bool) -> [DictationError] {
        var warnings: [DictationError] = []
        while let loss = reports.first {
            var judgedFrames = 0
            for gap in gaps {
                guard gap.judgement != .pending, judgedFrames < loss.droppedFrames else { break }
                judgedFrames += gap.frames
            }
            guard judgedFrames >= loss.droppedFrames || atEnd else { break }
            reports.removeFirst()
            var remaining = loss.droppedFrames
            var speechFrames = 0
            var heardFrames = 0
            while remaining > 0, var gap = gaps.first, gap.judgement != .pending {
                let taken = min(remaining, gap.frames)
                if gap.judgement == .speech { speechFrames += taken }
                if gap.judgement != .unheard { heardFrames += taken }
                remaining -= taken
                gap.frames -= taken
                if gap.frames == 0 { gaps.removeFirst() } else { gaps[0] = gap }
            }
            let rate = Double(sourceRate)
            warnings.append(
                .captureOverrun(
                    droppedSeconds: Double(loss.droppedFrames) / rate,
                    speechSeconds: heardFrames > 0 || loss.droppedFrames == 0 ? Double(speechFrames) / rate : nil,
                    deviceOverruns: loss.deviceOverruns, device: loss.device))
        }
        return warnings
    }
}
