import DictationKit

/// Adds written text to a session's results, and turns spoken commands into events: an event
/// stage (`DictationEventStage`) for `DictationSession(eventStages:)`.
///
/// Each partial and final gets its `Transcript.writtenText` beside the
/// recognizer's words, which stay as they were (Whisper's own writing stays in `Transcript.text`
/// too). A final starts a sentence unless the one before was left open (it ended on a spoken
/// comma, colon or dash, or on a comma the recognizer wrote); a partial is written as its final
/// would be, without the sentence mark and commands, since the utterance may go on. A command
/// spoken as a whole utterance or at its end follows its final as
/// `DictationEvent.command`; "scratch that" names the last final still in
/// the text, and the sentence state goes back to what it was before that final.
///
/// A session's history (`transcriptStore:`) comes after every stage, so it keeps the written form
/// too; place stages of your own that keep text after this one.
public struct FormattingStage: DictationEventStage {
    /// What the formatter does.
    public let options: FormattingOptions
    private let formatter: (any TextFormatter)?

    /// Creates the stage with the formatter of each run's locale
    /// (``TextFormatters/formatter(for:options:)``).
    /// - Parameter options: What the formatter does.
    public init(options: FormattingOptions = FormattingOptions()) {
        self.options = options
        formatter = nil
    }

    /// Creates the stage with a formatter of your own, whatever the locale.
    /// - Parameter formatter: The formatter.
    public init(formatter: any TextFormatter) {
        options = FormattingOptions()
        self.formatter = formatter
    }

    /// Makes the processor of one run, with the formatter for the locale it recognizes.
    /// - Parameter run: The run.
    /// - Returns: Its processor.
    public func makeProcessor(for run: DictationRunInfo) -> any DictationEventProcessor {
        FormattingProcessor(formatter: formatter ?? TextFormatters.formatter(for: run.locale, options: options))
    }
}

/// One run's formatting: whether the next final starts a sentence, and the finals still in the
/// text, for "scratch that".
final class FormattingProcessor: DictationEventProcessor {
    /// A final still in the text, and the sentence state before it.
    private struct WrittenFinal {
        var utteranceIndex: Int
        var startedSentence: Bool
    }

    /// How many finals "scratch that" can reach back: plenty for a person, bounded for a long run.
    static let scratchableFinals = 100

    private let formatter: any TextFormatter
    private var startsSentence = true
    private var written: [WrittenFinal] = []

    init(formatter: any TextFormatter) {
        self.formatter = formatter
    }

    func process(_ event: DictationEvent) -> [DictationEvent] {
        switch event {
        case .partial(var transcript):
            let result = formatter.format(transcript.text, in: FormattingContext(startsSentence: startsSentence, isFinal: false))
            transcript.writtenText = result.text
            return [.partial(transcript)]
        case .final(var transcript):
            let result = formatter.format(transcript.text, in: FormattingContext(startsSentence: startsSentence, isFinal: true))
            transcript.writtenText = result.text
            if !result.text.isEmpty {
                written.append(WrittenFinal(utteranceIndex: transcript.utteranceIndex, startedSentence: startsSentence))
                if written.count > Self.scratchableFinals { written.removeFirst() }
                startsSentence = result.nextStartsSentence
            }
            guard let kind = result.command else { return [.final(transcript)] }
            return [.final(transcript), .command(command(kind, in: transcript.utteranceIndex))]
        default:
            return [event]
        }
    }

    /// The command's event, and what it does to the text so far.
    private func command(_ kind: DictationCommand.Kind, in utteranceIndex: Int) -> DictationCommand {
        switch kind {
        case .scratchThat:
            let scratched = written.popLast()
            if let scratched { startsSentence = scratched.startedSentence }
            return DictationCommand(kind: kind, utteranceIndex: utteranceIndex, scratchedUtterance: scratched?.utteranceIndex)
        case .newLine, .newParagraph:
            // A line's first word has a capital, as after a spoken "new line".
            startsSentence = true
            return DictationCommand(kind: kind, utteranceIndex: utteranceIndex)
        default:
            return DictationCommand(kind: kind, utteranceIndex: utteranceIndex)
        }
    }
}
