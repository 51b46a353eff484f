import ArgumentParser
import DictationHistory
import DictationKit

extension Dictate.History {
    /// `dictate history show ID`: a session and its utterances with their times.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a session: when, which locale, every utterance with its time.")

        @Argument(
            help: ArgumentHelp("The session: its number in `dictate history list`, or the start of its UUID.", valueName: "id"))
        var session: String

        @OptionGroup var options: HistoryDatabaseOptions

        func run() throws {
            guard let store = try options.openExisting() else { throw ExitCode(1) }
            let session = try options.session(self.session, in: store)
            let utterances = try HistoryDatabaseOptions.run { () throws(DictationError) in
                try store.utterances(inSession: session.id)
            }
            let ended = session.endedAt.map { " – " + HistoryDates.time($0) } ?? " (no end recorded)"
            let locale =
                session.locale == session.requestedLocale
                ? session.locale : "\(session.locale) (\(session.requestedLocale) was asked for)"
            var text = "Session \(session.id), \(HistoryDates.dateAndTime(session.startedAt))\(ended), \(locale)\n"
            text += "UUID \(session.uuid.uuidString.lowercased())\n"
            if let recording = session.recordingPath { text += "Recording \(recording)\n" }
            text += "\n"
            let clock = SubtitleFormatter(kind: .vtt)
            for utterance in utterances {
                let times =
                    "\(clock.timestamp(utterance.transcript.startTime)) → \(clock.timestamp(utterance.transcript.endTime))"
                text += "\(utterance.index)  \(times)  \(utterance.shownText)\n"
            }
            if utterances.isEmpty { text += "(no utterances)\n" }
            Terminal.write(text)
        }
    }

    /// `dictate history export ID --format F`: a session as text, events or subtitles.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a session as text, jsonl (its final events), srt or vtt, as `dictate transcribe` would.")

        @Argument(
            help: ArgumentHelp("The session: its number in `dictate history list`, or the start of its UUID.", valueName: "id"))
        var session: String

        @Option(help: "text (a line per utterance), jsonl (final events), srt or vtt (subtitles).")
        var format: OutputFormat = .text

        @OptionGroup var options: HistoryDatabaseOptions

        func run() throws {
            guard let store = try options.openExisting() else { throw ExitCode(1) }
            let session = try options.session(self.session, in: store)
            let format = TranscriptExportFormat(rawValue: self.format.rawValue) ?? .text
            let document = try HistoryDatabaseOptions.run { () throws(DictationError) in
                try store.export(sessionID: session.id, as: format)
            }
            Terminal.write(document ?? "")
        }
    }
}
