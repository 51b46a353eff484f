import DictationKit
import Foundation
import Testing

@testable import DictationPocketSphinx

/// Custom vocabulary on real decoding: words the model lacks get a pronunciation from espeak-ng
/// and are added to the running decoder; a decoder handed to a session with another vocabulary
/// forgets the earlier one.
@Suite(.timeLimit(.minutes(25))) struct VocabularyTests {
    /// "Please send the report to Trondheim tomorrow." spoken by espeak-ng, at 16 kHz.
    static func trondheimSentence() throws -> [Float] {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try EndpointerBoundaryTests.speak("Please send the report to Trondheim tomorrow.", in: directory)
    }

    /// The final of one utterance decoded whole by a decoder made with a vocabulary and an
    /// alternative count (or by `decoder`), and what the decoder could not honour.
    static func final(
        of samples: [Float], vocabulary: Vocabulary = Vocabulary(), alternativeCount: Int = 0,
        decoder: (any UtteranceDecoder)? = nil
    ) throws -> (transcript: Transcript, notes: [DictationError], decoder: any UtteranceDecoder) {
        let configuration = DecoderConfiguration(
            locale: "en-US", reportsPartials: false, vocabulary: vocabulary, alternativeCount: alternativeCount)
        let decoder = try decoder ?? Fixtures.recognizer().makeUtteranceDecoder(configuration)
        let notes = decoder.takeNotices()
        try decoder.beginUtterance(at: 0)
        _ = try decoder.process(samples, reportPartials: false)
        return (try #require(try decoder.endUtterance().finals.first), notes, decoder)
    }

    @Test func wordsTheDictionaryLacksGetARPAbetPronunciationsFromEspeak() throws {
        let dictionary = ["please": "P L IY Z"]
        let vocabulary = Vocabulary([
            .init("please"), .init("Trondheim"), .init("Kubernetes rollout"), .init("Dagny", pronunciations: ["d ae g  n iy"]),
        ])
        let resolved = VocabularyPronunciations(vocabulary, locale: "en-US", lookUp: { dictionary[$0] })
        let words = Dictionary(resolved.entries.flatMap(\.words).map { ($0.text, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(words["please"]?.source == .dictionary)
        #expect(words["please"]?.pronunciations == ["P L IY Z"])
        #expect(words["dagny"]?.source == .given)
        #expect(words["dagny"]?.pronunciations == ["D AE G N IY"], "given phones are upper-cased and spaced once")
        #expect(words["trondheim"]?.source == .derived)
        #expect(words["trondheim"]?.pronunciations == ["T R AA N D HH AY M"])
        #expect(words["kubernetes"]?.pronunciations == ["K Y UW B ER N IY T S"])
        for word in words.values {
            for phone in word.pronunciations.flatMap({ $0.split(separator: " ") }) {
                #expect(ARPAbetPhones.phoneSet.contains(String(phone)), "\(word.text): \(phone)")
            }
        }
        #expect(resolved.problems.isEmpty)
        // The words to add are those the dictionary lacks, and the one given its own pronunciation.
        #expect(Set(resolved.additions.map(\.word)) == ["trondheim", "kubernetes", "rollout", "dagny"])
    }

    @Test func anOutOfDictionaryNameIsRecognizedOnceAddedAndNotBefore() throws {
        let samples = try Self.trondheimSentence()
        let without = try Self.final(of: samples)
        #expect(!without.transcript.text.contains("trondheim"), "the model has no such word: \(without.transcript.text)")
        let with = try Self.final(of: samples, vocabulary: Vocabulary([.init("Trondheim")]))
        #expect(with.notes.isEmpty)
        #expect(with.transcript.text.contains("trondheim"), "\(with.transcript.text)")
        #expect(with.transcript.words.contains { $0.text == "trondheim" && $0.end > $0.start })
    }

    @Test func aDecodersVocabularyIsItsOwnAndOutlivesNoDecoder() throws {
        let samples = try Self.trondheimSentence()
        let first = try Self.final(of: samples, vocabulary: Vocabulary([.init("Trondheim")]))
        #expect(first.transcript.text.contains("trondheim"), "\(first.transcript.text)")
        // A decoder made after it, of the same recognizer and model, without the vocabulary.
        let second = try Self.final(of: samples)
        #expect(!second.transcript.text.contains("trondheim"), "\(second.transcript.text)")
        // The first keeps its own, and reports what it could not honour once only.
        let again = try Self.final(of: samples, decoder: first.decoder)
        #expect(again.transcript.text.contains("trondheim"), "\(again.transcript.text)")
        #expect(again.notes.isEmpty)
    }

    @Test func anEntryWithPhonesTheModelLacksIsReportedAndTheOthersStillWork() throws {
        let samples = try Self.trondheimSentence()
        let vocabulary = Vocabulary([.init("Trondheim"), .init("zorblax", pronunciations: ["Z AO R Q9 L AE K S"])])
        let result = try Self.final(of: samples, vocabulary: vocabulary)
        #expect(result.notes.map(\.code) == [.invalidVocabulary])
        #expect(result.notes.allSatisfy { !$0.isFatal && $0.message.contains("zorblax") })
        #expect(result.transcript.text.contains("trondheim"), "\(result.transcript.text)")
    }

    @Test func alternativesDifferFromTheFinalAndComeLikeliestFirst() throws {
        let samples = try Fixtures.goForward()
        let plain = try Self.final(of: samples)
        #expect(plain.transcript.alternatives.isEmpty, "none unless asked for")
        let result = try Self.final(of: samples, alternativeCount: 4)
        let alternatives = result.transcript.alternatives
        #expect(result.transcript.text == "go forward ten meters")
        #expect((1...4).contains(alternatives.count), "\(alternatives)")
        #expect(alternatives.allSatisfy { $0.text != result.transcript.text && !$0.text.isEmpty })
        #expect(Set(alternatives.map(\.text)).count == alternatives.count, "each text once")
        #expect(alternatives.map(\.score) == alternatives.map(\.score).sorted(by: >), "\(alternatives)")
        #expect(alternatives.allSatisfy { $0.score.isFinite })
    }
}
