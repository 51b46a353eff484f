import Foundation
import Logging

/// The audio thread's loop: read a buffer from the source, cut it into blocks, preprocess each,
/// hand it to the decoders, deliver what they learnt; and between buffers, carry out what other
/// threads asked (pause, resume, commit) and decide whether the run ends by itself.
struct RunLoop {
    private let input: RunInput
    private let processor: any AudioProcessor
    private let feed: DecoderFeed
    private let delivery: EventDelivery
    private let control: RunControl
    private let options: DictationOptions
    private let metrics: SessionMetrics
    private let logger: Logger
    /// When the run began listening, for the lag of live audio (see ``wantsPartials(for:)``).
    private let listeningSince = ContinuousClock.now
    /// 100 ms per read: small enough for prompt partials, large enough to keep calls cheap.
    private let framesPerRead: Int
    private var blocker: AudioBlocker
    private var timeouts: SessionTimeouts
    /// How much of the audio the source dropped was speech, for a source that reports its losses.
    private var losses: AudioLossLedger?
    /// Samples the processor has put out so far: where the next block's output starts.
    private var outputSamples = 0
    /// How far into the source's stream the audio read so far reaches, in seconds: what was
    /// captured, whether or not all of it could be kept, pauses included.
    private(set) var captured = 0.0
    /// Seconds of audio preprocessed: the time base of the endpointer's speech times.
    private var processed = 0.0
    private var lastProgress = -1.0
    private var endedByTimeout = false
    private(set) var paused = false
    private var decoderFailures = 0

    /// How many decoder failures in a row, with no final delivered in between, end the run.
    static let tolerableDecoderFailures = 2

    /// How far the audio thread may be behind a live source and still show partials: beyond it,
    /// the partial decoder skips the rest of the utterance and the final pass alone decodes it.
    static let partialLagLimit = Duration.seconds(2)

    init(
        input: RunInput, processor: any AudioProcessor, feed: DecoderFeed, delivery: EventDelivery,
        control: RunControl, options: DictationOptions, metrics: SessionMetrics, logger: Logger
    ) {
        self.input = input
        self.processor = processor
        self.feed = feed
        self.delivery = delivery
        self.control = control
        self.options = options
        self.metrics = metrics
        self.logger = logger
        framesPerRead = max(1, input.format.sampleRate / 10)
        blocker = AudioBlocker(format: input.format)
        timeouts = SessionTimeouts(options: options)
        if input.reportsLosses {
            losses = AudioLossLedger(sourceRate: input.format.sampleRate, judgesVoice: processor.detectsVoiceActivity)
        }
    }

    /// Whether the run heard speech at any time.
    var heardSpeech: Bool { timeouts.heardSpeech }

    /// Reads and decodes until the audio ends: the source ran out, the run was stopped or
    /// cancelled, or it ended by itself. After stop() the reader hands over what it already
    /// captured and then ends, so the loop runs on to its end; only cancel() leaves at once.
    /// - Returns: The read error that ended the audio, to report after what was read before it.
    /// - Throws: A fatal ``DictationError`` (decoding failed).
    mutating func readToEnd() throws(DictationError) -> DictationError? {
        while !control.isCancelled {
            if let requests = control.takeRequests() {
                try carryOut(requests)
            }
            do {
                guard try paused ? waitWhilePaused() : readAndDecode() else { break }
            } catch {
                // Keep what was read before the fault: decode it, deliver its final, then report.
                return error
            }
            if let failure = feed.failure { throw failure }
        }
        return nil
    }

    /// Decodes what the filters and the decoders still hold, and waits for the last final.
    mutating func finishAudio() throws(DictationError) {
        if !paused {
            // The block being filled and what the filters still hold.
            let last =
                blocker.flush()
                ?? AudioFrame(
                    samples: [], sampleRate: input.format.sampleRate, channelCount: input.format.channelCount,
                    startTime: captured)
            try decode(last, last: true)
        }
        try finishUtterance()
        finishLossReports()
        delivery.emit(.progress(processed: captured, total: input.reader.expectedDuration))
    }

    /// Delivers a warning for each loss the source reported, with what was heard of it, those
    /// whose gaps could not all be heard included. Called once the audio ends.
    mutating func finishLossReports() {
        guard var ledger = losses else { return }
        for loss in input.takeLosses() { ledger.report(loss) }
        for warning in ledger.finish() { delivery.emit(.error(warning)) }
        losses = ledger
    }

    // MARK: - Requests

    private mutating func carryOut(_ requests: RunControl.Requests) throws(DictationError) {
        if requests.wantsPause != paused {
            paused = requests.wantsPause
            // A soft stop: what was heard up to now is decoded and delivered.
            if paused { try finishUtterance() }
            change(to: paused ? .paused : .listening)
        }
        if requests.commit {
            change(to: .processing)
            try finishUtterance()
            delivery.commitBlock()
            change(to: paused ? .paused : .listening)
        }
        control.carriedOut(requests)
    }

    /// Nothing is dictated until resume(); stop() ends the run from here. A live device is kept
    /// drained, since what is said while paused is not dictation; a file simply waits.
    /// - Returns: Whether the run goes on.
    private mutating func waitWhilePaused() throws(DictationError) -> Bool {
        if control.isStopRequested { return false }
        if input.reader.isLive {
            guard let frame = try input.read(maxFrames: framesPerRead) else { return false }
            losses?.read(frame, paused: true)
            deliverLossWarnings()
            return true
        }
        control.waitForRequest()
        return true
    }

