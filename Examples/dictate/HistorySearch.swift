import ArgumentParser
import DictationHistory
import DictationKit

extension Dictate.History {
    /// `dictate history search WORDS`: the utterances that contain all the words.
    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find the utterances that contain all the words given (or words that begin with them).",
            discussion: "Exits 1 when nothing matches, as grep does.")

        @Argument(help: ArgumentHelp("What to look for, e.g. `ten met`; case and punctuation are ignored.", valueName: "words"))
        var words: [String]

        @Option(help: "Show at most this many utterances.")
        var limit = 100

        @OptionGroup var options: HistoryDatabaseOptions

        func validate() throws {
            guard words.contains(where: { $0.contains { $0.isLetter || $0.isNumber } }) else {
                throw ValidationError("Give at least one word to look for.")
            }
            guard limit > 0 else { throw ValidationError("--limit must be a positive number") }
        }

        func run() throws {
            guard let store = try options.openExisting() else { throw ExitCode(1) }
            let query = words.joined(separator: " ")
            let limit = self.limit
            let results = try HistoryDatabaseOptions.run { () throws(DictationError) in try store.search(query, limit: limit) }
            guard !results.isEmpty else { throw ExitCode(1) }
            let width = results.map { String($0.session.id).count }.max() ?? 1
            let clock = SubtitleFormatter(kind: .vtt)
            var text = ""
            for result in results {
                let id = String(result.session.id)
                let padded = String(repeating: " ", count: width - id.count) + id
                let when = HistoryDates.dateAndTime(result.session.startedAt).prefix(16)
                text +=
                    "\(padded)  \(when)  \(clock.timestamp(result.utterance.transcript.startTime))  \(result.utterance.text)\n"
            }
            Terminal.write(text)
        }
    }

    /// `dictate history delete ID`: removes a session, its utterances and its recording.
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a session: its utterances, and its recording file if it has one.")

        @Argument(
            help: ArgumentHelp("The session: its number in `dictate history list`, or the start of its UUID.", valueName: "id"))
        var session: String

        @OptionGroup var options: HistoryDatabaseOptions

        func run() throws {
            guard let store = try options.openExisting() else { throw ExitCode(1) }
            let session = try options.session(self.session, in: store)
            _ = try HistoryDatabaseOptions.run { () throws(DictationError) in try store.deleteSession(id: session.id) }
            let recording = session.recordingPath.map { " and its recording \($0)" } ?? ""
            Terminal.write("Deleted session \(session.id)\(recording).\n", toStandardError: true)
        }
    }
}
