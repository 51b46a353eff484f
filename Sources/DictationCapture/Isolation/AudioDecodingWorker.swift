/// How to run a process that decodes audio apart from this one: a program that reads an encoded
/// file on its standard input and writes the decoded audio to its standard output, as
/// ``AudioDecodingWorker/serveStandardStreams()`` does.
///
/// A damaged or hostile file can make a C decoder leak, spin or crash (libsndfile 1.2.0 leaks
/// about 5.8 KB for every Ogg file it fails to open). Decoded in a worker, one process per file,
/// the leak dies with the worker and a crash is one coded error for that file: the process that
/// serves many files never runs the decoder. ``WorkerAudioDataSource`` starts one worker per
/// session with ``limits``.
///
/// `dictate` is such a program: `dictate decode-audio-worker` (hidden from its help), which
/// `dictate serve` runs as its own executable:
///
/// ```swift
/// let worker = AudioDecodingWorker(executablePath: "/proc/self/exe", arguments: ["decode-audio-worker"])
/// let source = WorkerAudioDataSource(bytes: upload, worker: worker)
/// ```
///
/// An app of its own makes such a program with a `main` that calls
/// ``serveStandardStreams()`` and exits with what it returns.
public struct AudioDecodingWorker: Sendable, Hashable {
    /// The program to run, by absolute path (no search of `PATH`). `/proc/self/exe` runs this
    /// process's own executable, the very file it was started from even when a newer one has
    /// replaced it since.
    public var executablePath: String
    /// The arguments after the program's name.
    public var arguments: [String]
    /// What each worker may use.
    public var limits: Limits

    /// Describes a worker.
    /// - Parameters:
    ///   - executablePath: The program, by absolute path.
    ///   - arguments: Its arguments, without the program's name.
    ///   - limits: What each worker may use; ``Limits/init(addressSpaceBytes:cpuSeconds:stallSeconds:maxDecodedSeconds:)``'s
    ///     defaults unless given.
    public init(executablePath: String, arguments: [String] = [], limits: Limits = Limits()) {
        self.executablePath = executablePath
        self.arguments = arguments
        self.limits = limits
    }

    /// The command as it is shown in messages: the program and its arguments.
    var commandLine: String { ([executablePath] + arguments).joined(separator: " ") }
}
