import DictationFormatting
import DictationKit
import DictationTesting
import Foundation
import Testing

/// The stage in a real session (the scripted recognizer, the session's own delivery): written
/// text beside the words, sentence state across finals, commands as events after their final.
@Suite("The formatting stage in a session", .timeLimit(.minutes(25)))
struct FormattingStageTests {
    static func events(
        _ utterances: [String], locale: String = "en-US", stage: FormattingStage = FormattingStage(),
        reports: DictationOptions.Reports = []
    ) async throws -> [DictationEvent] {
        let script = utterances.enumerated().map { index, text in
            ScriptedRecognizer.Utterance(text, from: Double(index) * 2 + 0.5, to: Double(index) * 2 + 1.5)
        }
        let session = DictationSession(
            source: InMemoryAudioSource(samples: [Float](repeating: 0, count: (utterances.count * 2 + 1) * 16_000)),
            preprocessing: PassthroughPreprocessing(), recognizer: ScriptedRecognizer(utterances: script, locale: locale),
            eventStages: [stage])
        return try await session.collectEvents(
            DictationOptions(locale: locale, reports: reports, endpointing: EndpointingOptions(segmentation: .recognizer)))
    }

    static func written(_ events: [DictationEvent]) -> [String?] {
        events.finals.map(\.writtenText)
    }

    @Test func finalsKeepTheirWordsAndGetWrittenText() async throws {
        let events = try await Self.events(["go forward ten meters", "what time is it"])
        #expect(events.finalTexts == ["go forward ten meters", "what time is it"])
        #expect(Self.written(events) == ["Go forward 10 meters.", "What time is it?"])
    }

    @Test func aFinalLeftOpenContinuesItsSentence() async throws {
        let events = try await Self.events(["dear sir comma", "thank you for your letter", "bye"])
        #expect(Self.written(events) == ["Dear sir,", "thank you for your letter.", "Bye."])
    }

    @Test func scratchThatComesAfterItsFinalAndNamesTheOneToRemove() async throws {
        let events = try await Self.events([
            "dear sir comma", "buy some milk", "scratch that", "scratch that", "scratch that", "hello",
        ])
        let commands = events.compactMap { event -> DictationCommand? in
            if case .command(let command) = event { command } else { nil }
        }
        #expect(commands.map(\.kind) == [.scratchThat, .scratchThat, .scratchThat])
        #expect(commands.map(\.scratchedUtterance) == [1, 0, nil], "each removes the one before; then none is left")
        #expect(commands.map(\.utteranceIndex) == [2, 3, 4])
        // The command follows its own final.
        let kinds = events.map(\.type)
        #expect(
            kinds.filter { $0 == "final" || $0 == "command" } == [
                "final", "final", "final", "command", "final", "command", "final", "command", "final",
            ])
        // With both finals scratched, "hello" starts a sentence again.
        #expect(Self.written(events) == ["Dear sir,", "buy some milk.", "", "", "", "Hello."])
    }

    @Test func scratchingAnOpenFinalsSuccessorRestoresTheOpenSentence() async throws {
        let events = try await Self.events(["dear sir comma", "buy some milk", "scratch that", "thank you"])
        #expect(Self.written(events) == ["Dear sir,", "buy some milk.", "", "thank you."])
    }

    @Test func layoutCommandsStartALineWithACapital() async throws {
        let events = try await Self.events(["yours sincerely comma", "new line", "sam"])
        #expect(Self.written(events) == ["Yours sincerely,", "", "Sam."])
        #expect(events.contains(.command(DictationCommand(kind: .newLine, utteranceIndex: 1))))
    }

    @Test func partialsAreWrittenWithoutTheSentenceMark() async throws {
        let events = try await Self.events(["meet me at ten thirty"], reports: [.partials])
        let partials = events.compactMap { event -> Transcript? in
            if case .partial(let transcript) = event { transcript } else { nil }
        }
        #expect(!partials.isEmpty)
        #expect(partials.allSatisfy { $0.writtenText != nil && $0.writtenText?.hasSuffix(".") == false })
        #expect(Self.written(events) == ["Meet me at 10:30."])
    }

    /// The formatter follows the locale the run recognizes, which is what its words are in.
    @Test func otherLanguagesKeepTheirWordsAndHaveNoCommands() async throws {
        let events = try await Self.events(["hallo du", "scratch that"], locale: "de-DE")
        #expect(Self.written(events) == ["hallo du", "scratch that"])
        #expect(!events.contains { $0.type == "command" })
    }

    /// Norwegian has its own commands: "stryk det" takes the final before it back.
    @Test func norwegianCommandsInASession() async throws {
        let events = try await Self.events(["Hei på deg.", "Stryk det.", "Les det opp."], locale: "nb-NO")
        #expect(Self.written(events) == ["Hei på deg.", "", ""])
        let commands = events.compactMap { event -> DictationCommand? in
            if case .command(let command) = event { command } else { nil }
        }
        #expect(commands.map(\.kind) == [.scratchThat, .readBack])
        #expect(commands.first?.scratchedUtterance == 0)
    }

    /// Finals as Whisper writes them: its capitals and marks kept, a spoken "comma" beside its own
    /// comma written once, the sentence it left open continued without Whisper's capital, and
    /// "Scratch that." and "New line." commands as they are spoken ones.
    @Test func textTheRecognizerWroteKeepsItsWritingAndItsCommands() async throws {
        let events = try await Self.events([
            "Dear Sir, comma.", "Thank you for your letter.", "Buy some milk.", "Scratch that.", "New line.",
            "Yours sincerely, Sam",
        ])
        #expect(events.finalTexts[0] == "Dear Sir, comma.", "the recognizer's text stays")
        #expect(
            Self.written(events) == [
                "Dear Sir,", "thank you for your letter.", "Buy some milk.", "", "", "Yours sincerely, Sam.",
            ])
        let commands = events.compactMap { event -> DictationCommand? in
            if case .command(let command) = event { command } else { nil }
        }
        #expect(commands.map(\.kind) == [.scratchThat, .newLine])
        #expect(commands.first?.scratchedUtterance == 2)
    }

    @Test func optionsReachTheFormatter() async throws {
        let stage = FormattingStage(options: FormattingOptions(commands: false, numbers: .digits))
        let events = try await Self.events(["i have three cats", "scratch that"], stage: stage)
        #expect(Self.written(events) == ["I have 3 cats.", "Scratch that."])
        #expect(!events.contains { $0.type == "command" })
    }
}
