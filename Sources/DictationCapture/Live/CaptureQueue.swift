import DictationKit

/// The bounded queue between a capture thread and its session's reader: captured periods with
/// their timestamps and how loud each is (``CaptureLoudness``), and the flags that end the
/// reader's audio.
///
/// A live device can't be asked to wait, so the queue holds at most `capacityFrames`
/// (``ALSACaptureSource/bufferSeconds`` of audio) and, when the reader falls further behind,
/// sheds audio, the quietest first, so that what was said survives:
///
/// 1. The oldest quiet period goes, unless it lies in the margin kept next to loud audio: the
///    ``Margins/before`` (the endpointer's 0.3 s pre-roll, which holds the start of a word the
///    session's detector confirms only a few frames in) before a loud period, and the
///    ``Margins/after`` (0.5 s: quiet word endings, and the quiet the session needs beside a gap
///    to tell that it took no speech) after one. Whole periods go; the head period goes with
///    whatever of it the reader has not taken.
/// 2. Only when no such quiet is queued does the oldest audio go, whatever it is, as many frames
///    as are over the capacity: the newest is what the speaker is saying now.
///
/// Dropped audio keeps its place in the stream: a period's `startTime` is its position in what the
/// device delivered, so the reader sees a gap where audio was dropped. Every dropped frame is
/// counted, and each episode of losses (``OverrunEpisode``) is reported once the reader has caught
/// up or capture has ended; nothing is dropped silently. Whether what went was speech the queue
/// does not say: the session judges each gap with its own voice activity detector.
///
/// A value type guarded by ``CaptureChannel``'s lock; it never blocks, and an append costs
/// little more than the array append (the search for quiet audio to shed resumes where it stopped).
struct CaptureQueue {
    /// What a reader gets from the queue.
    enum Take {
        case frame(AudioFrame)
        case failure(DictationError)
        case end
    }

    /// How loud a captured period is, and so how readily it is shed.
    enum PeriodKind: Equatable {
        /// Loud: shed only when nothing else can be.
        case loud
        /// Quiet, away from loud audio: shed first.
        case quiet
        /// Quiet, but within the margin next to loud audio: kept like loud audio.
        case margin
    }

    /// The quiet kept next to loud audio, in frames.
    struct Margins: Equatable, Sendable {
        /// Kept before a loud period.
        var before = 0
        /// Kept after a loud period.
        var after = 0
    }

    private(set) var sampleRate = 16_000
    private(set) var channelCount = 1
    private(set) var capacityFrames = 1
    private var margins = Margins()

    /// Captured periods with their capture times and kinds, in order.
    private var periods = InterleavedSampleQueue(channelCount: 1, labelledAs: PeriodKind.self)
    var queuedFrames: Int { periods.queuedFrames }

    /// Frames the device delivered, queued or not: the stream position of the next period.
    var capturedFrames: Int { periods.appendedSamples / channelCount }
    /// Where the last loud period ended in the stream, if there was one.
    private var lastLoudEnd: Int?
    /// No quiet audio that may be shed lies before this stream position: what the search for it
    /// has passed is loud or margin, which stays so.
    private var sheddableFrom = 0

    /// Frames dropped because the queue was full, since the start.
    private(set) var droppedFrames = 0
    /// Of ``droppedFrames``, those in loud periods.
    private(set) var droppedLoudFrames = 0
    /// Device overruns that were recovered from, since the start.
    private(set) var overruns = 0
    /// The losses since the reader last caught up, while it has not.
    private var openEpisode: OverrunEpisode?
    /// The stream position (``capturedFrames``) at the open episode's latest loss.
    private var lastLoss = 0
    /// Episodes that ended and are not reported yet, oldest first.
    private var endedEpisodes: [OverrunEpisode] = []

    /// The session stopped: nothing more is queued, and the reader ends once the queue is empty.
    private(set) var isStopping = false
    /// The error that ended capture, until the reader has been given it.
    private var failure: DictationError?
    private var failureDelivered = false
    /// The capture thread has finished and released its device.
    private(set) var captureEnded = false

    /// Sets the layout, bound and margins once the device is open.
    /// - Parameters:
    ///   - format: The negotiated layout.
    ///   - capacityFrames: The most frames held at once.
    ///   - margins: The quiet kept next to loud audio when shedding.
    mutating func configure(format: AudioFormat, capacityFrames: Int, margins: Margins) {
        sampleRate = max(format.sampleRate, 1)
        channelCount = max(format.channelCount, 1)
        self.capacityFrames = max(capacityFrames, 1)
        self.margins = Margins(before: max(margins.before, 0), after: max(margins.after, 0))
        periods = InterleavedSampleQueue(channelCount: channelCount, labelledAs: PeriodKind.self)
    }

    /// Queues a captured period, shedding audio beyond the capacity, the quietest first.
    /// - Parameters:
    ///   - samples: The period's interleaved samples.
    ///   - isLoud: Whether ``CaptureLoudness`` ranked it loud.
    ///   - captureTime: When its first frame was captured.
    /// - Returns: `false` when the session is stopping and the audio was discarded: it was
    ///   captured after `stop()`, so it doesn't belong to the session.
    mutating func append(_ samples: [Float], isLoud: Bool, captureTime: ContinuousClock.Instant) -> Bool {
        guard !isStopping else { return false }
        guard samples.count >= channelCount else { return true }
        // A device delivers whole frames; a stray partial one would shift every later channel.
        let whole = samples.count - samples.count % channelCount
        let start = capturedFrames
        let kind: PeriodKind
        if isLoud {
            kind = .loud
            // Right after loud audio the pre-roll was kept already, by the loud audio before.
            if lastLoudEnd != start { keepPreRoll(before: start) }
            lastLoudEnd = start + whole / channelCount
        } else if let end = lastLoudEnd, start < end + margins.after {
            kind = .margin
        } else {
            kind = .quiet
        }
        periods.append(
            whole == samples.count ? samples : Array(samples.prefix(whole)), time: captureTime, label: kind)
        shedExcess()
        return true
    }

