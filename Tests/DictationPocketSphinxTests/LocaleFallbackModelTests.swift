import DictationKit
import DictationPreprocessing
import DictationTestSupport
import DictationTesting
import Foundation
import Testing

@testable import DictationPocketSphinx

/// A model folder for a new locale works with no code change, and a locale without one falls back.
///
/// The "Norwegian" model is Debian's US English one linked under `nb-no/`: what matters here is
/// which folder is chosen and what the session says, not the language of the words.
@Suite(.timeLimit(.minutes(25))) struct LocaleFallbackModelTests {
    /// A folder of per-locale model folders, each a link to Debian's US English model.
    static func modelRoot(locales: [String]) throws -> String {
        let system = try PocketSphinxSystemModel.requireEnglishUS()
        let root = try Fixtures.temporaryDirectory()
        for locale in locales {
            try FileManager.default.createSymbolicLink(atPath: root + "/" + locale, withDestinationPath: system)
        }
        return root
    }

    /// Runs "go forward ten meters" through a whole session.
    static func session(locale: String, recognizer: PocketSphinxRecognizer) async throws -> [DictationEvent] {
        let session = DictationSession(
            source: InMemoryAudioSource(samples: try Fixtures.goForward()), preprocessing: StandardPreprocessing(),
            recognizer: recognizer)
        var events: [DictationEvent] = []
        for await event in try await session.start(DictationOptions(locale: locale, reports: [])) {
            events.append(event)
        }
        return events
    }

    @Test func aNewLocaleFolderIsListed() throws {
        let root = try Self.modelRoot(locales: ["en-us", "nb-no"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(PocketSphinxRecognizer(modelDirectory: root, environment: [:]).supportedLocales() == ["en-US", "nb-NO"])
        // The same folder found through DICTATIONKIT_MODEL_PATH, beside the system's model.
        let onPath = PocketSphinxRecognizer(environment: [PocketSphinxModelLocator.environmentVariable: root])
        #expect(onPath.supportedLocales().contains("nb-NO"))
        #expect(try onPath.model(for: "nb-NO").locale == "nb-NO")
    }

    @Test func aNewLocaleFolderIsUsedWhenAskedFor() async throws {
        let root = try Self.modelRoot(locales: ["en-us", "nb-no"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let recognizer = PocketSphinxRecognizer(modelDirectory: root, environment: [:])
        #expect(try recognizer.makeStreamDecoder(locale: "nb-NO").locale == "nb-NO")
        let events = try await Self.session(locale: "nb-NO", recognizer: recognizer)
        #expect(!events.contains { $0.type == "localeSelected" }, "nb-NO is installed: no fallback to report")
        #expect(events.finalTexts == ["go forward ten meters"])
    }

    /// A recognizer that finds models only in `root`, as `DICTATIONKIT_MODEL_PATH`, with no system models.
    static func recognizer(onModelPath root: String) -> PocketSphinxRecognizer {
        PocketSphinxRecognizer(
            locator: PocketSphinxModelLocator(
                environment: [PocketSphinxModelLocator.environmentVariable: root], systemModelRoot: "/nonexistent"))
    }

    @Test func aNewLocaleFolderOnTheModelPathIsUsedWhenAskedFor() async throws {
        let root = try Self.modelRoot(locales: ["en-us", "nb-no"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let events = try await Self.session(locale: "nb_NO.UTF-8", recognizer: Self.recognizer(onModelPath: root))
        #expect(!events.contains { $0.type == "localeSelected" })
        #expect(events.finalTexts == ["go forward ten meters"])
    }

    @Test func withoutItTheSessionFallsBackToEnglishAndSaysSo() async throws {
        let root = try Self.modelRoot(locales: ["en-us"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let recognizer = Self.recognizer(onModelPath: root)
        #expect(recognizer.supportedLocales() == ["en-US"])
        // Whatever locale the test process runs under, en-US is the only one installed here.
        let events = try await Self.session(locale: "nb-NO", recognizer: recognizer)
        #expect(events.first == .localeSelected(requested: "nb-NO", used: "en-US"))
        #expect(events.finalTexts == ["go forward ten meters"])
        #expect(!events.contains { $0.type == "error" })
    }

    @Test func anExplicitFolderOfModelsWithoutTheLocaleIsAnErrorNotAFallback() async throws {
        // PocketSphinxModelLocator's rule: a folder the caller named must hold the model asked for,
        // so a typo in --model is not hidden by decoding with another model.
        let root = try Self.modelRoot(locales: ["en-us"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let events = try await Self.session(
            locale: "nb-NO", recognizer: PocketSphinxRecognizer(modelDirectory: root, environment: [:]))
        #expect(events.count == 1)
        guard case .error(let error) = events.first else {
            Issue.record("expected the locator's error: \(events)")
            return
        }
        #expect(error.code == .modelNotFound)
        #expect(error.message.contains("mappen \(root) er ikke en modell og inneholder ingen modell for nb-NO"))
    }

    @Test func anIncompleteModelForTheLocaleIsReportedNotSkipped() async throws {
        let root = try Self.modelRoot(locales: ["en-us"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try ModelDiscoveryTests.makeModel(at: root + "/nb-no", parts: [.dictionary])
        let events = try await Self.session(
            locale: "nb-NO", recognizer: PocketSphinxRecognizer(modelDirectory: root, environment: [:]))
        #expect(events.count == 1)
        guard case .error(let error) = events.first else {
            Issue.record("a broken nb-no model must be reported, not replaced by en-US: \(events)")
            return
        }
        #expect(error.code == .modelNotFound)
        #expect(error.language == .norwegianBokmal)
        #expect(error.message.contains("\(root)/nb-no"))
    }

    @Test func withNothingInstalledTodaysErrorStandsInTheSessionsLanguage() async throws {
        let empty = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let recognizer = PocketSphinxRecognizer(locator: PocketSphinxModelLocator(environment: [:], systemModelRoot: empty))
        let events = try await Self.session(locale: "nb-NO", recognizer: recognizer)
        #expect(events.count == 1)
        guard case .error(let error) = events.first else {
            Issue.record("no model at all must end the session with an error: \(events)")
            return
        }
        #expect(error.code == .modelNotFound)
        #expect(error.message.hasPrefix("Jeg finner ingen talemodell: ingen modell er installert"))
    }
}
