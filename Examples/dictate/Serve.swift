import ArgumentParser
import Dictation
import DictationKit
import DictationServer
import Foundation
import ServiceLifecycle

/// `dictate serve`: a dictation server for other programs and machines (`DictationServer`).
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Serve dictation over WebSocket and HTTP (DictationKit's stream, vosk, OpenAI's transcriptions) and Home Assistant's Wyoming.",
        discussion: """
            Endpoints: /v1/stream (DictationKit's streaming protocol with resume, docs/server-protocol.md), \
            /vosk (vosk-server's protocol), POST /v1/audio/transcriptions (OpenAI's), GET /health; with --wyoming-port, \
            Home Assistant's Wyoming protocol on that TCP port (printed as "dictate: wyoming listening on tcp://HOST:PORT"; \
            it has no authentication, so it stays on 127.0.0.1 unless --wyoming-allow-unauthenticated). Listens on \
            127.0.0.1 unless --host says otherwise; beyond loopback it needs bearer tokens (--token-file, or \
            the environment variable DICTATIONKIT_SERVER_TOKEN). Prints "dictate: listening on http://HOST:PORT" once it \
            listens; SIGINT or SIGTERM stop it. It writes no audio to disk unless --recording-directory is given. See \
            docs/deployment.md.
            """
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port; 0 lets the system choose (printed on start).")
    var port = 2700

    @Option(
        help: ArgumentHelp(
            "A file of bearer tokens, one per line; clients send one as `Authorization: Bearer TOKEN`.", valueName: "file"))
    var tokenFile: String?

    @Option(help: ArgumentHelp("A PEM certificate chain for TLS (with --tls-key).", valueName: "file"))
    var tlsCertificate: String?

    @Option(help: ArgumentHelp("The PEM private key for TLS (with --tls-certificate).", valueName: "file"))
    var tlsKey: String?

    @Option(help: "Sessions at once, of every kind.")
    var maxSessions = ServerLimits().maxSessions

    @Option(help: "The largest WebSocket message, in bytes.")
    var maxMessageBytes = ServerLimits().maxMessageBytes

    @Option(help: "The largest upload to /v1/audio/transcriptions, in bytes.")
    var maxUploadBytes = ServerLimits().maxUploadBytes

    @Option(help: "The longest session, in seconds of audio.")
    var maxSessionSeconds = ServerLimits().maxSessionSeconds

    @Option(help: "How long a stream whose connection was lost waits for its client to resume, in seconds.")
    var resumeSeconds = ServerLimits().resumeSeconds

    @Option(help: "How long SIGTERM or Ctrl-C waits for the sessions to decode what they have and end, in seconds.")
    var shutdownSeconds = ServerLimits().shutdownSeconds

    @Option(help: "How long decoders no session uses are kept before their memory is given back, in seconds; 0: for ever.")
    var idleDecoderSeconds = ServerLimits().idleDecoderSeconds

    @Option(
        help: ArgumentHelp(
            "Record every session's audio here, as WAV files only this user can read (off by default: no audio is written).",
            valueName: "dir"))
    var recordingDirectory: String?

    @Option(
        help: ArgumentHelp(
            "Also serve Home Assistant's Wyoming protocol on this TCP port (10300 is its usual one).", valueName: "port"))
    var wyomingPort: Int?

    @Option(help: "The address of the Wyoming port.")
    var wyomingHost = "127.0.0.1"

    @Flag(help: "Let the Wyoming port listen beyond loopback, though the protocol authenticates no one.")
    var wyomingAllowUnauthenticated = false

    /// Where uploads are decoded.
    enum UploadDecoding: String, ExpressibleByArgument, CaseIterable {
        /// A worker process per upload: this executable again, `dictate decode-audio-worker`.
        case worker
        /// In the server's process: faster by a few milliseconds, but a decoder's leak or crash
        /// on a hostile upload is the server's.
        case inProcess = "in-process"
    }

    @Option(
        help: ArgumentHelp(
            "Where uploads are decoded: `worker` (a process per upload, so a decoder's leak or crash on a damaged file can't reach the server) or `in-process` (not contained).",
            valueName: "where"))
    var uploadDecoding = UploadDecoding.worker

    @OptionGroup var backend: RecognizerOptions
    @OptionGroup var common: CommonOptions

    func validate() throws {
        if (tlsCertificate == nil) != (tlsKey == nil) {
            throw ValidationError("--tls-certificate and --tls-key go together")
        }
        for (name, value) in [
            ("--max-sessions", maxSessions), ("--max-message-bytes", maxMessageBytes),
            ("--max-upload-bytes", maxUploadBytes), ("--max-session-seconds", maxSessionSeconds),
        ] where value < 1 {
            throw ValidationError("\(name) \(value): expected 1 or more")
        }
        for (name, value) in [
            ("--resume-seconds", resumeSeconds), ("--shutdown-seconds", shutdownSeconds),
            ("--idle-decoder-seconds", idleDecoderSeconds),
        ] where value < 0 {
            throw ValidationError("\(name) \(value): expected 0 or more")
        }
    }

    func run() async throws {
        Self.limitMallocRetention()
        let language = common.messageLanguage
        _ = common.bootstrapDiagnostics()
        do {
            var tokens = AccessTokens([ProcessInfo.processInfo.environment["DICTATIONKIT_SERVER_TOKEN"] ?? ""])
            if let tokenFile {
                let fromFile = try AccessTokens(contentsOfFile: tokenFile)
                tokens = tokens.merged(with: fromFile)
            }
            let configuration = ServerConfiguration(
                host: host, port: port, tokens: tokens,
                tls: tlsCertificate.flatMap { certificate in
                    tlsKey.map { ServerConfiguration.TLSFiles(certificatePath: certificate, privateKeyPath: $0) }
                },
                limits: ServerLimits(
                    maxSessions: maxSessions, maxMessageBytes: maxMessageBytes, maxUploadBytes: maxUploadBytes,
                    maxSessionSeconds: maxSessionSeconds, resumeSeconds: resumeSeconds,
                    shutdownSeconds: shutdownSeconds, idleDecoderSeconds: idleDecoderSeconds),
                defaultLocale: common.locale, recordingDirectory: recordingDirectory,
                wyoming: wyomingPort.map {
                    ServerConfiguration.WyomingEndpoint(
                        host: self.wyomingHost, port: $0, allowsUnauthenticatedNetwork: wyomingAllowUnauthenticated)
                },
                uploadWorker: uploadWorker)
            let host = self.host
            let scheme = tlsCertificate == nil ? "http" : "https"
            let logger = common.makeLogger()
            let wyomingHost = self.wyomingHost
            let server = DictationServer(
                configuration: configuration, recognizer: backend.recognizer(common), logger: logger,
                onListening: { port in
                    Terminal.write("dictate: listening on \(scheme)://\(host):\(port)\n", toStandardError: false)
                },
                onWyomingListening: { port in
                    Terminal.write("dictate: wyoming listening on tcp://\(wyomingHost):\(port)\n", toStandardError: false)
                })
            // SIGTERM or Ctrl-C ends the sessions cleanly (30 s at most), then the server.
            let group = ServiceGroup(services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
            try await group.run()
        } catch let error as DictationError {
            Terminal.write("dictate: \(error.localized(to: language).description)\n", toStandardError: true)
            throw ExitCode(CLIExitCode.for(error))
        }
    }

    /// This executable, run again as `dictate decode-audio-worker` for each upload. By
    /// `/proc/self/exe`: the very file this server runs, even after a package upgrade replaced it.
    var uploadWorker: AudioDecodingWorker? {
        guard uploadDecoding == .worker else { return nil }
        // A file that decodes to more than a session may hold is refused by the session first;
        // the margin only bounds a worker whose session already stopped reading.
        let limits = AudioDecodingWorker.Limits(maxDecodedSeconds: Double(maxSessionSeconds) + 10)
        return AudioDecodingWorker(executablePath: "/proc/self/exe", arguments: DecodeAudioWorker.arguments, limits: limits)
    }

    /// glibc gives threads that allocate at the same time arenas of their own, up to eight per
    /// core, and each keeps heap it freed: a server's decoders, made and freed on many threads,
    /// left 50-75 MB more resident after each burst of clients with eight arenas and about 10-17 MB
    /// with two (Benchmarks/server_memory_soak.py, docs/benchmarks.md). And once a large block
    /// (a Whisper search's state) has been freed, glibc raises its thresholds for handing memory
    /// back to up to 32 MB for `mmap` and 64 MB for trimming, and `malloc_trim` never trims the
    /// top of an arena other than the main one: an idle server kept up to 27 MB more after some
    /// bursts (56 → 81 MB over four), which fixed thresholds of 1 MiB hand back (55.3-55.4 MB).
    /// The environment wins (`MALLOC_ARENA_MAX`, `GLIBC_TUNABLES`). `mallopt` is not in Swift's
    /// Glibc module, so it is looked up by name.
    static func limitMallocRetention() {
        let environment = ProcessInfo.processInfo.environment
        guard let symbol = dlsym(nil, "mallopt") else { return }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        if environment["MALLOC_ARENA_MAX"] == nil {
            _ = mallopt(-8, 2)  // M_ARENA_MAX in malloc.h
        }
        if environment["GLIBC_TUNABLES"] == nil {
            _ = mallopt(-1, 1 << 20)  // M_TRIM_THRESHOLD
            _ = mallopt(-3, 1 << 20)  // M_MMAP_THRESHOLD
        }
    }
}
