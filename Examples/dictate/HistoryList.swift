import ArgumentParser
import DictationHistory
import DictationKit

extension Dictate.History {
    /// `dictate history list`: the kept sessions, grouped by day, newest first.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the kept sessions by day, newest first, with the number that names each.")

        @OptionGroup var options: HistoryDatabaseOptions

        func run() throws {
            guard let store = try options.openExisting() else { return }
            let days = try HistoryDatabaseOptions.run { () throws(DictationError) in try store.sessionsByDay() }
            guard !days.isEmpty else {
                Terminal.write("No sessions in \(store.path) yet.\n", toStandardError: true)
                return
            }
            let width = days.flatMap(\.sessions).map { String($0.id).count }.max() ?? 1
            var text = ""
            for (number, day) in days.enumerated() {
                text += (number == 0 ? "" : "\n") + HistoryDates.day(day.day) + "\n"
                for session in day.sessions { text += Self.line(session, idWidth: width) + "\n" }
            }
            Terminal.write(text)
        }

        /// `  12  09:14–09:20  en-US  3 utterances  go forward ten meters`
        static func line(_ session: HistorySession, idWidth: Int) -> String {
            let id = String(repeating: " ", count: max(0, idWidth - String(session.id).count)) + String(session.id)
            // A session without an end was still running, or its process was killed.
            let end = session.endedAt.map(HistoryDates.time) ?? "…    "
            let count = session.utteranceCount == 1 ? "1 utterance " : "\(session.utteranceCount) utterances"
            let preview = session.preview.count > 60 ? session.preview.prefix(59) + "…" : Substring(session.preview)
            return "  \(id)  \(HistoryDates.time(session.startedAt))–\(end)  \(session.locale)  \(count)  \(preview)"
        }
    }
}