    /// Counts a device overrun that capture recovered from; it starts an overrun episode, or adds
    /// to the open one. Once the session is stopping, the audio lost is no longer the session's.
    mutating func noteOverrun() {
        overruns += 1
        guard !isStopping, !captureEnded else { return }
        var episode = openEpisode ?? OverrunEpisode()
        episode.deviceOverruns += 1
        openEpisode = episode
        lastLoss = capturedFrames
    }

    /// Records the error that ended capture, unless the session is stopping (a stop can make a
    /// device fail, and that is no news to anyone).
    mutating func fail(_ error: DictationError) {
        guard !isStopping, failure == nil else { return }
        failure = error
        // Nothing more will be dropped, so the losses so far are the whole episode.
        endEpisode()
    }

    /// Marks the session as stopping: later audio is discarded, the queue is still delivered.
    mutating func stop() {
        isStopping = true
        // Nothing more will be dropped: the episode is over, and is reported even if the reader
        // never reads again.
        endEpisode()
    }

    /// Marks the capture thread as finished.
    mutating func endCapture() {
        captureEnded = true
        endEpisode()
    }

    /// Takes up to `maxFrames` frames (never across a gap of dropped audio), the failure once the
    /// audio before it is delivered, or the end.
    /// - Returns: `nil` while there is none of them: the reader waits.
    mutating func take(maxFrames: Int) -> Take? {
        if let taken = periods.take(maxFrames: maxFrames) {
            endEpisodeIfCaughtUp()
            return .frame(frame(from: taken))
        }
        endEpisodeIfCaughtUp()
        if let failure, !failureDelivered {
            failureDelivered = true
            return .failure(failure)
        }
        if isStopping || captureEnded { return .end }
        return nil
    }

    /// The overrun episodes that ended since the last call, oldest first.
    mutating func takeEndedEpisodes() -> [OverrunEpisode] {
        defer { endedEpisodes.removeAll() }
        return endedEpisodes
    }

    // MARK: - Shedding

    /// Marks the quiet audio queued within ``Margins/before`` of a loud period starting at `start`
    /// as margin.
    private mutating func keepPreRoll(before start: Int) {
        let from = start - margins.before
        // The period straddling `from` counts too: part of it is within the pre-roll.
        var position = max(periods.firstPosition(startingAtOrAfter: from) - 1, periods.bufferPositions.lowerBound)
        while position < periods.bufferPositions.upperBound {
            if let period = periods.buffer(at: position), period.endFrame > from, period.label == .quiet {
                periods.setLabel(.margin, at: position)
            }
            position += 1
        }
    }

    /// Drops audio until the queue is within its capacity: quiet audio outside the margins first,
    /// oldest first; then, when there is none, the oldest audio.
    private mutating func shedExcess() {
        while queuedFrames > capacityFrames {
            if let position = oldestSheddableQuiet() {
                recordDrop(frames: periods.removeBuffer(at: position), loudFrames: 0)
                continue
            }
            let excess = queuedFrames - capacityFrames
            var loudSamples = 0
            periods.discardOldest(frames: excess) { kind, samples in
                if kind == .loud { loudSamples += samples }
            }
            recordDrop(frames: excess, loudFrames: loudSamples / channelCount)
            return
        }
    }

    /// The position of the oldest queued quiet period outside the margins.
    private mutating func oldestSheddableQuiet() -> Int? {
        var position = periods.firstPosition(startingAtOrAfter: sheddableFrom)
        while position < periods.bufferPositions.upperBound {
            if let period = periods.buffer(at: position) {
                if period.label == .quiet {
                    sheddableFrom = period.startFrame
                    return position
                }
                // Loud audio and margin never become quiet: the next search starts after them.
                sheddableFrom = period.endFrame
            }
            position += 1
        }
        return nil
    }

    /// Counts dropped frames, in the totals and the open episode (which they start if none is).
    private mutating func recordDrop(frames: Int, loudFrames: Int) {
        guard frames > 0 else { return }
        droppedFrames += frames
        droppedLoudFrames += loudFrames
        var episode = openEpisode ?? OverrunEpisode()
        episode.droppedFrames += frames
        openEpisode = episode
        lastLoss = capturedFrames
    }

    // MARK: - Episodes

    /// Ends the open episode once the reader has caught up: it emptied the queue, or took it below
    /// half its capacity (a drop leaves it full, so the reader has taken more than came in since)
    /// with a second of audio come in since the last loss. A source that keeps flooding the queue
    /// (a device faster than real time) is one episode however often the reader halves it, not
    /// one per refill.
    private mutating func endEpisodeIfCaughtUp() {
        guard openEpisode != nil else { return }
        let quietSince = capturedFrames - lastLoss >= sampleRate
        guard queuedFrames == 0 || (queuedFrames * 2 < capacityFrames && quietSince) else { return }
        endEpisode()
    }

    private mutating func endEpisode() {
        guard let episode = openEpisode else { return }
        endedEpisodes.append(episode)
        openEpisode = nil
    }

    private func frame(from taken: InterleavedSampleQueue<PeriodKind>.Taken) -> AudioFrame {
        let lead = Double(taken.framesIntoBuffer) / Double(sampleRate)
        return AudioFrame(
            samples: taken.samples, sampleRate: sampleRate, channelCount: channelCount,
            startTime: Double(taken.startFrame) / Double(sampleRate),
            captureTime: taken.bufferTime.map { $0 + .seconds(lead) })
    }
}
