extension BatchTranscription {
    /// What a ``BatchTranscription`` tells: each file's start, events and result, in input order,
    /// and the progress of the whole batch.
    public enum Update: Sendable, Hashable {
        /// A file's session starts; its events follow.
        /// - Parameters:
        ///   - file: The file's index in ``BatchTranscription/paths``.
        ///   - path: Its path.
        case started(file: Int, path: String)
        /// An event of a file's session, as the session delivered it (progress events only when
        /// the batch's options report them).
        /// - Parameters:
        ///   - event: The event.
        ///   - file: The file's index.
        case event(DictationEvent, file: Int)
        /// A file's session has ended; the last update of the file.
        case finished(FileResult)
        /// How far the whole batch has come: after each file, and about once per second of each
        /// running file's audio.
        case progress(BatchProgress)
    }

    /// How one file of a batch went.
    public struct FileResult: Sendable, Hashable {
        /// The file's index in ``BatchTranscription/paths``.
        public var file: Int
        /// Its path.
        public var path: String
        /// The fatal error that ended its session (it was missing, damaged or not audio, or no
        /// model could be loaded); `nil` when it was transcribed to its end, or up to a
        /// ``BatchTranscription/stop()``.
        public var error: DictationError?
        /// Seconds of its audio that were read.
        public var audioDuration: Double

        /// Creates a file's result.
        /// - Parameters:
        ///   - file: The file's index.
        ///   - path: Its path.
        ///   - error: The fatal error that ended it, if any.
        ///   - audioDuration: Seconds of audio read.
        public init(file: Int, path: String, error: DictationError?, audioDuration: Double) {
            self.file = file
            self.path = path
            self.error = error
            self.audioDuration = audioDuration
        }

        /// Whether the file was transcribed without a fatal error.
        public var succeeded: Bool { error == nil }
    }
}
