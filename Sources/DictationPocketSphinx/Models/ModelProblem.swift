import DictationKit

/// What can be wrong with a PocketSphinx model or its decoder, each with its message in English
/// and Norwegian bokmål.
///
/// The exhaustive `switch` in ``error`` gives every case its message; the words are in DictationKit's
/// message tables, one per language, where a test checks that no language lacks one.
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
                DictationError.Text(.modelPartAcousticModel)
            case .acousticModelFiles(let directory, let lacking):
                DictationError.Text(
                    .modelPartAcousticModelFiles,
                    ["directory": "\(directory)", "lacking": "\(lacking.joined(separator: ", "))"])
            case .languageModel:
                DictationError.Text(.modelPartLanguageModel)
            case .dictionary:
                DictationError.Text(.modelPartDictionary)
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
            case .unreadable: DictationError.Text(.manifestUnreadable)
            case .notJSON: DictationError.Text(.manifestNotJSON)
            case .invalidJSON:
                DictationError.Text(.manifestInvalidJSON)
            case .missingKey(let key):
                DictationError.Text(.manifestMissingKey, ["key": "\(key)"])
            case .wrongType(let path):
                DictationError.Text(.manifestWrongType, ["path": "\(path)"])
            case .malformed(let path):
                DictationError.Text(.manifestMalformed, ["path": "\(path)"])
            case .malformedValue(let description):
                DictationError.Text(.manifestMalformedValue, ["description": "\(description)"])
            case .emptyName: DictationError.Text(.manifestEmptyName)
            case .badLocale(let locale):
                DictationError.Text(.manifestBadLocale, ["locale": "\(locale)"])
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
                DictationError.Text(.modelFolderMissing, ["directory": "\(directory)"]))
        case .folderUnreadable(let directory):
            .modelNotFound(
                DictationError.Text(.modelFolderUnreadable, ["directory": "\(directory)"]))
        case .incomplete(let directory, let missing):
            .modelNotFound(
                DictationError.Text(
                    .modelFolderIncomplete,
                    ["directory": "\(directory)", "missing": DictationError.Text(joining: missing.map(\.text), separator: ", ")]))
        case .noModelInFolder(let directory, let locale):
            .modelNotFound(
                DictationError.Text(.modelFolderHoldsNoModel, ["directory": "\(directory)", "locale": "\(locale)"]))
        case .noneInstalled(let roots):
            .modelNotFound(
                DictationError.Text(
                    .modelNoneInstalled,
                    [
                        "places": DictationError.Text(
                            joining: roots.map { DictationError.Text(.modelLocaleFolders, ["root": "\($0)"]) }, separator: ", ")
                    ]))
        case .brokenManifest(let path, let fault):
            .modelNotFound(
                DictationError.Text(.modelManifestBroken, ["path": "\(path)", "fault": fault.text]))
        case .unloadable(let model):
            .modelNotFound(
                DictationError.Text(
                    .modelUnloadable,
                    [
                        "directory": "\(model.directory)", "acousticModel": "\(model.acousticModel)",
                        "languageModel": "\(model.languageModel)", "dictionary": "\(model.dictionary)",
                    ]))
        case .optionsRejected(let names):
            .recognitionFailed(
                DictationError.Text(.decoderOptionsRejected, ["names": "\(names)"]))
        case .malformedOption(let setting):
            .recognitionFailed(
                DictationError.Text(.decoderOptionMalformed, ["setting": "\(setting)"]))
        case .utteranceNotStarted:
            .recognitionFailed(
                DictationError.Text(.decoderUtteranceNotStarted))
        case .utteranceNotFinished:
            .recognitionFailed(
                DictationError.Text(.decoderUtteranceNotFinished))
        case .decodingFailed:
            .recognitionFailed(
                DictationError.Text(.decoderDecodingFailed))
        case .dictionaryUnreadable(let path):
            .modelNotFound(
                DictationError.Text(.modelDictionaryUnreadable, ["path": "\(path)"]))
        case .vocabularyNotInstalled(let dictionary):
            .recognitionFailed(
                DictationError.Text(.vocabularyNotInstalled, ["dictionary": "\(dictionary)"]))
        }
    }
}
