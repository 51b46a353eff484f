import DictationKit
import Foundation
import Testing

@testable import DictationPocketSphinx

/// Our decoder must be as accurate as `pocketsphinx_continuous` on the same recordings: it uses
/// the same model, defaults and segmentation, so anything worse is a bug in how we drive it.
@Suite("LibriVox accuracy")
struct LibriVoxAccuracyTests {
    static let recordings = ["0870", "0880", "0890", "0920", "0930"].map {
        "sense_and_sensibility_01_austen_64kb-\($0)"
    }

    @Test("Word error rate on the five LibriVox recordings is no worse than pocketsphinx_continuous")
    func wordErrorRate() throws {
        let program = try Fixtures.requireContinuousProgram()
        let references = try Self.references()
        let paths = try Self.recordings.map { try Fixtures.requireTestData("librivox/\($0).wav") }

        // pocketsphinx_continuous prints one line per utterance; its five runs go on beside ours.
        let theirRuns = try paths.map { try BackgroundRun(program, ["-infile", $0]) }

        let recognizer = try Fixtures.recognizer()
        let started = Date()
        var ours = ErrorCount()
        var theirs = ErrorCount()
        for (index, path) in paths.enumerated() {
            let reference = try #require(references[Self.recordings[index]], "no reference for \(path)")
            let decoder = try recognizer.makeDecoder(locale: "en-US")
            let text = try Fixtures.decode(try Fixtures.readWAV(path), with: decoder).finals.map(\.text)
                .joined(separator: " ")
            let their = try theirRuns[index].output()
            let ourCount = ErrorCount(reference: reference, hypothesis: text)
            let theirCount = ErrorCount(reference: reference, hypothesis: their)
            print("\(Self.recordings[index]): ours \(ourCount) \"\(text)\"; theirs \(theirCount)")
            ours += ourCount
            theirs += theirCount
        }
        print(
            "aggregate WER: ours \(ours), pocketsphinx_continuous \(theirs); our decoding took "
                + String(format: "%.1f s", Date().timeIntervalSince(started)))
        #expect(
            ours.rate <= theirs.rate + 0.02, "our WER \(ours.rate) against pocketsphinx_continuous's \(theirs.rate)")
    }

    @Test("The word error rate counts substitutions, insertions and deletions")
    func errorCount() {
        #expect(ErrorCount(reference: "a b c d", hypothesis: "a b c d").errors == 0)
        #expect(ErrorCount(reference: "a b c d", hypothesis: "a x c d").errors == 1)
        #expect(ErrorCount(reference: "a b c d", hypothesis: "a b c d e").errors == 1)
        #expect(ErrorCount(reference: "a b c d", hypothesis: "b c").errors == 2)
        #expect(ErrorCount(reference: "a b", hypothesis: "").errors == 2)
        #expect(ErrorCount(reference: "a b c d", hypothesis: "A  b\nc d").rate == 0)
    }

    /// The reference texts by recording id, from `librivox/transcription`
    /// (`<s> words </s> (id)` per line).
    static func references() throws -> [String: String] {
        let path = try Fixtures.requireTestData("librivox/transcription")
        var references: [String: String] = [:]
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            guard let open = line.lastIndex(of: "("), let close = line.lastIndex(of: ")"), open < close else {
                continue
            }
            let id = String(line[line.index(after: open)..<close])
            let words = line[..<open].split(separator: " ").filter { $0 != "<s>" && $0 != "</s>" }
            references[id] = words.joined(separator: " ")
        }
        return references
    }
}

/// Word errors against a reference: the Levenshtein distance over words.
struct ErrorCount: CustomStringConvertible {
    var errors = 0
    var referenceWords = 0

    init() {}

    init(reference: String, hypothesis: String) {
        let expected = Self.words(reference)
        let heard = Self.words(hypothesis)
        // One row of the edit-distance table at a time.
        var previous = Array(0...heard.count)
        for (i, word) in expected.enumerated() {
            var current = [i + 1] + [Int](repeating: 0, count: heard.count)
            for (j, candidate) in heard.enumerated() {
                let substitution = previous[j] + (word == candidate ? 0 : 1)
                current[j + 1] = min(substitution, previous[j + 1] + 1, current[j] + 1)
            }
            previous = current
        }
        errors = previous[heard.count]
        referenceWords = expected.count
    }

    var rate: Double { referenceWords == 0 ? 0 : Double(errors) / Double(referenceWords) }

    var description: String { String(format: "%.3f (%d/%d)", rate, errors, referenceWords) }

    static func += (left: inout ErrorCount, right: ErrorCount) {
        left.errors += right.errors
        left.referenceWords += right.referenceWords
    }

    private static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
    }
}

/// A program started now whose standard output is collected later.
final class BackgroundRun {
    private let process = Process()
    private let pipe = Pipe()
    private let program: String

    init(_ program: String, _ arguments: [String]) throws {
        self.program = program
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Waits for the program and returns its output, lines joined by spaces.
    func output() throws -> String {
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(program) exited with status \(process.terminationStatus)")
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
