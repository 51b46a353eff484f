import DictationTestSupport
import Foundation
import Testing

/// `--vocabulary`, `--alternatives` and `dictate vocabulary check`, with the real executable on
/// real decoding (Debian's model, so that the words it lacks are known).
@Suite(.timeLimit(.minutes(25))) struct VocabularyCommandTests {
    static let debianModel = PocketSphinxSystemModel.englishUS

    /// A fresh folder with a vocabulary file and, when asked, a sentence spoken by espeak-ng.
    static func folder(vocabulary: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.path + "/VocabularyCommandTests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try vocabulary.write(toFile: folder + "/vocabulary.txt", atomically: true, encoding: .utf8)
        return folder
    }

    static func speak(_ sentence: String, into folder: String) throws -> String {
        let espeak = "/usr/bin/espeak-ng"
        try #require(FileManager.default.isExecutableFile(atPath: espeak), "espeak-ng is missing: apt-get install espeak-ng")
        let path = folder + "/sentence.wav"
        let process = try Process.run(
            URL(fileURLWithPath: espeak), arguments: ["-v", "en-us", "-s", "150", "-w", path, sentence])
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return path
    }

    @Test func transcribeRecognizesANameOnlyWithTheVocabulary() throws {
        let folder = try Self.folder(vocabulary: "# places\nTrondheim\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let wav = try Self.speak("Please send the report to Trondheim tomorrow.", into: folder)
        let without = try DictateProcess.run(["transcribe", wav, "--model", Self.debianModel])
        #expect(without.status == 0, "\(without.standardError)")
        #expect(!without.standardOutput.lowercased().contains("trondheim"), "\(without.standardOutput)")
        let with = try DictateProcess.run(
            ["transcribe", wav, "--model", Self.debianModel, "--vocabulary", folder + "/vocabulary.txt"])
        #expect(with.status == 0, "\(with.standardError)")
        // Written text spells the entry as the vocabulary file does.
        #expect(with.standardOutput.contains("Trondheim"), "\(with.standardOutput)")
        #expect(with.standardError.isEmpty, "every entry was usable: \(with.standardError)")
    }

    @Test func aMalformedVocabularyFileStopsBeforeDecoding() throws {
        let folder = try Self.folder(vocabulary: "Kubernetes rollout | | K UW B\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try DictateProcess.run(
            ["transcribe", DictateProcess.sample("goforward.wav"), "--vocabulary", folder + "/vocabulary.txt"])
        #expect(result.status == 65)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("(invalidVocabulary)"), "\(result.standardError)")
        #expect(result.standardError.contains("line 1"), "\(result.standardError)")
    }

    @Test func alternativesAreInJsonlAndIndentedInText() throws {
        let goforward = DictateProcess.sample("goforward.wav")
        let jsonl = try DictateProcess.run(["transcribe", goforward, "--format", "jsonl", "--alternatives", "3"])
        #expect(jsonl.status == 0, "\(jsonl.standardError)")
        let objects = jsonl.standardOutput.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        let final = try #require(objects.first { $0["type"] as? String == "final" })
        let text = try #require(final["text"] as? String)
        let alternatives = try #require(final["alternatives"] as? [[String: Any]])
        #expect((1...3).contains(alternatives.count), "\(alternatives)")
        let scores = alternatives.compactMap { $0["score"] as? Double }
        #expect(scores.count == alternatives.count && scores == scores.sorted(by: >), "\(alternatives)")
        #expect(alternatives.allSatisfy { ($0["text"] as? String).map { !$0.isEmpty && $0 != text } == true })

        let plain = try DictateProcess.run(["transcribe", goforward, "--format", "jsonl"])
        #expect(!plain.standardOutput.contains("alternatives"), "off by default")

        let lines = try DictateProcess.run(["transcribe", goforward, "--alternatives", "2"]).lines.filter { !$0.isEmpty }
        #expect(lines.first == "Go forward 10 meters.", "the final as written, its alternatives as recognized")
        #expect((1...2).contains(lines.dropFirst().count), "\(lines)")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  alternative: ") && $0.hasSuffix(")") }, "\(lines)")
    }

    @Test func vocabularyCheckSaysWhatEachEntryGetsAndWhatSoundsAlike() throws {
        let folder = try Self.folder(
            vocabulary: "rollout\nTrondheim\nKubernetes rollout | Kubernetes\nzorblax | | Z Q9 L\nred | | R EH D\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try DictateProcess.run(
            ["vocabulary", "check", folder + "/vocabulary.txt", "--model", Self.debianModel])
        #expect(result.status == 65, "one entry is unusable")
        let lines = result.lines
        let line = { (prefix: String) in lines.first { $0.hasPrefix(prefix) } ?? "" }
        #expect(line("known    rollout").contains("rollout: R OW L AW T"), "\(lines)")
        #expect(line("new      Trondheim").contains("trondheim: T R AA N D HH AY M (derived)"), "\(lines)")
        #expect(line("new      Kubernetes rollout").contains("kubernetes: K Y UW B ER N IY T S (derived)"), "\(lines)")
        #expect(line("unusable zorblax").contains("zorblax: Z Q9 L (given)"), "\(lines)")
        #expect(result.standardError.contains("(invalidVocabulary)") && result.standardError.contains("Q9"))
        // "red" given its own dictionary pronunciation sounds the same as "read" (R EH D).
        #expect(lines.contains("warning: \"red\" sounds the same as the dictionary's \"read\""), "\(lines)")
    }
}
