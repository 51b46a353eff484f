extension DictationSession {
    /// A session of the standard stack on a recording: a WAV file, a raw PCM file (`.raw`,
    /// `.pcm`) or standard input (`-`), as `AudioFileSource` chooses; the standard preprocessing
    /// (`StandardPreprocessing`, its voice activity detector the one that suits the recognizer for
    /// en-US, the default locale: ``StandardRecognizer/voiceActivityDetector(forLocale:sensitivity:)``)
    /// and the ``StandardRecognizer`` (Whisper where installed, else PocketSphinx).
    ///
    /// ```swift
    /// let session = DictationSession.file("talk.wav")
    /// for await event in try await session.start(DictationOptions(reports: [])) {
    ///     if case .final(let transcript) = event { print(transcript.text) }
    /// }
    /// ```
    ///
    /// For options of the session's own (without partials a file is decoded in one search
    /// instead of two, sooner, to the same finals); for a stream with the defaults,
    /// ``transcribe(_:locale:)`` is one call. Nothing is opened until `start(_:)`.
    /// - Parameters:
    ///   - path: The file, or `-` for standard input.
    ///   - rawFormat: The layout of headerless PCM; 16 kHz mono 16-bit by default. Unused for audio files with a format of their own.
    ///   - pacing: `AudioPacing.unpaced` to read as fast as possible (the default), or
    ///     `AudioPacing.realTime` to let the file stand in for a microphone.
    ///   - recognizer: The recognizer; by default the ``StandardRecognizer``: Whisper where a
    ///     Whisper model serves the locale each run asks for, else PocketSphinx with its installed
    ///     model of the best rank.
    ///   - transcriptStore: Where each final is kept before it is delivered; `nil`, the default,
    ///     keeps nothing.
    /// - Returns: A session that has not started.
    public static func file(
        _ path: String,
        rawFormat: AudioFormat = .recognizer,
        pacing: AudioPacing = .unpaced,
        recognizer: any SpeechRecognizer = StandardRecognizer(),
        transcriptStore: (any TranscriptStore)? = nil
    ) -> DictationSession {
        file(
            path, rawFormat: rawFormat, pacing: pacing, recognizer: recognizer, transcriptStore: transcriptStore,
            locale: DictationOptions().locale)
    }

    /// ``file(_:rawFormat:pacing:recognizer:transcriptStore:)`` with the voice activity detector
    /// that suits the recognizer for `locale`.
    static func file(
        _ path: String, rawFormat: AudioFormat = .recognizer, pacing: AudioPacing = .unpaced,
        recognizer: any SpeechRecognizer = StandardRecognizer(), transcriptStore: (any TranscriptStore)? = nil,
        locale: String
    ) -> DictationSession {
        DictationSession(
            source: AudioFileSource(path: path, rawFormat: rawFormat, pacing: pacing),
            preprocessing: StandardPreprocessing.standard(for: recognizer, locale: locale), recognizer: recognizer,
            transcriptStore: transcriptStore)
    }

    /// Transcription of a recording in one call: the events of a session of the standard stack
    /// that reads `path` and recognizes `locale`, with partials.
    ///
    /// ```swift
    /// for await event in try await DictationSession.transcribe("talk.wav") {
    ///     if case .final(let transcript) = event { print(transcript.text) }
    /// }
    /// ```
    ///
    /// The stream ends after the last final, or with an error event when the file can't be read
    /// (`DictationError.Code.invalidAudio`). Dropping it cancels the session.
    /// - Parameters:
    ///   - path: An audio file in any format libsndfile reads (WAV, FLAC, Ogg Vorbis, Opus, MP3,
    ///     AIFF, AU; recognized by content), a raw PCM file (`.raw`, `.pcm`: 16 kHz mono 16-bit),
    ///     or `-` for standard input (any of those formats, or raw PCM in that layout).
    ///   - locale: The locale to recognize, `"en-US"` by default; without a model for it, the
    ///     process locale's or `en-US`, announced by a `DictationEvent.localeSelected(requested:used:)`
    ///     event.
    /// - Returns: The events, as `start(_:)` returns them.
    /// - Throws: What `start(_:)` throws; a new session never has a run going.
    public static func transcribe(_ path: String, locale: String = "en-US") async throws
        -> AsyncStream<DictationEvent>
    {
        try await file(path, locale: locale).start(DictationOptions(locale: locale))
    }
}
