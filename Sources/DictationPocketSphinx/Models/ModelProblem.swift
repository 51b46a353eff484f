import DictationKit

/// What can be wrong with a PocketSphinx model or its decoder, each with its message in English
/// and Norwegian bokmål.
///
/// The exhaustive `switch` in ``error`` makes a new case impossible to add without both texts.
enum ModelProblem: Hashable {
    /// A part a model folder lacks.
    enum MissingPart: Hashable {
        /// No folder with the acoustic model's files.
        case acousticModel
        /// The most complete acoustic model folder found, and the files it lacks.
        case acousticModelFiles(directory: String, lacking: [String])
        /// No word language model.
        case languageModel
        /// No pronunciation dictionary.
        case dictionary

        var text: DictationError.Text {
            switch self {
            case .acousticModel:
                DictationError.Text(
                    english: "no acoustic model (a folder with mdef, feat.params and means, itself or a subfolder)",
                    norwegianBokmal: "ingen akustisk modell (en mappe med mdef, feat.params og means, selve mappen "
                        + "eller en undermappe)")
            case .acousticModelFiles(let directory, let lacking):
                DictationError.Text(
                    english: "an incomplete acoustic model (\(directory) lacks \(lacking.joined(separator: ", ")))",
                    norwegianBokmal: "en ufullstendig akustisk modell (\(directory) mangler "
                        + "\(lacking.joined(separator: ", ")))")
            case .languageModel:
                DictationError.Text(
                    english: "no word language model (*.lm.bin, *.lm, *.lm.dmp or *.DMP without \"phone\" in its name)",
                    norwegianBokmal: "ingen språkmodell for ord (*.lm.bin, *.lm, *.lm.dmp eller *.DMP uten «phone» i "
                        + "navnet)")
            case .dictionary:
                DictationError.Text(
                    english: "no pronunciation dictionary (*.dict or *.dic)",
                    norwegianBokmal: "ingen uttaleordbok (*.dict eller *.dic)")
            }
        }
    }

    /// Why a pack's `model-pack.json` can't be used.
    enum ManifestFault: Hashable {
        /// The file can't be read.
        case unreadable
        /// The file is not JSON at all.
        case notJSON
        /// JSON the decoder rejects without saying where.
        case invalidJSON
        /// A required key is missing.
        case missingKey(String)
        /// A value (at this dotted path) has the wrong type.
        case wrongType(path: String)
        /// A value (at this dotted path) is malformed.
        case malformed(path: String)
        /// A value is malformed; Foundation's description of it.
        case malformedValue(String)
        /// The pack has an empty name.
        case emptyName
        /// The locale is not `<language>-<region>`.
        case badLocale(String)

        var text: DictationError.Text {
            switch self {
            case .unreadable: DictationError.Text(english: "I can't read it", norwegianBokmal: "jeg får ikke lest den")
            case .notJSON: DictationError.Text(english: "it is not JSON", norwegianBokmal: "den er ikke JSON")
            case .invalidJSON:
                DictationError.Text(english: "it is not valid JSON", norwegianBokmal: "den er ikke gyldig JSON")
            case .missingKey(let key):
                DictationError.Text(english: "it has no \"\(key)\"", norwegianBokmal: "den mangler «\(key)»")
            case .wrongType(let path):
                DictationError.Text(english: "\"\(path)\" has the wrong type", norwegianBokmal: "«\(path)» har feil type")
            case .malformed(let path):
                DictationError.Text(english: "\"\(path)\" is malformed", norwegianBokmal: "«\(path)» har feil form")
            case .malformedValue(let description):
                DictationError.Text(
                    english: "a value is malformed: \(description)",
                    norwegianBokmal: "en verdi har feil form: \(description)")
            case .emptyName: DictationError.Text(english: "its name is empty", norwegianBokmal: "navnet er tomt")
            case .badLocale(let locale):
                DictationError.Text(
                    english: "its locale \"\(locale)\" is not a <language>-<region> locale such as en-US",
                    norwegianBokmal: "språkkoden «\(locale)» er ikke på formen <språk>-<region>, slik som en-US")
            }
        }
    }

    /// A model folder that is not there.
    case folderMissing(String)
    /// A model folder that can't be listed.
    case folderUnreadable(String)
    /// A model folder that lacks parts.
    case incomplete(directory: String, missing: [MissingPart])
    /// An explicit model directory that is neither a model nor holds one for the locale.
    case noModelInFolder(directory: String, locale: String)
    /// No model anywhere; the roots searched.
    case noneInstalled(roots: [String])
    /// A pack manifest that can't be used.
    case brokenManifest(path: String, ManifestFault)
    /// PocketSphinx refused to load a model that looked complete.
    case unloadable(PocketSphinxModel)
    /// PocketSphinx refused the decoder options, named.
    case optionsRejected(String)
    /// A decoder option that is not written `NAME=VALUE`, as given.
    case malformedOption(String)
    /// `ps_start_utt` failed.
    case utteranceNotStarted
    /// `ps_end_utt` failed.
    case utteranceNotFinished
    /// `ps_process_raw` failed.
    case decodingFailed
    /// The model's pronunciation dictionary can't be read.
    case dictionaryUnreadable(String)
    /// The search could not be rebuilt with a vocabulary (the dictionary would not load again).
    case vocabularyNotInstalled(dictionary: String)

