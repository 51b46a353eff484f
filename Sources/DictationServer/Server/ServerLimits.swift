/// What a ``DictationServer`` allows each client, each refused with a coded `limitExceeded` error.
public struct ServerLimits: Sendable, Hashable {
    /// Sessions at once, of every kind (streams, vosk connections, uploads being transcribed).
    /// Each holds decoders of its own: about 110 MB for an upload (one decoder), 170-185 MB for a
    /// stream or vosk connection with partials (two), with either English model. Decoders a
    /// session let go wait for the next session, so the server keeps the memory of its busiest
    /// moment (per locale in use) until they have waited ``idleDecoderSeconds``; this limit bounds it.
    public var maxSessions: Int
    /// The largest WebSocket message, in bytes: a frame of 60 ms at 48 kHz stereo in 32-bit floats
    /// is 23 040 bytes.
    public var maxMessageBytes: Int
    /// The largest upload to `POST /v1/audio/transcriptions`, in bytes.
    public var maxUploadBytes: Int
    /// The longest session, in seconds of audio.
    public var maxSessionSeconds: Int
    /// How long a stream session waits for its client to resume it after the connection is lost.
    public var resumeSeconds: Int
    /// How long a graceful shutdown waits for the running sessions to decode what they were given
    /// and end; those still going then are cancelled (a stream's client gets `serverShuttingDown`
    /// and no `ended`). A service manager's stop timeout should be longer.
    public var shutdownSeconds: Int
    /// How long decoders a session let go wait for another session before they are let go, and
    /// their models when no decoder uses them: the memory of a busy moment comes back this long
    /// after it. 0 keeps them for ever.
    public var idleDecoderSeconds: Int

    /// Creates limits.
    /// - Parameters:
    ///   - maxSessions: Sessions at once, 8 by default.
    ///   - maxMessageBytes: The largest WebSocket message, 64 KiB by default.
    ///   - maxUploadBytes: The largest upload, 25 MiB by default (OpenAI's own limit).
    ///   - maxSessionSeconds: The longest session, an hour of audio by default.
    ///   - resumeSeconds: How long a lost stream waits for its client, 30 s by default.
    ///   - shutdownSeconds: How long a graceful shutdown waits for the sessions, 60 s by default.
    ///   - idleDecoderSeconds: How long unused decoders are kept, 300 s by default; 0: for ever.
    public init(
        maxSessions: Int = 8, maxMessageBytes: Int = 64 * 1024, maxUploadBytes: Int = 25 * 1024 * 1024,
        maxSessionSeconds: Int = 3600, resumeSeconds: Int = 30, shutdownSeconds: Int = 60, idleDecoderSeconds: Int = 300
    ) {
        self.maxSessions = maxSessions
        self.maxMessageBytes = maxMessageBytes
        self.maxUploadBytes = maxUploadBytes
        self.maxSessionSeconds = maxSessionSeconds
        self.resumeSeconds = resumeSeconds
        self.shutdownSeconds = shutdownSeconds
        self.idleDecoderSeconds = idleDecoderSeconds
    }
}
