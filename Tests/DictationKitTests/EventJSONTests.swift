import DictationKit
import Foundation
import Testing

@Suite(.timeLimit(.minutes(25))) struct EventJSONTests {
    static func object(_ event: DictationEvent) throws -> [String: Any] {
        let line = event.jsonLine()
        #expect(!line.contains("\n"))
        let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8))
        return try #require(parsed as? [String: Any])
    }

    static let transcript = Transcript(
        text: "go forward",
        words: [
            Word(text: "go", start: 0.46, end: 0.63, confidence: 0.997),
            Word(text: "forward", start: 0.64, end: 1.16, confidence: 0.5),
        ], utteranceIndex: 3, startTime: 0.25, endTime: 1.1666666)

    @Test func finalCarriesTextTimesAndWords() throws {
        let json = try Self.object(.final(Self.transcript))
        #expect(json["type"] as? String == "final")
        #expect(json["text"] as? String == "go forward")
        #expect(json["utterance"] as? Int == 3)
        #expect(json["start"] as? Double == 0.25)
        #expect(json["end"] as? Double == 1.167)
        let words = try #require(json["words"] as? [[String: Any]])
        #expect(words.map { $0["text"] as? String } == ["go", "forward"])
        #expect(words.first?["confidence"] as? Double == 0.997)
        #expect(json["errorCode"] == nil)
    }

    @Test func partialHasTypePartial() throws {
        let json = try Self.object(.partial(Self.transcript))
        #expect(json["type"] as? String == "partial")
        #expect(json["text"] as? String == "go forward")
    }

    @Test(arguments: [DictationError.invalidAudio("bad header"), .modelNotFound("x"), .noSpeechDetected()])
    func errorCarriesItsStableCode(error: DictationError) throws {
        let json = try Self.object(.error(error))
        #expect(json["type"] as? String == "error")
        #expect(json["errorCode"] as? String == error.code.rawValue)
        #expect(json["message"] as? String == error.message)
        #expect(json["fatal"] as? Bool == error.isFatal)
        #expect(json["text"] == nil)
    }

    @Test func activityLevelAndProgress() throws {
        #expect(try Self.object(.speechStarted(at: 1.23456))["time"] as? Double == 1.235)
        #expect(try Self.object(.speechEnded(at: 2))["type"] as? String == "speechEnded")
        #expect(try Self.object(.level(-20.5))["level"] as? Double == -20.5)
        let progress = try Self.object(.progress(processed: 3, total: nil))
        #expect(progress["type"] as? String == "progress")
        #expect(progress["processed"] as? Double == 3)
        #expect(progress["total"] == nil)
    }

    @Test func textWithQuotesAndUnicodeRoundTrips() throws {
        var transcript = Self.transcript
        transcript.text = "\"blåbær\" \\ ok"
        #expect(try Self.object(.final(transcript))["text"] as? String == "\"blåbær\" \\ ok")
    }

    @Test func writtenTextGoesBesideTheRecognizersText() throws {
        var transcript = Self.transcript
        #expect(try Self.object(.final(transcript))["written"] == nil, "no formatter, no written form")
        transcript.writtenText = "Go forward."
        let json = try Self.object(.final(transcript))
        #expect(json["text"] as? String == "go forward")
        #expect(json["written"] as? String == "Go forward.")
    }

    @Test func commandCarriesItsKindAndWhatItScratches() throws {
        let scratch = try Self.object(.command(DictationCommand(kind: .scratchThat, utteranceIndex: 4, scratchedUtterance: 3)))
        #expect(scratch["type"] as? String == "command")
        #expect(scratch["command"] as? String == "scratchThat")
        #expect(scratch["utterance"] as? Int == 4)
        #expect(scratch["scratched"] as? Int == 3)
        let newLine = try Self.object(.command(DictationCommand(kind: .newLine, utteranceIndex: 5)))
        #expect(newLine["command"] as? String == "newLine")
        #expect(newLine["scratched"] == nil)
        #expect(DictationEvent.command(DictationCommand(kind: .newLine, utteranceIndex: 5)).notice(in: .english) == nil)
    }

    @Test func aTranscriptWrittenBeforeWrittenTextDecodes() throws {
        let old = #"{"text":"go","words":[],"utteranceIndex":0,"startTime":0,"endTime":1,"stableWordCount":1}"#
        let transcript = try JSONDecoder().decode(Transcript.self, from: Data(old.utf8))
        #expect(transcript.writtenText == nil && transcript.text == "go")
        var written = transcript
        written.writtenText = "Go."
        #expect(try JSONDecoder().decode(Transcript.self, from: JSONEncoder().encode(written)) == written)
    }
}
