import DictationTestSupport
import Foundation
import Testing

/// `dictate transcribe` writes text as a person would type it, `--raw` gives the recognizer's
/// words, each formatting feature has a switch, and "scratch that" takes back the final before it.
@Suite(.timeLimit(.minutes(25))) struct WrittenTextCommandTests {
    static let goforward = DictateProcess.sample("goforward.wav")

    @Test func rawPrintsTheRecognizersWords() throws {
        let result = try DictateProcess.run(["transcribe", Self.goforward, "--raw"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "go forward ten meters\n")
    }

    @Test func jsonlCarriesBothForms() throws {
        for extra in [[], ["--raw"]] {
            let result = try DictateProcess.run(["transcribe", Self.goforward, "--format", "jsonl"] + extra)
            let final = try #require(Self.objects(result.standardOutput).first { $0["type"] as? String == "final" })
            #expect(final["text"] as? String == "go forward ten meters", "\(extra)")
            #expect(final["written"] as? String == "Go forward 10 meters.", "\(extra)")
        }
    }

    @Test(arguments: [
        (["--no-capitals"], "go forward 10 meters.\n"),
        (["--no-punctuation"], "Go forward 10 meters\n"),
        (["--numbers", "words"], "Go forward ten meters.\n"),
        (["--numbers", "digits"], "Go forward 10 meters.\n"),
        (["--no-capitals", "--no-punctuation", "--numbers", "words"], "go forward ten meters\n"),
    ])
    func eachFeatureHasASwitch(switches: [String], expected: String) throws {
        let result = try DictateProcess.run(["transcribe", Self.goforward] + switches)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == expected, "\(switches)")
    }

    @Test func badNumberStyleIsRefused() throws {
        let result = try DictateProcess.run(["transcribe", Self.goforward, "--numbers", "roman"])
        #expect(result.status == 64)
    }

    /// goforward.wav, then "scratch that" and "thank you very much" spoken by flite, with pauses.
    static func scratchRecording() throws -> SpokenRecording {
        try SpokenRecording(
            parts: [
                .recording(goforward), .spoken(.flite("slt"), "scratch that"), .spoken(.flite("awb"), "thank you very much"),
            ],
            pausesAround: false)
    }

    @Test func scratchThatRemovesThePreviousFinal() throws {
        let spoken = try Self.scratchRecording()
        defer { spoken.remove() }
        let recording = spoken.path
        let raw = try DictateProcess.run(["transcribe", recording, "--raw"])
        try #require(
            raw.lines.filter { !$0.isEmpty } == ["go forward ten meters", "scratch that", "thank you very much"],
            "the recognizer heard: \(raw.standardOutput)")

        let written = try DictateProcess.run(["transcribe", recording])
        #expect(written.standardOutput == "Thank you very much.\n")
        let subtitles = try DictateProcess.run(["transcribe", recording, "--format", "srt"])
        #expect(subtitles.lines.first == "1")
        #expect(subtitles.lines.filter { $0.contains("meters") || $0.contains("scratch") }.isEmpty, "\(subtitles.standardOutput)")
        #expect(subtitles.lines.contains("Thank you very much."))
        let jsonl = try DictateProcess.run(["transcribe", recording, "--format", "jsonl"])
        let commands = Self.objects(jsonl.standardOutput).filter { $0["type"] as? String == "command" }
        #expect(commands.count == 1)
        #expect(commands.first?["command"] as? String == "scratchThat")
        #expect(commands.first?["scratched"] as? Int == 0)
        let literal = try DictateProcess.run(["transcribe", recording, "--no-commands"])
        #expect(literal.standardOutput == "Go forward 10 meters.\nScratch that.\nThank you very much.\n")
    }

    static func objects(_ output: String) -> [[String: Any]] {
        output.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }
}
