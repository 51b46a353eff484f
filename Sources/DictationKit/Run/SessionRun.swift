import Foundation
import Logging
import Metrics

/// One start-to-end run of a session: the audio thread and what other threads may ask of it.
///
/// The audio thread opens the source, loads the preprocessing and the decoders, runs the
/// ``RunLoop`` (read → preprocess → endpoint and decode → deliver) to the end of the audio, and
/// ends the stream. Everything it tells the consumer goes through one ``EventDelivery``, which
/// keeps the blocks and passes the events through the session's stages.
final class SessionRun: Sendable {
    private let source: any AudioSource
    private let preprocessing: any AudioPreprocessing
    private let recognizer: any SpeechRecognizer
    private let options: DictationOptions
    private let eventStages: [any DictationEventStage]
    private let transcriptStore: (any TranscriptStore)?
    private let logger: Logger
    private let metrics: SessionMetrics
    /// What other threads ask of the run.
    let control = RunControl()
    /// Where the run's events leave, and the keeper of its blocks.
    let delivery: EventDelivery
    /// The run's source when it records (see ``DictationSession/recordingPath``).
    let recordingSource: RecordingSource?

    init(
        source: any AudioSource, preprocessing: any AudioPreprocessing, recognizer: any SpeechRecognizer,
        eventStages: [any DictationEventStage], transcriptStore: (any TranscriptStore)?, options: DictationOptions,
        continuation: AsyncStream<DictationEvent>.Continuation, logger: Logger
    ) {
        self.source = source
        self.preprocessing = preprocessing
        self.recognizer = recognizer
        self.eventStages = eventStages
        self.transcriptStore = transcriptStore
        self.options = options
        self.logger = logger
        recordingSource = source as? RecordingSource
        // The app's metrics backend, or one bound with `withMetricsFactory` around `start()`.
        metrics = SessionMetrics(factory: MetricsSystem.factory, locale: options.locale)
        delivery = EventDelivery(continuation: continuation, options: options, metrics: metrics)
    }

    var isFinished: Bool { control.isFinished }

    /// Starts the audio thread. When the system refuses it, the run ends at once with the error,
    /// so that the stream still finishes.
    func launch() {
        do {
            // PocketSphinx's search keeps sizeable structures on the stack.
            try DedicatedThread.start(name: "DictationKit.audio", stackSize: 8 << 20) { [self] in run() }
        } catch {
            end(with: error)
            metrics.runEnded()
            finish()
        }
    }

    // MARK: - The audio thread

    private func run() {
        let startedAt = Date()
        defer { finish() }
        // Before finish() (defers run last first), so that metrics are in when the stream ends.
        defer { metrics.runEnded() }

        let input: RunInput
        do {
            input = RunInput(reader: try source.open(), control: control, delivery: delivery)
        } catch {
            end(with: error)
            return
        }
        // Every way out from here on releases the source (and finishes its recording).
        defer { input.release() }
        if control.isCancelled { return }

        let processor: any AudioProcessor
        let decoders: SessionDecoders
        do {
            processor = try ProcessorSetup.makeProcessor(
                preprocessing, input: input.format, outputSampleRate: recognizer.sampleRate, options: options)
            // ProcessorSetup made sure that the endpointer, if asked for, gets the chain's voice activity.
            let segmentation = options.endpointing.segmentation
            decoders = try SessionDecoders.load(
                recognizer: recognizer, options: options, segmentation: segmentation,
                sourceIsLive: input.reader.isLive, logger: logger)
        } catch {
            end(with: error)
            return
        }
        metrics.use(locale: decoders.main.locale)
        if let localeEvent = decoders.localeEvent { delivery.emit(localeEvent) }
        for note in decoders.notices { delivery.emit(.error(note)) }
        logger.debug(
            "session started",
            metadata: [
                "format": "\(input.format)", "locale": "\(decoders.main.locale)",
                "segmentation": "\(decoders.configuration.segmentation)", "passes": "\(decoders.partials == nil ? 1 : 2)",
            ])
        let feed: DecoderFeed
        do {
            feed = try DecoderFeed(
                decoders: decoders, recognizer: recognizer, options: options, sampleRate: recognizer.sampleRate,
                delivery: delivery, metrics: metrics, logger: logger)
        } catch {
            end(with: error)
            return
        }
        defer { feed.close() }
        let run = DictationRunInfo(startedAt: startedAt, locale: decoders.main.locale, requestedLocale: options.locale)
        delivery.startStages(
            eventStages.map { $0.makeProcessor(for: run) }, keepingIn: transcriptStore, run: run, logger: logger)
        Self.change(control, delivery, to: .listening)

        var loop = RunLoop(
            input: input, processor: processor, feed: feed, delivery: delivery, control: control, options: options,
            metrics: metrics, logger: logger)
        let readError: DictationError?
        do throws(DictationError) {
            readError = try loop.readToEnd()
            // Everything captured has been read: the microphone is free before the last decoding.
            input.release()
            if control.isCancelled {
                loop.finishLossReports()
                // Committed blocks stay; the one that was not committed is thrown away.
                delivery.discardBlock()
                Self.change(control, delivery, to: .idle)
                return
            }
            Self.change(control, delivery, to: .processing)
            try loop.finishAudio()
        } catch {
            end(with: error)
            return
        }
        if let readError {
            end(with: readError)
            return
        }
        if delivery.openBlockHasFinals { delivery.commitBlock() }
        Self.change(control, delivery, to: .idle)
        if !loop.heardSpeech {
            // As Apple's recognizer does: a session that heard nothing says so, without failing.
            delivery.emit(.error(.noSpeechDetected()))
        }
        logger.debug(
            "session finished", metadata: ["seconds": "\(loop.captured)", "utterances": "\(delivery.utteranceCount)"])
    }

    /// Ends the run on an error: the finals already delivered are committed, then the state
    /// the run ends in and the error itself are the last events.
    private func end(with error: DictationError) {
        if delivery.openBlockHasFinals { delivery.commitBlock() }
        Self.change(control, delivery, to: error.isFatal ? .error : .idle)
        delivery.emit(.error(error))
    }

    /// Moves the run to a state and says so.
    static func change(_ control: RunControl, _ delivery: EventDelivery, to state: DictationState) {
        guard control.runState != state else { return }
        control.setRunState(state)
        delivery.emit(.stateChanged(state))
    }

    private func finish() {
        delivery.finish()
        control.finish()
    }
}
