/// How far a ``BatchTranscription`` has come: files, audio, speed and the time still to go.
///
/// ```swift
/// case .progress(let progress):
///     print("\(progress.filesFinished)/\(progress.fileCount) files",
///           progress.realTimeFactor.map { "\($0)× wall/audio" } ?? "")
/// ```
public struct BatchProgress: Sendable, Hashable {
    /// How many files the batch was given.
    public var fileCount: Int
    /// How many files are done, those that failed included.
    public var filesFinished: Int
    /// How many of the finished files ended with a fatal error.
    public var filesFailed: Int
    /// Seconds of audio read so far: all of each finished file and what the running sessions
    /// have read of theirs (reading runs a little ahead of decoding).
    public var audioProcessed: Double
    /// Wall-clock seconds since the batch started.
    public var elapsed: Double
    /// The time the files not finished yet are expected to take, in seconds: the audio known to
    /// be left (the rest of each running file, whose length its reader announces, and, for each
    /// file not started, the mean length of the files seen so far) at the speed so far. `nil`
    /// until the first second of audio has been read.
    public var estimatedTimeRemaining: Double?

    /// Creates a progress report.
    /// - Parameters:
    ///   - fileCount: The files in the batch.
    ///   - filesFinished: The files done.
    ///   - filesFailed: The files that failed.
    ///   - audioProcessed: Seconds of audio read.
    ///   - elapsed: Wall-clock seconds since the start.
    ///   - estimatedTimeRemaining: Seconds expected to go, if known.
    public init(
        fileCount: Int, filesFinished: Int = 0, filesFailed: Int = 0, audioProcessed: Double = 0, elapsed: Double = 0,
        estimatedTimeRemaining: Double? = nil
    ) {
        self.fileCount = fileCount
        self.filesFinished = filesFinished
        self.filesFailed = filesFailed
        self.audioProcessed = audioProcessed
        self.elapsed = elapsed
        self.estimatedTimeRemaining = estimatedTimeRemaining
    }

    /// Wall-clock time per second of audio so far (``elapsed`` / ``audioProcessed``): 0.1 means
    /// ten times faster than real time. `nil` before any audio was read.
    public var realTimeFactor: Double? {
        audioProcessed > 0 ? elapsed / audioProcessed : nil
    }
}
