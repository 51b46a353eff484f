import DictationKit

/// Reads the audio a decoding worker decodes: the file goes in when the reader opens, the
/// format is the worker's first record, and each ``read(maxFrames:)`` hands out the samples of
/// its records. The worker is killed and reaped at ``close()`` (or when the reader goes),
/// whether it finished or not.
final class WorkerAudioReader: AudioReader {
    let format: AudioFormat
    let expectedDuration: Double?

    private let connection: WorkerConnection
    private let interruption: ReadInterruption
    /// The most frames the file may decode to, from ``AudioDecodingWorker/Limits/maxDecodedSeconds``.
    private let maxFrames: Int64?
    private let maxDecodedSeconds: Double
    /// Samples of the last record not handed out yet, from `pendingStart` on.
    private var pending: [Float] = []
    private var pendingStart = 0
    private var framesDelivered: Int64 = 0
    private var framesReceived: Int64 = 0
    private var isAtEnd = false

    /// Starts the worker, gives it the file and reads the format it found.
    /// - Throws: The worker's error for the file (as ``AudioDataSource`` would throw it), an
    ///   ``DictationError/Code/invalidAudio`` error when the worker failed, or the error starting
    ///   it. Nothing holds the reader while it opens, so the wait for the format is bounded by
    ///   the stall limit only.
    init(bytes: [UInt8], worker: AudioDecodingWorker) throws(DictationError) {
        interruption = try ReadInterruption()
        let process = try WorkerProcess.start(worker)
        connection = WorkerConnection(process: process, interruption: interruption, limits: worker.limits)
        maxDecodedSeconds = worker.limits.maxDecodedSeconds ?? .infinity
        let first: WorkerRecord
        do throws(WorkerConnection.Outcome) {
            try connection.send(bytes)
            first = try connection.nextRecord()
        } catch {
            throw Self.error(for: error)
        }
        switch first {
        case .format(let rate, let channels, let duration):
            let format = AudioFormat(sampleRate: rate, channelCount: channels, encoding: .float32)
            try format.validateReadable(origin: .fileHeader)
            self.format = format
            expectedDuration = duration
            maxFrames = worker.limits.maxDecodedSeconds.map { Int64(($0 * Double(rate)).rounded(.up)) }
        case .failure(let error):
            throw error
        case .samples, .end:
            throw WorkerProblem.garbled(.outOfOrder("samples or end")).error
        }
    }

    deinit {
        connection.process.stop()
    }

    func read(maxFrames requested: Int) throws(DictationError) -> AudioFrame? {
        let channels = format.channelCount
        while pendingStart >= pending.count {
            guard !isAtEnd, !interruption.isInterrupted else { return nil }
            let record: WorkerRecord
            do throws(WorkerConnection.Outcome) {
                record = try connection.nextRecord()
            } catch {
                switch error {
                case .interrupted: return nil
                case .failed(let problem):
                    isAtEnd = true
                    throw problem
                }
            }
            switch record {
            case .samples(let samples):
                guard samples.count % channels == 0 else {
                    isAtEnd = true
                    throw WorkerProblem.garbled(.malformed("samples")).error
                }
                framesReceived += Int64(samples.count / channels)
                if let maxFrames, framesReceived > maxFrames {
                    isAtEnd = true
                    connection.process.stop()
                    throw WorkerProblem.tooLong(seconds: maxDecodedSeconds).error
                }
                pending = samples
                pendingStart = 0
            case .end:
                isAtEnd = true
                return nil
            case .failure(let error):
                // Damaged part-way through: the frames before were delivered, as from a file.
                isAtEnd = true
                throw error
            case .format:
                isAtEnd = true
                throw WorkerProblem.garbled(.outOfOrder("format")).error
            }
        }
        let frames = min(max(requested, 1), (pending.count - pendingStart) / channels)
        let end = pendingStart + frames * channels
        let samples = Array(pending[pendingStart..<end])
        pendingStart = end
        let startTime = Double(framesDelivered) / Double(format.sampleRate)
        framesDelivered += Int64(frames)
        return AudioFrame(samples: samples, sampleRate: format.sampleRate, channelCount: channels, startTime: startTime)
    }

    func interrupt() {
        interruption.interrupt()
    }

    /// Nothing: the worker's problems end the audio, thrown from ``read(maxFrames:)``.
    func takeEvents() -> [DictationEvent] { [] }

    func close() {
        connection.process.stop()
    }

    private static func error(for outcome: WorkerConnection.Outcome) -> DictationError {
        switch outcome {
        case .failed(let error): error
        // Nothing can interrupt a reader being opened (no one holds it yet): a bug if it happens.
        case .interrupted: .internal("a decoding worker's reader was interrupted before it was opened")
        }
    }
}
