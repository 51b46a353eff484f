import ArgumentParser
import DictationCapture
import DictationKit
import DictationPocketSphinx
import Foundation

extension Dictate {
    /// `dictate doctor`: checks everything a live session needs, and says what to do about each failure.
    struct Doctor: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check the microphone, permissions, model and locale; exit non-zero if one fails.")

        @Option(help: "The ALSA capture device to check.")
        var device: String = "default"

        @OptionGroup var common: CommonOptions

        func run() throws {
            ALSACaptureSource.setLibraryMessagesPrinted(common.verbose)
            var report = DoctorReport()

            let devices = ALSACaptureSource.captureDevices()
            report.check("capture devices", devices.isEmpty ? .failure(
                "ALSA lists none. Plug in a microphone, or check ALSA's set-up with `arecord -L`.")
                : .success(devices.map(\.name).prefix(5).joined(separator: ", ") + (devices.count > 5 ? ", …" : "")))

            switch ALSACaptureSource(device: device).checkAccess() {
            case .granted:
                report.check("device \(device)", .success("opens for capture"))
            case .denied(let reason):
                report.check("device \(device)", .failure(reason))
            case .noDevice:
                report.check("device \(device)", .failure("there is no such capture device; `dictate devices` lists them, pick one with --device"))
            case .noModel:
                report.check("device \(device)", .failure("unexpected answer from the device check"))
            }

            let recognizer = common.recognizer
            let locales = recognizer.supportedLocales()
            report.check("installed models", locales.isEmpty ? .failure(
                "none. Install one: `dictate models install en-US-large` or `apt-get install pocketsphinx-en-us`, or give --model DIR")
                : .success(locales.joined(separator: ", ")))

            do {
                let model = try recognizer.model(for: common.locale)
                report.check("locale \(common.locale)", .success("model \(model.name) (\(model.locale), rank \(model.rank)) in \(model.directory)"))
                let started = ContinuousClock.now
                _ = try recognizer.makeDecoder(locale: common.locale)
                let seconds = Double((ContinuousClock.now - started) / .milliseconds(1)) / 1000
                report.check("decoder", .success(String(format: "loads in %.2f s", seconds)))
            } catch {
                let error = error.localized(to: common.messageLanguage)
                report.check("locale \(common.locale)", .failure(error.description))
            }

            report.print()
            if report.failed { throw ExitCode(1) }
        }
    }
}

/// The doctor's findings, one line each: ✔ what works, ✘ what doesn't and what to do.
struct DoctorReport {
    enum Outcome {
        case success(String)
        case failure(String)
    }

    private var lines: [(name: String, outcome: Outcome)] = []
    private(set) var failed = false

    mutating func check(_ name: String, _ outcome: Outcome) {
        if case .failure = outcome { failed = true }
        lines.append((name, outcome))
    }

    func print() {
        let width = lines.map(\.name.count).max() ?? 0
        for line in lines {
            let name = line.name.padding(toLength: width, withPad: " ", startingAt: 0)
            switch line.outcome {
            case .success(let detail): Terminal.write("✔ \(name)  \(detail)\n")
            case .failure(let detail): Terminal.write("✘ \(name)  \(detail)\n")
            }
        }
        Terminal.write(failed ? "Something needs fixing; see the ✘ lines.\n" : "Ready to dictate: `dictate listen`.\n")
    }
}
