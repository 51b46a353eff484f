import DictationTestSupport
import DictationTesting
import Foundation
import Testing

@testable import Dictation

/// The standard stack's recognizer: Whisper wherever a Whisper model serves the locale,
/// PocketSphinx elsewhere, PocketSphinx's partials beside Whisper's finals.
@Suite(.timeLimit(.minutes(15))) struct StandardRecognizerTests {
    /// A Whisper model folder holding links to the installed models named (`scripts/test.sh`
    /// installs tiny.en and base).
    static func whisperFolder(_ names: [String]) throws -> WhisperModelLocator {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("whisper-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let installed = WhisperModelLocator().installedModels()
        for name in names {
            let model = try #require(
                installed.first { $0.name == name }, "no Whisper \(name) installed: dictate models install whisper-\(name)")
            try FileManager.default.createSymbolicLink(atPath: folder + "/\(name).bin", withDestinationPath: model.path)
        }
        return WhisperModelLocator(folder: folder)
    }

    /// One whisper.cpp thread: the suites decode side by side (see `WhisperFixtures.threads`).
    static func recognizer(_ names: [String], choice: StandardRecognizer.Choice = .automatic) throws -> StandardRecognizer {
        StandardRecognizer(choice: choice, whisper: WhisperRecognizer(threads: 1, locator: try whisperFolder(names)))
    }

    @Test func whisperDecodesWhereAModelServesTheLanguageAndPocketSphinxElsewhere() throws {
        let english = try Self.recognizer(["tiny.en"])
        guard case .whisper(let path?) = english.backend(for: "en-US") else {
            Issue.record("en-US with tiny.en: \(english.backend(for: "en-US"))")
            return
        }
        #expect(path.hasSuffix("/tiny.en.bin"))
        // An English-only model does not serve Norwegian; PocketSphinx (or its fallback) does.
        #expect(english.backend(for: "nb-NO") == .pocketSphinx)
        let both = try Self.recognizer(["tiny.en", "base"])
        #expect(both.backend(for: "nb-NO") == .whisper(modelPath: both.whisper.locator.folder.map { $0 + "/base.bin" }))
        #expect(
            both.backend(for: "en_US.UTF-8") == .whisper(modelPath: both.whisper.locator.folder.map { $0 + "/base.bin" }),
            "the larger model of the two knows English too")
        #expect(try Self.recognizer([]).backend(for: "en-US") == .pocketSphinx)
        #expect(try Self.recognizer(["tiny.en"], choice: .pocketSphinx).backend(for: "en-US") == .pocketSphinx)
        #expect(try Self.recognizer(["tiny.en"]).supportedLocales().first == "en-US")
    }

    @Test func askedForWhisperWithoutAModelASessionSaysWhatToInstall() throws {
        let recognizer = try Self.recognizer([], choice: .whisper)
        #expect(recognizer.backend(for: "nb-NO") == .whisper(modelPath: nil))
        #expect {
            _ = try recognizer.makeDecoder(DecoderConfiguration(locale: "nb-NO", segmentation: .endpointer))
        } throws: { error in
            (error as? DictationError)?.code == .modelNotFound
        }
    }

    @Test func partialsBesideWhisperComeFromPocketSphinxOnlyInTheSpeakersLanguage() throws {
        let recognizer = try Self.recognizer(["tiny.en", "base"])
        let english = DecoderConfiguration(locale: "en-US", segmentation: .endpointer, reportsPartials: false)
        #expect(try recognizer.makeDecoder(english) is any UtteranceDecoder)
        #expect(try recognizer.makePartialDecoder(english) != nil, "PocketSphinx's en-US model streams the partials")
        // No PocketSphinx model speaks Norwegian: English partials of Norwegian speech would be
        // noise, so there are none (Whisper's finals only).
        let norwegian = DecoderConfiguration(locale: "nb-NO", segmentation: .endpointer, reportsPartials: false)
        if (try? recognizer.pocketSphinx.model(for: "nb-NO"))?.locale.hasPrefix("nb") != true {
            #expect(try recognizer.makePartialDecoder(norwegian) == nil)
        }
        // Asked for Whisper's own searches, an English session gets no streaming decoder: its
        // final decoder searches the utterance so far instead.
        var searching = recognizer
        searching.partialSearch = .whisper
        #expect(try searching.makePartialDecoder(english) == nil, "PocketSphinx streamed beside Whisper's own searches")
        #expect(try (searching.makeDecoder(english) as? any UtteranceDecoder)?.showsPartialsByRedecoding == true)
    }

    @Test func aRecordingIsTranscribedByWhisperByDefaultWherItIsInstalled() async throws {
        _ = try #require(
            WhisperModelLocator().model(forLanguage: "en"), "no Whisper model: dictate models install whisper-tiny.en")
        let recording = try PocketSphinxTestData.librivoxPath("0870")
        let events = try await withDeadline(.seconds(900), "transcribe with the default recognizer") {
            var events: [DictationEvent] = []
            for await event in try await DictationSession.transcribe(recording) { events.append(event) }
            return events
        }
        let text = events.finalTexts.joined(separator: " ")
        let wer = WordErrorRate(reference: try PocketSphinxTestData.librivoxTranscript("0870"), hypothesis: text)
        print("DictationSession.transcribe, default recognizer: \(wer): \(text)")
        // Whisper writes text: a capital and a full stop; PocketSphinx gives lower-case words.
        #expect(text.first?.isUppercase == true && text.contains("."), "not Whisper's: \(text)")
        #expect(wer.rate <= 0.1, "\(wer): \(text)")
        // The partials are PocketSphinx's, while the speaker talks.
        #expect(!events.partials.isEmpty)
    }
}
