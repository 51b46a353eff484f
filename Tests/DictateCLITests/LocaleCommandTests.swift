import Foundation
import Testing

/// `dictate` and locales: the fallback note, and errors in the language of `--locale` or `LANG`.
@Suite(.timeLimit(.minutes(25))) struct LocaleCommandTests {
    static let goforward = DictateProcess.sample("goforward.wav")
    static let missing = "/nonexistent/dictate-tests/talk.wav"

    /// The test environment with the user's language set by `LANG` alone.
    static func environment(lang: String) -> [String: String] {
        var environment = DictateProcess.environment
        environment["LC_ALL"] = nil
        environment["LC_MESSAGES"] = nil
        environment["LANG"] = lang
        return environment
    }

    @Test func aLocaleWithoutAModelFallsBackToEnglishWithANoteOnStandardError() throws {
        let result = try DictateProcess.run(
            ["transcribe", Self.goforward, "--locale", "xx-YY"], environment: Self.environment(lang: "C.UTF-8"))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Go forward 10 meters.\n", "the note never mixes with the text")
        #expect(
            result.standardError == "dictate: I have no speech model for xx-YY, so I'm recognizing en-US instead; "
                + "`dictate locales` lists the installed ones.\n")
    }

    @Test func theNoteIsInNorwegianForANorwegianLocale() throws {
        let result = try DictateProcess.run(
            ["transcribe", Self.goforward, "--locale", "nb-NO"], environment: Self.environment(lang: "C.UTF-8"))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Go forward 10 meters.\n")
        #expect(result.standardError.hasPrefix("dictate: Jeg har ingen talemodell for nb-NO, så jeg gjenkjenner en-US"))
    }

    @Test func jsonlSaysWhichLocaleIsUsedFirst() throws {
        let result = try DictateProcess.run(
            ["transcribe", Self.goforward, "--locale", "nb-NO", "--format", "jsonl"],
            environment: Self.environment(lang: "C.UTF-8"))
        #expect(result.status == 0, "\(result.standardError)")
        let first = try #require(result.lines.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(object["type"] as? String == "localeSelected")
        #expect(object["requestedLocale"] as? String == "nb-NO")
        #expect(object["locale"] as? String == "en-US")
        #expect(result.standardError.isEmpty, "in jsonl the event is the note")
    }

    @Test func anInstalledLocaleGetsNoNote() throws {
        let result = try DictateProcess.run(
            ["transcribe", Self.goforward, "--locale", "en_US.UTF-8", "--format", "jsonl"],
            environment: Self.environment(lang: "C.UTF-8"))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardOutput.contains("localeSelected"))
    }

    @Test func errorsAreInTheLanguageOfTheLocaleAskedFor() throws {
        let norwegian = try DictateProcess.run(
            ["transcribe", Self.missing, "--locale", "nb-NO"], environment: Self.environment(lang: "C.UTF-8"))
        #expect(norwegian.status == 65)
        #expect(
            norwegian.standardError.contains("Jeg kan ikke bruke denne lyden: filen \(Self.missing) finnes ikke."),
            "\(norwegian.standardError)")
        #expect(norwegian.standardError.hasSuffix("(invalidAudio)\n"), "the code never changes with the language")

        let english = try DictateProcess.run(
            ["transcribe", Self.missing, "--locale", "en-US"], environment: Self.environment(lang: "nb_NO.UTF-8"))
        #expect(english.status == 65)
        #expect(english.standardError.contains("I can't use this audio: the file \(Self.missing) doesn't exist."))
    }

    @Test func withoutLocaleErrorsAreInTheLanguageOfLANG() throws {
        let result = try DictateProcess.run(["transcribe", Self.missing], environment: Self.environment(lang: "nb_NO.UTF-8"))
        #expect(result.status == 65)
        #expect(result.standardError.contains("filen \(Self.missing) finnes ikke"), "\(result.standardError)")

        let jsonl = try DictateProcess.run(
            ["transcribe", Self.missing, "--format", "jsonl"], environment: Self.environment(lang: "nb_NO.UTF-8"))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data((jsonl.lines.first ?? "").utf8)) as? [String: Any])
        #expect(object["errorCode"] as? String == "invalidAudio")
        #expect((object["message"] as? String)?.hasPrefix("Jeg kan ikke bruke denne lyden") == true)
    }

    @Test func commandsWithoutLocaleUseLANGToo() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("models-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let result = try DictateProcess.run(
            ["locales", "--model", empty.path], environment: Self.environment(lang: "nb_NO.UTF-8"))
        #expect(result.status == 69)
        #expect(result.standardError.hasPrefix("dictate: Jeg finner ingen talemodell: ingen er installert i "))
        #expect(result.standardError.hasSuffix("(modelNotFound)\n"))
    }
}
