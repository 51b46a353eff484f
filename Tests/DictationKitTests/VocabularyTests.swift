import DictationKit
import DictationTesting
import Foundation
import Testing

/// The vocabulary type, its file formats, and how a session hands it to a recognizer that takes none.
@Suite(.timeLimit(.minutes(25))) struct VocabularyTests {
    @Test func theLineFormatReadsPhrasesSpellingsAndPronunciations() throws {
        let vocabulary = try Vocabulary(
            parsing: """
                # names and jargon
                Siobhan
                  Kubernetes   rollout   # a comment after an entry

                postgres q l | PostgreSQL
                Dagny | | D AE G N IY ; d aa g n iy
                """)
        #expect(vocabulary.entries.map(\.phrase) == ["Siobhan", "Kubernetes   rollout", "postgres q l", "Dagny"])
        #expect(vocabulary.entries[1].words == ["kubernetes", "rollout"])
        #expect(vocabulary.entries[1].writtenForm == "Kubernetes rollout")
        #expect(vocabulary.entries[2].spelling == "PostgreSQL")
        #expect(vocabulary.entries[2].writtenForm == "PostgreSQL")
        #expect(vocabulary.entries[3].spelling == nil)
        #expect(vocabulary.entries[3].pronunciations == ["D AE G N IY", "d aa g n iy"])
        #expect(vocabulary.words == ["siobhan", "kubernetes", "rollout", "postgres", "q", "l", "dagny"])
        #expect(vocabulary.boost == Vocabulary.standardBoost)
    }

    @Test(arguments: [
        ("a | b | c | d", "line 1 has more than three fields"),
        ("fine\n | Written", "line 2 has no words to recognize"),
        ("Kubernetes rollout | | K UW", "gives pronunciations for \"Kubernetes rollout\", which has several words"),
    ])
    func malformedLinesAreRejectedWithTheirLine(text: String, detail: String) {
        #expect {
            _ = try Vocabulary(parsing: text, source: "names.txt")
        } throws: { error in
            guard let error = error as? DictationError else { return false }
            return error.code == .invalidVocabulary && error.isFatal && error.message.contains("names.txt")
                && error.message.contains(detail)
                && error.message(in: .norwegianBokmal) != error.message(in: .english)
        }
    }

    @Test func jsonFilesAreReadWholeOrAsAnArrayOfEntries() throws {
        let directory = FileManager.default.temporaryDirectory.path + "/VocabularyTests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let whole = directory + "/whole.json"
        try #"{"boost": 0.2, "entries": [{"phrase": "Trondheim"}, {"phrase": "postgres q l", "spelling": "PostgreSQL"}]}"#
            .write(toFile: whole, atomically: true, encoding: .utf8)
        let read = try Vocabulary(contentsOfFile: whole)
        #expect(read.boost == 0.2)
        #expect(read.entries == [.init("Trondheim"), .init("postgres q l", spelling: "PostgreSQL")])
        let array = directory + "/array.json"
        try #"  [{"phrase": "Dagny", "pronunciations": ["D AE G N IY"]}]"#.write(toFile: array, atomically: true, encoding: .utf8)
        #expect(try Vocabulary(contentsOfFile: array).entries == [.init("Dagny", pronunciations: ["D AE G N IY"])])
        let text = directory + "/names.txt"
        try "Siobhan\n".write(toFile: text, atomically: true, encoding: .utf8)
        #expect(try Vocabulary(contentsOfFile: text).entries == [.init("Siobhan")])
        // Encoding and decoding give the same vocabulary back.
        let encoded = try JSONEncoder().encode(read)
        #expect(try JSONDecoder().decode(Vocabulary.self, from: encoded) == read)
        for bad in [#"{"entries": [{"spelling": "x"}]}"#, #"{"boost": 3, "entries": []}"#] {
            try bad.write(toFile: whole, atomically: true, encoding: .utf8)
            #expect(throws: DictationError.self) { try Vocabulary(contentsOfFile: whole) }
        }
        #expect(throws: DictationError.self) { try Vocabulary(contentsOfFile: directory + "/missing.txt") }
    }

    @Test func aRecognizerThatTakesNoVocabularySaysSoOnceAndTheSessionGoesOn() async throws {
        let session = DictationSession(
            source: InMemoryAudioSource(samples: [Float](repeating: 0, count: 48_000)),
            preprocessing: PassthroughPreprocessing(),
            recognizer: ScriptedRecognizer(utterances: [.init("go forward", from: 0.5, to: 2.0)]))
        var options = DictationOptions(endpointing: .scripted)
        options.vocabulary = Vocabulary([.init("Trondheim")])
        options.alternativeCount = 3
        let events = try await session.collectEvents(options)
        #expect(events.errors.map(\.code) == [.vocabularyUnsupported])
        #expect(events.errors.allSatisfy { !$0.isFatal })
        #expect(events.finalTexts == ["go forward"])
        #expect(events.finals.allSatisfy { $0.alternatives.isEmpty }, "a recognizer without alternatives gives none")
        // Without a vocabulary there is nothing to say.
        let plainSession = DictationSession(
            source: InMemoryAudioSource(samples: [Float](repeating: 0, count: 48_000)),
            preprocessing: PassthroughPreprocessing(),
            recognizer: ScriptedRecognizer(utterances: [.init("go forward", from: 0.5, to: 2.0)]))
        let plain = try await plainSession.collectEvents(DictationOptions(endpointing: .scripted))
        #expect(plain.errors.isEmpty)
    }

    @Test func alternativesAreInTheJSONFormOnlyWhenThereAreSome() throws {
        var transcript = Transcript(text: "go forward", utteranceIndex: 0, startTime: 0, endTime: 1)
        #expect(!DictationEvent.final(transcript).jsonLine().contains("alternatives"))
        transcript.alternatives = [.init(text: "go for word", score: -12.34567), .init(text: "no forward", score: -13)]
        let line = DictationEvent.final(transcript).jsonLine()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let alternatives = try #require(object["alternatives"] as? [[String: Any]])
        #expect(alternatives.map { $0["text"] as? String } == ["go for word", "no forward"])
        #expect(alternatives.first?["score"] as? Double == -12.346)
        // A transcript stored before alternatives existed reads back with none; one with them keeps them.
        let old = #"{"text":"go","words":[],"utteranceIndex":0,"startTime":0,"endTime":1,"stableWordCount":0}"#
        #expect(try JSONDecoder().decode(Transcript.self, from: Data(old.utf8)).alternatives.isEmpty)
        let roundTrip = try JSONDecoder().decode(Transcript.self, from: JSONEncoder().encode(transcript))
        #expect(roundTrip == transcript)
    }
}
