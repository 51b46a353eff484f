import DictationCapture
import DictationFormatting
import DictationKit
import DictationPreprocessing
import DictationTestSupport
import DictationTesting
import DictationWhisper
import Foundation
import Testing

/// Written text from a recognizer that writes: the sentences of ``WrittenTextAccuracyTests``,
/// spoken by the same flite voices, decoded by Whisper (tiny.en) in a real session with the
/// formatting stage; and spoken commands through Whisper doing what they should.
@Suite("Written text from Whisper's own writing", .serialized, .timeLimit(.minutes(15)))
struct WhisperWrittenTextTests {
    /// The installed English-only tiny model (`dictate models install whisper-tiny.en`).
    static func tinyEnglish() throws -> String {
        let model = WhisperModelLocator().installedModels().first { $0.name == "tiny.en" }
        return try #require(model?.path, "no Whisper tiny.en model: run `dictate models install whisper-tiny.en`")
    }

    static func events(_ recording: SpokenRecording) async throws -> [DictationEvent] {
        // One thread: the suites run side by side, and several would spin against each other's
        // work at whisper.cpp's barriers (see DictationWhisperTests' `WhisperFixtures.threads`).
        let session = DictationSession(
            source: AudioFileSource(path: recording.path), preprocessing: StandardPreprocessing(),
            recognizer: WhisperRecognizer(modelPath: try tinyEnglish(), threads: 1), eventStages: [FormattingStage()])
        let events = try await session.collectEvents(DictationOptions(locale: "en-US", reports: []))
        #expect(events.errors.isEmpty, "\(events.errors)")
        return events
    }

    /// Whisper writes most of it itself; the stage adds what it left out (a period, "10:30" for
    /// its "1030", a spoken "comma" as the mark) and writes nothing twice. Whisper's own text is
    /// scored against the written reference too: the stage must not make it worse.
    @Test("the written text's WER through Whisper", arguments: WrittenTextAccuracyTests.voices)
    func writtenWordErrorRate(voice: String) async throws {
        let recording = try WrittenTextAccuracyTests.recording(voice: voice)
        defer { recording.remove() }
        let finals = try await Self.events(recording).finals
        let written = WrittenTextAccuracyTests.sentences.map(\.written).joined(separator: " ")
        let heard = finals.map(\.text).joined(separator: " ")
        let wrote = finals.compactMap(\.writtenText).filter { !$0.isEmpty }.joined(separator: " ")
        let plain = WordErrorRate(reference: written, hypothesis: heard)
        let whisperAlone = WordErrorRate.written(reference: written, hypothesis: heard)
        let exact = WordErrorRate.written(reference: written, hypothesis: wrote)
        print(
            """
            written text, flite \(voice) through Whisper tiny.en: \(finals.count) finals
              Whisper's text vs written reference (plain WER):                \(plain)
              Whisper's text vs written reference (case and punctuation):     \(whisperAlone)
              written text vs written reference (case and punctuation):       \(exact)
            heard: \(heard)
            wrote: \(wrote)
            """)
        // Nothing written twice: no mark right after another ("Hello,,", "meters. .", "5%.."),
        // no spoken punctuation or command word left beside its mark.
        let marks = [",", ".", "?", "!", ":", ";"]
        let doubled = marks.flatMap { first in marks.flatMap { [first + $0, first + " " + $0] } }.filter(wrote.contains)
        #expect(doubled.isEmpty, "marks written twice: \(doubled) in \(wrote)")
        #expect(!wrote.lowercased().contains("comma") && !wrote.lowercased().contains("period"), "\(wrote)")
        // The bound of PocketSphinx's test: tiny.en mishears slt about as often as PocketSphinx
        // does (docs/benchmarks.md), though it writes awb almost without a fault.
        #expect(exact.rate <= 0.28, "\(exact)")
        #expect(exact.errors <= whisperAlone.errors, "the stage makes Whisper's text no worse: \(exact) vs \(whisperAlone)")
    }

    /// Commands spoken alone ("Scratch that.", "New line." as Whisper writes them) are commands,
    /// in order and after their final; "new line" inside a sentence is a line break, with
    /// Whisper's commas around it gone. flite's slt speaks most, espeak-ng "new line" (tiny.en
    /// hears espeak-ng's "scratch that" as "crash that", its "new paragraph" as "Who
    /// paragraph?").
    @Test("spoken commands through Whisper")
    func commands() async throws {
        let recording = try SpokenRecording([
            (.flite("slt"), "go forward ten meters"), (.flite("slt"), "scratch that"),
            (.flite("slt"), "thank you very much"), (.espeak, "new line"),
            (.flite("slt"), "the first line new line the second line"), (.flite("slt"), "new paragraph"),
            (.flite("slt"), "stop dictating"),
        ])
        defer { recording.remove() }
        let events = try await Self.events(recording)
        let finals = events.finals
        let commands = events.compactMap { event -> DictationCommand? in
            if case .command(let command) = event { command } else { nil }
        }
        let heard = finals.map(\.text)
        print("commands through Whisper: heard \(heard), wrote \(finals.map { $0.writtenText ?? "-" }), commands \(commands)")
        try #require(finals.count == 7, "one final per phrase: \(heard)")

        #expect(commands.map(\.kind) == [.scratchThat, .newLine, .newParagraph, .stopDictating], "\(heard)")
        #expect(commands.map(\.utteranceIndex) == [1, 3, 5, 6].map { finals[$0].utteranceIndex })
        #expect(commands.first?.scratchedUtterance == finals[0].utteranceIndex, "scratch that takes back the first final")
        #expect(finals[0].writtenText == "Go forward 10 meters.", "\(heard[0])")
        #expect(finals[4].writtenText == "The first line\nThe second line.", "\(heard[4])")
        for index in [1, 3, 5, 6] {
            #expect(finals[index].writtenText == "", "a command alone writes nothing: \(heard[index])")
            #expect(finals[index].text != "", "its words stay the recognizer's")
        }
        // The text as an app builds it from the events (DictationCommand's contract).
        var document: [(utterance: Int, text: String)] = []
        for event in events {
            switch event {
            case .final(let final) where final.writtenText?.isEmpty == false:
                document.append((final.utteranceIndex, final.writtenText ?? ""))
            case .command(let command) where command.kind == .scratchThat:
                document.removeAll { $0.utterance == command.scratchedUtterance }
            case .command(let command) where command.kind == .newLine:
                document.append((command.utteranceIndex, "\n"))
            case .command(let command) where command.kind == .newParagraph:
                document.append((command.utteranceIndex, "\n\n"))
            default:
                break
            }
        }
        let text = document.map(\.text).reduce("") { text, piece in
            text.isEmpty || text.hasSuffix("\n") || piece.hasPrefix("\n") ? text + piece : text + " " + piece
        }
        #expect(text == "Thank you very much.\nThe first line\nThe second line.\n\n", "\(heard)")
    }
}
