import ArgumentParser
import DictationDesktop
import DictationFeedback
import DictationKit
import Foundation

extension Dictate {
    /// `dictate control`: commands to a running `dictate type`, for hotkeys, bars and scripts.
    struct Control: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Control a running `dictate type`: start, stop, toggle, cancel, suspend, resume, status, read-back, quit.",
            discussion: """
                Talks to the instance over its socket, $XDG_RUNTIME_DIR/dictationkit/control.sock. Each \
                command prints the state it left the instance in (one line; with --format jsonl, the \
                status as JSON) and exits 0. Push-to-talk: bind `dictate control start` to a key's press \
                and `dictate control stop` to its release. `status --follow` prints the status, then \
                every change, until the instance quits: one line each, or one JSON object a line for \
                waybar and polybar (see docs/desktop.md). `read-back` says the last utterance aloud. \
                With --speak the state is said aloud too ("listening", "suspended", "idle"), for a \
                hotkey used without looking. With no instance running it says so (aloud too, with \
                --speak) with the code notRunning and exits 69.
                """)

        @Argument(help: ArgumentHelp("What to do.", valueName: "command"))
        var command: ControlVerb

        @Option(help: "Output: text (\"listening -32 dB\") or jsonl (the status as JSON).")
        var format: ControlFormat = .text

        @Flag(help: "With status: keep printing every change until the instance quits.")
        var follow = false

        @Flag(help: "Say the state the command left the instance in aloud (the instance says it, on its own device).")
        var speak = false

        @Option(help: ArgumentHelp("The ALSA device --speak says \"not running\" on.", valueName: "device"))
        var playbackDevice = "default"

        @Option(
            help: ArgumentHelp("The control socket (default: $XDG_RUNTIME_DIR/dictationkit/control.sock).", valueName: "path"))
        var socket: String?

        func validate() throws {
            if follow, command != .status {
                throw ValidationError("--follow goes with status only: `dictate control status --follow`")
            }
        }

        func run() async throws {
            let language = DictationError.Language()
            do throws(DictationError) {
                let path: String
                if let socket { path = socket } else { path = try DictationControlServer.socketPath(in: DesktopEnvironment()) }
                let client = DictationControlClient(path: path)
                if follow {
                    try await printFollowing(client)
                } else {
                    print(try await client.send(command.command))
                    // The instance says it: it silences its microphone while it plays, so the words
                    // are not typed.
                    if speak { _ = try await client.send(.sayStatus) }
                }
            } catch {
                Terminal.write("dictate: \(error.localized(to: language).description)\n", toStandardError: true)
                if speak, error.code == .notRunning {
                    await say(ControlSpeech.notRunning(in: language), language: language)
                }
                throw ExitCode(CLIExitCode.for(error))
            }
        }

        /// Says `text` on the playback device and waits until it has been heard: with no instance
        /// running, no microphone hears it.
        private func say(_ text: String, language: DictationError.Language) async {
            do throws(DictationError) {
                let feedback = try AudioFeedback(options: .init(device: playbackDevice, cues: false))
                feedback.say(text, locale: ControlSpeech.locale(of: language))
                await DedicatedThread.run { feedback.waitUntilPlayed() }
                for problem in feedback.takeProblems() {
                    Terminal.write("dictate: \(problem.localized(to: language).description)\n", toStandardError: true)
                }
            } catch {
                Terminal.write("dictate: \(error.localized(to: language).description)\n", toStandardError: true)
            }
        }

        /// One line per change: the rendered line, so that a level that moves less than a decibel
        /// prints nothing new. Standard output is written unbuffered, a line at a time.
        private func printFollowing(_ client: DictationControlClient) async throws(DictationError) {
            var previous: String?
            do {
                for try await status in client.follow() {
                    let line = format.line(for: status)
                    guard line != previous else { continue }
                    previous = line
                    Terminal.write(line + "\n")
                }
            } catch let error as DictationError {
                throw error
            } catch {
                throw .controlFailed(DictationError.Text("\(error)"))
            }
        }

        private func print(_ status: DictationControlStatus) {
            Terminal.write(format.line(for: status) + "\n")
        }
    }
}

/// The commands `dictate control` takes, as its argument.
enum ControlVerb: String, ExpressibleByArgument, CaseIterable {
    case start, stop, toggle, cancel, suspend, resume, status
    case readBack = "read-back"
    case quit

    var command: DictationControlCommand { DictationControlCommand(rawValue: rawValue) }
}

/// How `dictate control` prints a status.
enum ControlFormat: String, ExpressibleByArgument, CaseIterable {
    /// `listening -32 dB`, `paused`, `idle`.
    case text
    /// The status as one JSON object, with `text`, `alt` and `class` added for waybar's custom modules.
    case jsonl

    func line(for status: DictationControlStatus) -> String {
        switch self {
        case .text: Self.text(for: status)
        case .jsonl: Self.json(for: status)
        }
    }

    static func text(for status: DictationControlStatus) -> String {
        guard status.state == .listening, let level = status.level, !level.isNaN else { return status.state.rawValue }
        let decibels = Int(max(DictationControlStatus.levelFloor, level).rounded())
        return "\(status.state.rawValue) \(decibels) dB"
    }

    /// The status's JSON with waybar's fields: `text` (as text mode prints it), and the state as
    /// `alt` (for `format-icons`) and `class` (for CSS).
    static func json(for status: DictationControlStatus) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(status),
            var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return "{\"state\":\"\(status.state.rawValue)\",\"pid\":\(status.pid)}" }
        object["text"] = text(for: status)
        object["alt"] = status.state.rawValue
        object["class"] = status.state.rawValue
        guard let line = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return "{\"state\":\"\(status.state.rawValue)\",\"pid\":\(status.pid)}" }
        return String(decoding: line, as: UTF8.self)
    }
}
