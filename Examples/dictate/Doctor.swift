import ArgumentParser
import Dictation
import DictationDesktop
import Foundation

extension Dictate {
    /// `dictate doctor`: checks everything a live session needs, and says what to do about each
    /// failure; the checks are the library's ``ReadinessReport``.
    struct Doctor: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check the microphone, permissions, models and locale; exit non-zero if one fails.",
            discussion: """
                For the locale it names the PocketSphinx model and the Whisper model that serve it. A locale \
                without a Whisper model is marked – (optional) with the model to install; it does not fail \
                the check. With --plain, when standard output is not a terminal, or with TERM=dumb, the \
                marks are words: ok, failed, optional.
                """)

        @Option(help: "The ALSA capture device to check.")
        var device: String = "default"

        @OptionGroup var style: OutputStyleOptions
        @OptionGroup var common: CommonOptions

        func run() async throws {
            let marks = style.isPlain ? CheckMarks.words : .symbols
            ALSACaptureSource.setLibraryMessagesPrinted(common.verbose)
            let report = await ReadinessReport(device: device, locale: common.locale, recognizer: common.recognizer)
            show(report, marks: marks, language: common.messageLanguage)
            await showOutputs(marks: marks)
            Terminal.write(
                report.isReady
                    ? "Ready to dictate: `dictate listen`.\n"
                    : "Something needs fixing; see \(marks.failedLines) above the typing outputs.\n")
            if !report.isReady { throw ExitCode(1) }
        }

        /// Which outputs `dictate type` could type through here, and why the others can't; they
        /// don't decide the verdict, since `listen` and `transcribe` need none of them.
        private func showOutputs(marks: CheckMarks) async {
            let desktop = DesktopEnvironment()
            // The checks run the tools: off the cooperative pool.
            let (outputs, automatic) = await Task.detached {
                (TextOutputs.availability(in: desktop), try? TextOutputs.automatic(in: desktop))
            }.value
            let width = outputs.map(\.kind.rawValue.count).max() ?? 0
            Terminal.write("Typing into windows (`dictate type --output`; see docs/desktop.md):\n")
            for output in outputs {
                let name = output.kind.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
                let chosen = output.kind == automatic ? " (the default here)" : ""
                Terminal.write(
                    "  \(marks.padded(output.isUsable ? marks.passed : marks.failed)) \(name)  \(output.detail)\(chosen)\n")
            }
        }

        /// The findings, one line each: ✔ (ok) what works, ✘ (failed) what doesn't and what to do,
        /// – (optional) what could be had but is not needed (a Whisper model for the locale).
        ///
        /// The lines are in English but for the locale's errors, which are in the language of
        /// `dictate`'s errors, as they were before the checks moved into the library.
        private func show(_ report: ReadinessReport, marks: CheckMarks, language: DictationError.Language) {
            let width = report.checks.map { $0.name.string(in: .english).count }.max() ?? 0
            for check in report.checks {
                let name = check.name.string(in: .english).padding(toLength: width, withPad: " ", startingAt: 0)
                var detail = check.detail.string(in: .english)
                switch check.subject {
                case .locale, .whisperModel: if !check.passed { detail = check.detail.string(in: language) }
                default: break
                }
                let mark = check.passed ? marks.passed : check.isOptional ? marks.optional : marks.failed
                Terminal.write("\(marks.padded(mark)) \(name)  \(detail)\n")
            }
        }
    }
}