    // MARK: - The data flow

    /// Reads one buffer and takes it through the session.
    /// - Returns: Whether the audio goes on.
    private mutating func readAndDecode() throws(DictationError) -> Bool {
        guard var frame = try input.read(maxFrames: framesPerRead) else { return false }
        // No audio came (a suspended source): only a chance to take requests.
        if frame.samples.isEmpty { return true }
        losses?.read(frame, paused: false)
        defer { deliverLossWarnings() }
        metrics.audioRead(frame)
        captured = max(captured, min(frame.startTime + frame.duration, options.maxDuration ?? .infinity))
        if let limit = options.maxDuration {
            // The session is as long as the audio captured, however much of it could be kept:
            // what lies past the limit is read (the source empties) but not used.
            if frame.startTime >= limit {
                endByItself(.maxDuration)
                return true
            }
            frame = frame.truncated(at: limit)
        }
        // The level of the audio as captured: before gain control and noise suppression change it.
        delivery.emit(.level(LevelMeter.measure(frame.samples).rms))
        for block in blocker.blocks(from: frame) {
            try decode(block)
            processed += block.duration
        }
        if captured - lastProgress >= 1 {
            lastProgress = captured
            delivery.emit(.progress(processed: captured, total: input.reader.expectedDuration))
        }
        if let reason = timeouts.reason(processed: processed, captured: captured) { endByItself(reason) }
        return true
    }

    /// Preprocesses and decodes a block (the last one with what the filters still hold), and
    /// delivers what the decoders learnt.
    private mutating func decode(_ block: AudioFrame, last: Bool = false) throws(DictationError) {
        let processingStart = metrics.now
        defer { metrics.processed(since: processingStart) }
        losses?.willProcess(blockStart: block.startTime, outputPosition: outputSamples)
        var converted = try processor.process(block)
        if last {
            let tail = try processor.flush()
            converted.samples += tail.samples
            converted.voiceActivity += tail.voiceActivity
        }
        outputSamples += converted.frameCount
        losses?.processed(converted.voiceActivity, outputEnd: outputSamples, sampleRate: converted.sampleRate)
        do {
            try deliver(feed.process(converted, showingPartials: wantsPartials(for: block)))
        } catch {
            // One utterance the decoder failed on is reported and dropped; the session goes
            // on with the next. Only failures that keep coming end it, and a configuration the
            // next utterance would fail on as well (a remote recognizer's wrong URL) at once.
            decoderFailures += 1
            guard decoderFailures <= Self.tolerableDecoderFailures, error.code != .invalidConfiguration else {
                throw error.asFatal
            }
            logger.debug("decoder failed; dropping the utterance", metadata: ["code": "\(error.code)"])
            delivery.emit(.error(error.asNonFatal))
            feed.abandonUtterance()
        }
        reportNotices()
    }

    /// Delivers a warning for each loss the source reported whose gaps have been heard around.
    private mutating func deliverLossWarnings() {
        guard var ledger = losses else { return }
        for loss in input.takeLosses() { ledger.report(loss) }
        for warning in ledger.takeWarnings() { delivery.emit(.error(warning)) }
        losses = ledger
    }

    /// Delivers what the decoder got over, as errors that don't end the session.
    private func reportNotices() {
        for notice in feed.takeNotices() { delivery.emit(.error(notice.asNonFatal)) }
    }

    /// Ends the open utterance and waits until its final, and every final before it, is delivered
    /// (kept in the history first, when the session has one).
    private mutating func finishUtterance() throws(DictationError) {
        defer { reportNotices() }
        deliver(try feed.finish())
        feed.drain()
        delivery.waitUntilDelivered()
        if let failure = feed.failure { throw failure }
    }

    /// The one way what the audio thread learnt reaches the consumer, after the timeouts saw it.
    private mutating func deliver(_ updates: [DecoderFeed.Update]) {
        for (update, utterance) in updates {
            timeouts.observe([update])
            // A final here is a self-segmenting decoder's: the decoder is healthy again.
            if delivery.emit([update], utterance: utterance) { decoderFailures = 0 }
        }
    }

    /// Ends the run like stop(): what the source already captured is still decoded.
    private mutating func endByItself(_ reason: SessionTimeouts.Reason) {
        guard !endedByTimeout else { return }
        endedByTimeout = true
        logger.debug("session ends by itself", metadata: ["reason": "\(reason.rawValue)"])
        input.reader.interrupt()
    }

    private func change(to state: DictationState) {
        SessionRun.change(control, delivery, to: state)
    }

    /// Whether partials are wanted for a block: not while the audio thread is far behind a live
    /// source, so that it catches up.
    ///
    /// Audio captured while the models loaded (capture runs from the start) counts as captured
    /// when the session began listening: that backlog is no sign of a machine too slow to keep
    /// up, and the first words someone says as the session starts deserve their partials too.
    private func wantsPartials(for block: AudioFrame) -> Bool {
        guard options.reports.contains(.partials) else { return false }
        guard let captured = block.captureTime else { return true }
        return ContinuousClock.now - max(captured, listeningSince) <= Self.partialLagLimit
    }
}