    /// The problem as the error the backend throws.
    var error: DictationError {
        switch self {
        case .folderMissing(let directory):
            .modelNotFound(
                DictationError.Text(
                    english: "the model folder \(directory) does not exist",
                    norwegianBokmal: "modellmappen \(directory) finnes ikke"))
        case .folderUnreadable(let directory):
            .modelNotFound(
                DictationError.Text(
                    english: "I can't read the model folder \(directory)",
                    norwegianBokmal: "jeg får ikke lest modellmappen \(directory)"))
        case .incomplete(let directory, let missing):
            .modelNotFound(
                DictationError.Text(
                    english: "the model folder \(directory) has " + missing.map(\.text.english).joined(separator: ", "),
                    norwegianBokmal: "modellmappen \(directory) har "
                        + missing.map(\.text.norwegianBokmal).joined(separator: ", ")))
        case .noModelInFolder(let directory, let locale):
            .modelNotFound(
                DictationError.Text(
                    english: "the folder \(directory) is not a model and holds no model for \(locale) (a model has an "
                        + "acoustic-model folder with mdef, feat.params and means, a *.lm.bin language model and a "
                        + "*.dict dictionary; a folder of models has <language>-<region>/ folders)",
                    norwegianBokmal: "mappen \(directory) er ikke en modell og inneholder ingen modell for \(locale) "
                        + "(en modell har en mappe for den akustiske modellen med mdef, feat.params og means, en "
                        + "språkmodell *.lm.bin og en ordbok *.dict; en mappe med modeller har mapper som heter "
                        + "<språk>-<region>/)"))
        case .noneInstalled(let roots):
            .modelNotFound(
                DictationError.Text(
                    english: "no model is installed; I looked in "
                        + roots.map { "\($0)/<language>-<region>" }.joined(separator: ", "),
                    norwegianBokmal: "ingen modell er installert; jeg så etter i "
                        + roots.map { "\($0)/<språk>-<region>" }.joined(separator: ", ")))
        case .brokenManifest(let path, let fault):
            .modelNotFound(
                DictationError.Text(
                    english: "the model pack manifest \(path) is broken (\(fault.text.english)); reinstall the pack "
                        + "with `dictate models install <name> --force`, or remove its folder",
                    norwegianBokmal:
                        "manifestet for modellpakken, \(path), er ødelagt (\(fault.text.norwegianBokmal)); installer "
                        + "pakken på nytt med `dictate models install <name> --force`, eller fjern mappen"))
        case .unloadable(let model):
            .modelNotFound(
                DictationError.Text(
                    english: "PocketSphinx could not load the model in \(model.directory) (acoustic model "
                        + "\(model.acousticModel), language model \(model.languageModel), dictionary "
                        + "\(model.dictionary)); a file may be damaged or made for another PocketSphinx version",
                    norwegianBokmal: "PocketSphinx klarte ikke å laste inn modellen i \(model.directory) (akustisk "
                        + "modell \(model.acousticModel), språkmodell \(model.languageModel), ordbok "
                        + "\(model.dictionary)); en fil kan være skadet eller laget for en annen versjon av PocketSphinx"))
        case .optionsRejected(let names):
            .recognitionFailed(
                DictationError.Text(
                    english: "PocketSphinx rejected the decoder options \(names)",
                    norwegianBokmal: "PocketSphinx avviste dekoderinnstillingene \(names)"))
        case .malformedOption(let setting):
            .recognitionFailed(
                DictationError.Text(
                    english: "the decoder option \(setting) is not written NAME=VALUE (e.g. -lw=8)",
                    norwegianBokmal: "dekoderinnstillingen \(setting) er ikke skrevet NAVN=VERDI (f.eks. -lw=8)"))
        case .utteranceNotStarted:
            .recognitionFailed(
                DictationError.Text(
                    english: "PocketSphinx could not start an utterance",
                    norwegianBokmal: "PocketSphinx klarte ikke å starte en ytring"))
        case .utteranceNotFinished:
            .recognitionFailed(
                DictationError.Text(
                    english: "PocketSphinx could not finish the utterance",
                    norwegianBokmal: "PocketSphinx klarte ikke å avslutte ytringen"))
        case .decodingFailed:
            .recognitionFailed(
                DictationError.Text(
                    english: "PocketSphinx failed while decoding audio",
                    norwegianBokmal: "PocketSphinx feilet under dekodingen av lyden"))
        case .dictionaryUnreadable(let path):
            .modelNotFound(
                DictationError.Text(
                    english: "its pronunciation dictionary \(path) can't be read",
                    norwegianBokmal: "uttaleordboken dens, \(path), kan ikke leses"))
        case .vocabularyNotInstalled(let dictionary):
            .recognitionFailed(
                DictationError.Text(
                    english: "PocketSphinx could not rebuild its search with your vocabulary: its dictionary "
                        + "\(dictionary), with your words added, would not load",
                    norwegianBokmal: "PocketSphinx fikk ikke bygd opp søket sitt igjen med vokabularet ditt: ordboken "
                        + "\(dictionary), med ordene dine lagt til, ville ikke lastes inn"))
        }
    }
}
