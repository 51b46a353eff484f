extension DictationSession {
    /// A session of the standard stack on a microphone: ALSA capture, the standard preprocessing
    /// (`StandardPreprocessing`, its voice activity detector the one that suits the recognizer for
    /// en-US, the default locale: ``StandardRecognizer/voiceActivityDetector(forLocale:sensitivity:)``)
    /// and the ``StandardRecognizer`` (Whisper where installed, else PocketSphinx).
    ///
    /// ```swift
    /// let session = DictationSession.microphone(device: "default")
    /// let events = try await session.start(DictationOptions(locale: "nb-NO", silenceTimeout: 2))
    /// // ... later, from a button:
    /// await session.stop()
    /// ```
    ///
    /// For the session's controls (`stop()`, `pause()`, `commit()`) and its options; when a
    /// stream is all that is needed, ``dictate(locale:device:)`` is one call. Nothing is opened
    /// until `start(_:)`.
    /// - Parameters:
    ///   - device: The ALSA capture device: `"default"` (the default), or a name
    ///     `ALSACaptureSource.captureDevices()` lists.
    ///   - recognizer: The recognizer; by default the ``StandardRecognizer``: Whisper where a
    ///     Whisper model serves the locale each run asks for, else PocketSphinx with its installed
    ///     model of the best rank.
    ///   - transcriptStore: Where each final is kept before it is delivered; `nil`, the default,
    ///     keeps nothing.
    /// - Returns: A session that has not started.
    public static func microphone(
        device: String = "default",
        recognizer: any SpeechRecognizer = StandardRecognizer(),
        transcriptStore: (any TranscriptStore)? = nil
    ) -> DictationSession {
        microphone(ALSACaptureSource(device: device), recognizer: recognizer, transcriptStore: transcriptStore)
    }

    /// Dictation from a microphone in one call: the events of a session of the standard stack
    /// that recognizes `locale`, with partials.
    ///
    /// ```swift
    /// for await event in try await DictationSession.dictate(locale: "en-US") {
    ///     if case .final(let transcript) = event { print(transcript.text) }
    /// }
    /// ```
    ///
    /// The session runs until the stream is dropped (a `break` out of the loop, a cancelled
    /// task), which cancels it and releases the microphone, or until a fatal error, which ends
    /// the stream. To stop it with its last final delivered, or with a timeout, make it with
    /// ``microphone(device:recognizer:transcriptStore:)`` and call `start(_:)` and `stop()`.
    /// - Parameters:
    ///   - locale: The locale to recognize, `"en-US"` by default; without a model for it, the
    ///     process locale's or `en-US`, announced by a `DictationEvent.localeSelected(requested:used:)`
    ///     event.
    ///   - device: The ALSA capture device, `"default"` by default.
    /// - Returns: The events, as `start(_:)` returns them. A microphone that can't be opened
    ///   ends the stream with an error event (`DictationError.Code.microphoneUnavailable`,
    ///   `DictationError.Code.deviceBusy`, `DictationError.Code.permissionDenied`), as does a
    ///   locale for which no model at all is installed.
    /// - Throws: What `start(_:)` throws; a new session never has a run going.
    public static func dictate(locale: String = "en-US", device: String = "default") async throws
        -> AsyncStream<DictationEvent>
    {
        try await dictate(locale: locale, from: ALSACaptureSource(device: device))
    }

    /// ``dictate(locale:device:)`` on a capture source described in full, such as one with an
    /// ALSA configuration of its own (the tests' file-plugin microphone).
    static func dictate(locale: String, from microphone: ALSACaptureSource) async throws
        -> AsyncStream<DictationEvent>
    {
        try await self.microphone(microphone, locale: locale).start(DictationOptions(locale: locale))
    }

    /// The standard stack on a capture source, with the voice activity detector that suits the
    /// recognizer for `locale`.
    static func microphone(
        _ source: ALSACaptureSource,
        recognizer: any SpeechRecognizer = StandardRecognizer(),
        transcriptStore: (any TranscriptStore)? = nil,
        locale: String = DictationOptions().locale
    ) -> DictationSession {
        DictationSession(
            source: source, preprocessing: StandardPreprocessing.standard(for: recognizer, locale: locale),
            recognizer: recognizer,
            transcriptStore: transcriptStore)
    }
}
