import ArgumentParser
import Dictation
import Foundation

extension Dictate {
    /// `dictate doctor`: checks everything a live session needs, and says what to do about each
    /// failure; the checks are the library's ``ReadinessReport``.
    struct Doctor: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check the microphone, permissions, model and locale; exit non-zero if one fails.")

        @Option(help: "The ALSA capture device to check.")
        var device: String = "default"

        @OptionGroup var common: CommonOptions

        func run() async throws {
            ALSACaptureSource.setLibraryMessagesPrinted(common.verbose)
            let report = await ReadinessReport(device: device, locale: common.locale, recognizer: common.recognizer)
            show(report, language: common.messageLanguage)
            if !report.isReady { throw ExitCode(1) }
        }

        /// The findings, one line each: ✔ what works, ✘ what doesn't and what to do; then a verdict.
        ///
        /// The lines are in English but for the locale's error, which is in the language of
        /// `dictate`'s errors, as they were before the checks moved into the library.
        private func show(_ report: ReadinessReport, language: DictationError.Language) {
            let width = report.checks.map(\.name.english.count).max() ?? 0
            for check in report.checks {
                let name = check.name.english.padding(toLength: width, withPad: " ", startingAt: 0)
                var detail = check.detail.english
                if case .locale = check.subject, !check.passed { detail = check.detail.string(in: language) }
                Terminal.write("\(check.passed ? "✔" : "✘") \(name)  \(detail)\n")
            }
            Terminal.write(
                report.isReady ? "Ready to dictate: `dictate listen`.\n" : "Something needs fixing; see the ✘ lines.\n")
        }
    }
}
