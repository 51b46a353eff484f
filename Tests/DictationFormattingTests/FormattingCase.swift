import DictationFormatting
import DictationKit
import Foundation
import Testing

/// One row of `Resources/formatting-cases.tsv`: what was said, and what a careful writer types.
struct FormattingCase: Sendable, CustomTestStringConvertible {
    let line: Int
    let kind: String
    let spoken: String
    let written: String
    let command: DictationCommand.Kind?
    let options: FormattingOptions
    let context: FormattingContext

    var testDescription: String { "\(kind): \(spoken)" }

    /// The formatter's result for this case.
    func run() -> FormattedText {
        EnglishTextFormatter(options: options).format(spoken, in: context)
    }

    func matches(_ result: FormattedText) -> Bool { result.text == written && result.command == command }

    static let all: [FormattingCase] = {
        guard let url = Bundle.module.url(forResource: "formatting-cases", withExtension: "tsv"),
            let table = try? String(contentsOf: url, encoding: .utf8)
        else { return [] }
        return table.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, row in
            guard !row.hasPrefix("#"), !row.isEmpty else { return nil }
            return FormattingCase(line: number + 1, row: String(row))
        }
    }()

    static var kinds: [String] {
        var seen: [String] = []
        for item in all where !seen.contains(item.kind) { seen.append(item.kind) }
        return seen
    }

    private init?(line: Int, row: String) {
        let fields = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 4 else { return nil }
        self.line = line
        kind = fields[0]
        spoken = fields[1]
        written = fields[2].replacingOccurrences(of: "\\n", with: "\n")
        command = fields[3] == "-" ? nil : DictationCommand.Kind(rawValue: fields[3])
        var options = FormattingOptions()
        var context = FormattingContext()
        let flags = fields.count > 4 ? fields[4].split(separator: ",").map(String.init) : []
        for flag in flags {
            switch flag {
            case "digits": options.numbers = .digits
            case "words": options.numbers = .words
            case "continues": context.startsSentence = false
            case "partial": context.isFinal = false
            case "nospoken": options.spokenPunctuation = false
            case "nocommands": options.commands = false
            case "nocaps": options.capitals = false
            case "nomarks": options.sentenceMarks = false
            case "off": options = .off
            default:
                guard flag.hasPrefix("spell:"), let equals = flag.firstIndex(of: "=") else { return nil }
                options.spellings[String(flag[flag.index(flag.startIndex, offsetBy: 6)..<equals])] =
                    String(flag[flag.index(after: equals)...])
            }
        }
        self.options = options
        self.context = context
    }
}
