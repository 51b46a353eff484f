import DictationKit

/// Audio held in memory, encoded as a file would be, decoded in a worker process of its own: an
/// upload from a client nobody vouches for.
///
/// The same formats as ``AudioDataSource``, read by the same code, with the same errors for a
/// damaged file; but the decoding runs in the process ``AudioDecodingWorker`` describes, one per
/// session, under its ``AudioDecodingWorker/Limits``. What a hostile file does to a C decoder
/// (a leak, a loop, a crash) stays in that process: a worker that dies, stalls or runs past a
/// limit is an ``DictationError/Code/invalidAudio`` error saying that the file could not be
/// decoded safely, and this process goes on. Starting a worker costs a few milliseconds and a few
/// MiB for its life.
///
/// ```swift
/// let worker = AudioDecodingWorker(executablePath: "/usr/bin/dictate", arguments: ["decode-audio-worker"])
/// let session = DictationSession(
///     source: WorkerAudioDataSource(bytes: upload, worker: worker),
///     preprocessing: StandardPreprocessing(),
///     recognizer: PocketSphinxRecognizer())
/// ```
public struct WorkerAudioDataSource: AudioSource {
    /// The encoded audio.
    public var bytes: [UInt8]
    /// The worker that decodes it.
    public var worker: AudioDecodingWorker

    /// Describes encoded audio in memory, to be decoded by `worker`.
    /// - Parameters:
    ///   - bytes: The whole file, as it would be on disk; its format is recognized by content.
    ///   - worker: How to run the decoding process.
    public init(bytes: [UInt8], worker: AudioDecodingWorker) {
        self.bytes = bytes
        self.worker = worker
    }

    /// Starts the worker, hands it the bytes and reads the format it found. The audio is read as
    /// fast as the worker decodes it.
    /// - Returns: A reader positioned at the first sample; its `AudioReader.expectedDuration` is
    ///   set when the format tells the length.
    /// - Throws: `DictationError.Code.invalidAudio` for audio ``AudioDataSource`` would refuse
    ///   (with its message), and for a worker that crashed, stalled or ran past a limit;
    ///   `DictationError.Code.resourcesExhausted` or `DictationError.Code.invalidConfiguration`
    ///   when the worker could not be started.
    public func open() throws(DictationError) -> any AudioReader {
        try WorkerAudioReader(bytes: bytes, worker: worker)
    }
}
