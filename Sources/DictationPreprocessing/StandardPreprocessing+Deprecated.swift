import DictationKit

/// The chain's name before it had settings of its own.
@available(*, deprecated, renamed: "StandardPreprocessing")
public typealias AudioConversionChain = StandardPreprocessing

extension StandardPreprocessing {
    /// Creates the chain with the settings of the session options it used to be given.
    ///
    /// The conditioning becomes its ``options``; the voice activity settings become its
    /// ``voiceActivityDetector``, ``VoiceActivityDetecting/standard(sensitivity:frameDuration:)``.
    /// - Parameter options: The settings.
    @available(
        *, deprecated,
        message: "use StandardPreprocessing(options: StandardPreprocessing.Options(...), voiceActivityDetector: .standard(sensitivity:frameDuration:))"
    )
    public init(_ options: AudioPreprocessingOptions) {
        self.init(
            options: Options(options),
            voiceActivityDetector: .standard(
                sensitivity: options.vadSensitivity,
                frameDuration: EnergyVoiceActivityDetector.FrameDuration(options.frameDuration)))
    }

    /// Builds the processor for one session with the given settings in place of the chain's own
    /// ``options`` and ``voiceActivityDetector``, as ``StandardPreprocessing/init(_:)`` converts them.
    ///
    /// A session calls it when the app set the deprecated `DictationOptions.preprocessing` to
    /// something other than the defaults.
    /// - Parameters:
    ///   - input: The format the source delivers: any rate and channel count of at least 1.
    ///   - outputSampleRate: The rate the recognizer takes, usually 16000.
    ///   - options: The conditioning and voice activity settings.
    /// - Returns: A processor whose frames are mono at `outputSampleRate`.
    /// - Throws: What ``makeProcessor(input:outputSampleRate:)`` throws.
    @available(
        *, deprecated,
        message: "give the settings to StandardPreprocessing(options:voiceActivityDetector:) and call makeProcessor(input:outputSampleRate:)"
    )
    public func makeProcessor(input: AudioFormat, outputSampleRate: Int, options: AudioPreprocessingOptions)
        throws(DictationError) -> any AudioProcessor
    {
        try StandardPreprocessing(options).makeProcessor(input: input, outputSampleRate: outputSampleRate)
    }
}

extension StandardPreprocessing.Options {
    /// The conditioning part of the session options the chain used to be given; their voice
    /// activity settings go to the detector
    /// (``VoiceActivityDetecting/standard(sensitivity:frameDuration:)``).
    /// - Parameter options: The settings.
    @available(*, deprecated, message: "use StandardPreprocessing.Options(highPassCutoff:noiseSuppression:automaticGainControl:)")
    public init(_ options: AudioPreprocessingOptions) {
        self.init(
            highPassCutoff: options.highPassCutoff,
            noiseSuppression: StandardPreprocessing.NoiseSuppression(options.noiseSuppression),
            automaticGainControl: options.automaticGainControl)
        // The old options clamped only in their initializer; a cutoff set afterwards is kept as set.
        highPassCutoff = options.highPassCutoff
    }
}

extension StandardPreprocessing.NoiseSuppression {
    /// The same mode.
    /// - Parameter mode: The mode in DictationKit's deprecated type.
    @available(*, deprecated, message: "use StandardPreprocessing.NoiseSuppression")
    public init(_ mode: DictationKit.NoiseSuppression) {
        switch mode {
        case .off: self = .off
        case .automatic: self = .automatic
        case .on: self = .on
        }
    }
}
