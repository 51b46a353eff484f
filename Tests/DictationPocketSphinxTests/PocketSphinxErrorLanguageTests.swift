import DictationKit
import DictationTesting
import Foundation
import Testing

@testable import DictationPocketSphinx

/// Every error DictationPocketSphinx makes, in English and Norwegian bokmål.
@Suite(.timeLimit(.minutes(25))) struct PocketSphinxErrorLanguageTests {
    static let model = PocketSphinxModel(
        locale: "en-US", directory: "/opt/models/en-us", acousticModel: "/opt/models/en-us/en-us",
        languageModel: "/opt/models/en-us/en-us.lm.bin", dictionary: "/opt/models/en-us/cmudict-en-us.dict")

    static let missingParts: [ModelProblem.MissingPart] = [
        .acousticModel, .acousticModelFiles(directory: "/opt/models/xx-yy/am", lacking: ["mdef", "means"]),
        .languageModel, .dictionary,
    ]

    static let manifestFaults: [ModelProblem.ManifestFault] = [
        .unreadable, .notJSON, .invalidJSON, .missingKey("rank"), .wrongType(path: "rank"),
        .malformed(path: "installedAt"), .malformedValue("Expected date string to be ISO8601-formatted."), .emptyName,
        .badLocale("english"),
    ]

    static let modelProblems: [ModelProblem] =
        [
            .folderMissing("/opt/models/nb-no"), .folderUnreadable("/opt/models/nb-no"),
            .incomplete(directory: "/opt/models/nb-no", missing: missingParts),
            .noModelInFolder(directory: "/opt/models", locale: "nb-NO"),
            .noneInstalled(roots: ["/opt/models", "/srv/pocketsphinx/model"]), .unloadable(model),
            .optionsRejected("-beam -lw"), .malformedOption("-lw"), .utteranceNotStarted, .utteranceNotFinished, .decodingFailed,
        ]
        + missingParts.map { .incomplete(directory: "/opt/models/nb-no", missing: [$0]) }
        + manifestFaults.map { .brokenManifest(path: "/opt/models/nb-no/model-pack.json", $0) }

    static let source = ModelPack.englishUSLarge.source

    static let installProblems: [ModelInstallProblem] =
        ModelInstallProblem.PythonPurpose.allCases.flatMap { purpose in
            [.pythonNotExecutable(purpose, path: "/opt/python3"), .pythonNotFound(purpose)]
        }
        + [
            .logUnwritable(path: "/tmp/work/pip.log"), .pythonUnrunnable(path: "/usr/bin/python3", reason: "EACCES"),
            .wheelMissing(path: "/tmp/x.whl"), .wheelUnreadable(path: "/tmp/x.whl", reason: "EIO"),
            .wheelHashMismatch(path: "/tmp/x.whl", source: source, actual: String(repeating: "0", count: 64)),
            .wheelNotZip(path: "/tmp/x.whl", reason: "BadZipFile", source: source),
            .wheelLacks(path: "/tmp/x.whl", member: "speech_recognition/pocketsphinx-data/en-US/"),
            .wheelUnsafePath(path: "/tmp/x.whl", member: "../../etc/passwd"), .modelFilesUnwritable(reason: "ENOSPC"),
            .unpackFailed(path: "/tmp/x.whl", status: 1, output: "Traceback / KeyError"),
            .incompleteModel(
                modelPath: source.modelPath, ModelProblem.incomplete(directory: "/tmp/staged", missing: [.dictionary]).error),
            .workUnwritable(path: "/tmp/work", reason: "ENOSPC"), .noSingleWheel(source: source, folder: "/tmp/work/download"),
            .noPip(python: "/usr/bin/python3", source: source),
            .downloadHashMismatch(source: source, output: "Expected sha256 / Got 0000"),
            .downloadUnreachable(source: source, output: "NewConnectionError"),
            .pipFailed(status: 2, output: "ERROR: exception"), .folderNotAPack(path: "/tmp/models/en-US-large"),
            .nameNotAFolderName, .noModelsLocation, .noModelsFolder,
            .workFolderNotCreated(path: "/tmp/models/.install-x", reason: "EROFS", modelsRoot: "/tmp/models"),
            .manifestUnwritable(path: "/tmp/models/x/model-pack.json", reason: "ENOSPC"),
            .oldPackNotMovedAside(path: "/tmp/models/en-US-large", reason: "EXDEV"),
            .modelNotMovedIntoPlace(path: "/tmp/models/en-US-large", reason: "EXDEV"),
            .folderNotAPackToRemove(path: "/tmp/models/en-US-large"),
            .packNotMovedAway(path: "/tmp/models/en-US-large", reason: "EBUSY"),
            .packNotDeleted(path: "/tmp/models/.remove-x", reason: "EBUSY"),
        ]

    @Test(arguments: modelProblems)
    func modelProblemsHaveBothLanguages(problem: ModelProblem) {
        #expect(ErrorTranslationCheck.problems(in: problem.error) == [])
    }

    @Test(arguments: installProblems)
    func installProblemsHaveBothLanguages(problem: ModelInstallProblem) {
        let error = problem.error(pack: "en-US-large")
        #expect(error.code == .modelInstallFailed)
        #expect(ErrorTranslationCheck.problems(in: error) == [])
        let verb = problem.isRemoval ? "fjerne" : "installere"
        #expect(error.message(in: .norwegianBokmal).hasPrefix("Jeg klarte ikke å \(verb) modellpakken en-US-large: "))
    }

    @Test func thePublicInstallFactoriesHaveBothLanguages() {
        let detail = DictationError.Text(translations: [.english: "the disk is full", .norwegianBokmal: "disken er full"])
        for error in [DictationError.modelInstallFailed("en-US-large", detail), .modelRemovalFailed("en-US-large", detail)] {
            #expect(ErrorTranslationCheck.problems(in: error) == [])
            #expect(error.code == .modelInstallFailed)
        }
        // Source compatibility: a String detail still works, shown as given in both languages.
        let untranslated = DictationError.modelInstallFailed("en-US-large", "no network")
        #expect(
            untranslated.message(in: .norwegianBokmal) == "Jeg klarte ikke å installere modellpakken en-US-large: no network.")
    }

    @Test func aMissingModelFolderIsReportedInNorwegian() {
        let error = ModelDiscoveryTests.error {
            _ = try PocketSphinxModelLocator(modelDirectory: "/nonexistent/model", environment: [:]).model(for: "nb-NO")
        }
        #expect(error?.code == .modelNotFound)
        let norwegian = error?.localized(for: "nb-NO").message ?? ""
        #expect(norwegian.hasPrefix("Jeg finner ingen talemodell: modellmappen /nonexistent/model finnes ikke."))
    }
}
