import DictationFormatting
import DictationKit
import Foundation
import Testing

/// The spoken → written table (`Resources/formatting-cases.tsv`) is the English formatter's
/// specification: what a careful writer types for what was said. Accuracy is exact match
/// (text and command), per kind and overall.
@Suite("Spoken to written: the table", .timeLimit(.minutes(25)))
struct FormattingTableTests {
    @Test("the table is big enough and covers every kind")
    func tableCoversTheKinds() {
        #expect(FormattingCase.all.count >= 200)
        let expected = [
            "capitals", "sentenceMarks", "questions", "spokenPunctuation", "layout", "cardinals", "ordinals", "decimals",
            "percent", "currency", "times", "dates", "years", "phone", "commands", "smallNumbers", "noFalsePositive",
            "written",
        ]
        #expect(Set(FormattingCase.kinds) == Set(expected))
    }

    @Test("accuracy per kind, at least 80 % each", arguments: FormattingCase.kinds)
    func accuracyOfKind(_ kind: String) {
        let cases = FormattingCase.all.filter { $0.kind == kind }
        let misses = cases.filter { !$0.matches($0.run()) }
        let accuracy = Double(cases.count - misses.count) / Double(cases.count)
        print("formatting \(kind): \(cases.count - misses.count)/\(cases.count) = \(Self.percent(accuracy))")
        for miss in misses {
            let result = miss.run()
            print(
                "  line \(miss.line): \"\(miss.spoken)\" → \(result.text.debugDescription) \(result.command?.rawValue ?? "-"), expected \(miss.written.debugDescription) \(miss.command?.rawValue ?? "-")"
            )
        }
        #expect(accuracy >= 0.8, "\(kind): \(Self.percent(accuracy))")
    }

    @Test("accuracy overall, at least 95 %")
    func accuracyOverall() {
        let cases = FormattingCase.all
        var table = "| kind | cases | exact |\n| --- | --- | --- |\n"
        for kind in FormattingCase.kinds {
            let ofKind = cases.filter { $0.kind == kind }
            let right = ofKind.filter { $0.matches($0.run()) }.count
            table += "| \(kind) | \(ofKind.count) | \(right) (\(Self.percent(Double(right) / Double(ofKind.count)))) |\n"
        }
        let right = cases.filter { $0.matches($0.run()) }.count
        let accuracy = Double(right) / Double(max(1, cases.count))
        table += "| all | \(cases.count) | \(right) (\(Self.percent(accuracy))) |"
        print(table)
        #expect(accuracy >= 0.95, "overall: \(Self.percent(accuracy))")
    }

    /// A recognizer that writes (Whisper) gives text like the formatter's own. Read again, each
    /// written text the formatter gets right comes back as it is: nothing is capitalized,
    /// punctuated or turned into digits twice, and no command or spoken mark is found in it.
    @Test("written text read again comes back unchanged")
    func writtenTextIsAFixedPoint() {
        let written = FormattingCase.all.filter { !$0.written.isEmpty && $0.matches($0.run()) }
        #expect(written.count >= 250)
        for item in written {
            let again = EnglishTextFormatter(options: item.options).format(item.written, in: item.context)
            #expect(
                again.text == item.written && again.command == nil,
                "line \(item.line): \(item.written.debugDescription) → \(again.text.debugDescription)")
        }
    }

    static func percent(_ value: Double) -> String { String(format: "%.1f %%", value * 100) }
}
