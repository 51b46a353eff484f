extension AudioDecodingWorker {
    /// What one worker may use before it is stopped and its file refused as undecodable.
    ///
    /// The address space and the CPU time are the kernel's limits (`setrlimit(2)`), set on the
    /// worker before it is given a byte of the file; the stall and the length of the audio are
    /// watched by the reader. Core dumps are always off: a worker that crashes on a hostile file
    /// leaves nothing behind.
    public struct Limits: Sendable, Hashable {
        /// The most virtual memory the worker may map, in bytes (`RLIMIT_AS`); allocations past
        /// it fail. About 1 GiB by default: `dictate`'s worker maps about 300 MiB before it reads a
        /// byte (its libraries and thread stacks), and a decoder needs a few MiB beside the file.
        public var addressSpaceBytes: Int
        /// The most CPU time the worker may use, in seconds (`RLIMIT_CPU`). 120 by default:
        /// decoding takes about a second per hour of MP3 or Ogg Vorbis on one core, so only a
        /// decoder in a loop reaches it.
        public var cpuSeconds: Int
        /// The longest the reader waits for the worker's next piece of audio, in seconds, while
        /// the session wants it; 30 by default. A worker blocked because the session is slow to
        /// read is not stalled: its clock runs only while it is awaited.
        public var stallSeconds: Double
        /// The most audio a file may decode to, in seconds; `nil`, the default, sets no bound
        /// (a session's `maxDuration` ends it anyway). Bounds a file that decodes to far more
        /// audio than its size suggests.
        public var maxDecodedSeconds: Double?

        /// Sets the limits.
        /// - Parameters:
        ///   - addressSpaceBytes: Virtual memory, 1 GiB by default.
        ///   - cpuSeconds: CPU time, 120 s by default.
        ///   - stallSeconds: The longest wait for the next piece of audio, 30 s by default.
        ///   - maxDecodedSeconds: The most audio, none by default.
        public init(
            addressSpaceBytes: Int = 1 << 30, cpuSeconds: Int = 120, stallSeconds: Double = 30,
            maxDecodedSeconds: Double? = nil
        ) {
            self.addressSpaceBytes = addressSpaceBytes
            self.cpuSeconds = cpuSeconds
            self.stallSeconds = stallSeconds
            self.maxDecodedSeconds = maxDecodedSeconds
        }
    }
}
