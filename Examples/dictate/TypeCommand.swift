import ArgumentParser
import DictationCapture
import DictationDesktop
import DictationFeedback
import DictationKit
import DictationPreprocessing
import Foundation
import Logging
import Synchronization

extension Dictate {
    /// `dictate type`: live dictation typed into the focused window.
    struct TypeCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "type",
            abstract: "Dictate into the focused window: what you say is typed where the cursor is.",
            discussion: """
                The written text of each utterance is typed once it is final (with --live, its stable \
                words as soon as they are stable; the final corrects what changed). Say "new line" or \
                "new paragraph" for layout, "scratch that" to erase what the last utterance typed, \
                "stop dictating" to stop. On X11, text is typed only into the window that had the \
                focus when the utterance began; otherwise it is printed and kept in the history. \
                With --output stdout and plain output (--plain, standard output not a terminal, or \
                TERM=dumb), what is erased is said on a line of its own instead of backspaced.

                `dictate control start|stop|toggle|cancel|suspend|resume|quit|status` controls it from \
                a hotkey (see docs/desktop.md). With --wait it starts idle, and stop makes it idle \
                again instead of ending: the model stays loaded and the microphone closed in between. \
                Ctrl-C ends it (the last utterance is still typed).
                """)

        @Option(
            help: ArgumentHelp(
                "Where the text goes: xdotool, wtype, ydotool, dotool, paste or stdout (default: detected; see `dictate doctor`).",
                valueName: "output"))
        var output: String?

        @Flag(help: "Type stable words as you speak, before the utterance is final.")
        var live = false

        @Flag(help: "Start idle and stay running: `dictate control start` listens, `stop` goes idle again.")
        var wait = false

        @Option(help: "The ALSA capture device (see `dictate devices`).")
        var device: String = "default"

        @OptionGroup var style: OutputStyleOptions

        @OptionGroup(title: "History") var keeping: LiveHistoryOptions

        @OptionGroup(title: "Written text") var written: WrittenTextOptions
        @OptionGroup(title: "Sounds and read-back") var feedback: FeedbackOptions
        @OptionGroup(title: "Preprocessing and endpointing") var speech: SpeechProcessingOptions
        @OptionGroup(title: "Vocabulary and alternatives") var recognition: RecognitionOptions
        @OptionGroup var backend: RecognizerOptions
        @OptionGroup var common: CommonOptions

        func validate() throws {
            if let output, !TextOutputKind.allCases.map(\.rawValue).contains(output) {
                let names = TextOutputKind.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("--output \(output): choose one of \(names)")
            }
        }

        func run() async throws {
            let metrics = common.bootstrapDiagnostics()
            defer { if let metrics { Terminal.write(metrics.render(), toStandardError: true) } }
            ALSACaptureSource.setLibraryMessagesPrinted(common.verbose)
            let language = common.messageLanguage
            let logger = common.makeLogger()
            let desktop = DesktopEnvironment()
            // A typing tool that exits without reading what it was sent (dotool reads standard
            // input) must not end dictate with SIGPIPE: the write fails and is reported instead.
            signal(SIGPIPE, SIG_IGN)

            var textOutput: any TextOutput
            do throws(DictationError) {
                let kind = if let output { TextOutputKind(rawValue: output) } else { try TextOutputs.automatic(in: desktop) }
                textOutput = try TextOutputs.make(kind, in: desktop)
            } catch {
                fail(error, language: language)
            }
            // Standard output erases with BackSpace characters, which plain output says in words instead.
            if textOutput.kind == .stdout, style.isPlain { textOutput = PlainTextOutput() }
            // Only X11 tells which window has the focus; the window guard works there alone.
            let focus: (any WindowFocus)? =
                textOutput.kind != .stdout && !desktop.isWayland && desktop.x11Display != nil
                ? X11WindowFocus(environment: desktop) : nil
            let typist = DesktopTypist(
                output: textOutput, focus: focus, options: DesktopTypist.Options(live: live, raw: written.raw),
                logger: logger
            ) { notice in
                switch notice {
                case .kept(let text, let error):
                    Terminal.write("dictate: not typed (\(error.code)): \(text)\n", toStandardError: true)
                case .notErased(let count, let error):
                    Terminal.write("dictate: \(count) characters not erased (\(error.code))\n", toStandardError: true)
                }
            }

            let (store, historyError) = keeping.store
            if let historyError {
                Terminal.write("dictate: \(historyError.localized(to: language).description)\n", toStandardError: true)
            }
            let sounds: AudioFeedback
            do throws(DictationError) {
                sounds = try feedback.feedback(soundsByDefault: true, logger: logger)
            } catch {
                fail(error, language: language)
            }
            // The microphone is silenced while a sound plays: the loudspeaker is not the user.
            let microphone = SuspendableSource(wrapping: sounds.gating(ALSACaptureSource(device: device)))
            let options = try recognition.applied(
                to: DictationOptions(
                    locale: common.locale, reports: live ? [.partials, .level, .speechActivity] : [.level, .speechActivity],
                    endpointing: speech.endpointingOptions),
                language: language)
            let recognizer = backend.recognizer(common)
            let detector = try speech.voiceActivityDetector(for: recognizer, locale: common.locale, language: language)
            // The session keeps the history after the formatting, so it keeps both forms.
            let session = DictationSession(
                source: microphone,
                preprocessing: StandardPreprocessing(options: speech.preprocessingOptions, voiceActivityDetector: detector),
                recognizer: recognizer,
                transcriptStore: store,
                eventStages: [written.stage(spelling: options.vocabulary), sounds.stage(cuesListening: false)],
                logger: logger)

            // One instance per user: the control socket says whether another one runs.
            let server = ServerSlot()
            let controller = TypeController(
                session: session, microphone: microphone, typist: typist, feedback: sounds, language: language,
                staysRunning: wait, startsListening: !wait,
                published: { status in server.publish(status) })
            do {
                let path = try DictationControlServer.socketPath(in: desktop)
                try await server.bind(DictationControlServer(path: path, handler: controller, logger: logger))
            } catch  where error.code == .alreadyRunning || wait {
                fail(error, language: language)
            } catch {
                // Without a runtime folder, dictation still works; only hotkeys can't reach it.
                Terminal.write("dictate: \(error.localized(to: language).description)\n", toStandardError: true)
            }
            if wait { await microphone.suspend() }

            let cancelled = Atomic<Bool>(false)
            let interrupts = InterruptHandler(
                onFirstInterrupt: { _ = try? await controller.handle(.quit) },
                onSecondInterrupt: {
                    cancelled.store(true, ordering: .relaxed)
                    typist.discardPending()
                    await session.cancel()
                })
            defer { interrupts.cancel() }

            var failure: DictationError?
            var lastLevel = ContinuousClock.now - .seconds(1)
            do {
                for await event in try await session.start(options) {
                    typist.handle(event)
                    switch event {
                    case .level(let level):
                        // A status for bars: ten times a second is plenty.
                        if ContinuousClock.now - lastLevel >= .milliseconds(100) {
                            lastLevel = ContinuousClock.now
                            controller.heard(level: level)
                        }
                    case .stateChanged(.listening):
                        controller.sessionStarted()
                    case .command(let command) where command.kind == .stopDictating:
                        Task { await controller.stopDictating() }
                    case .error(let error) where error.code == .noSpeechDetected:
                        // Dictation that was started and ended without a word is no error here.
                        break
                    case .error(let error):
                        let error = error.localized(to: language)
                        if error.isFatal {
                            failure = error
                        } else {
                            Terminal.write("dictate: \(error.description)\n", toStandardError: true)
                        }
                    default:
                        break
                    }
                }
            } catch let error as DictationError {
                failure = error
            }
            controller.sessionEnded()
            let report = await typist.finish()
            await server.close()
            await DedicatedThread.run { sounds.waitUntilPlayed() }
            logger.debug(
                "typing done",
                metadata: [
                    "typed": "\(report.typedCharacters)", "typedEarly": "\(report.typedEarlyCharacters)",
                    "corrections": "\(report.corrections)", "correctedCharacters": "\(report.correctedCharacters)",
                    "kept": "\(report.keptUtterances)",
                ])
            if cancelled.load(ordering: .relaxed) { throw ExitCode(130) }
            if let failure { fail(failure, language: language) }
        }

        /// Prints the error and exits with its status.
        private func fail(_ error: DictationError, language: DictationError.Language) -> Never {
            Terminal.write("dictate: \(error.localized(to: language).description)\n", toStandardError: true)
            Foundation.exit(CLIExitCode.for(error))
        }
    }
}

/// The control server, once bound; statuses published before it is are dropped.
private final class ServerSlot: Sendable {
    private let server = Mutex<DictationControlServer?>(nil)

    func bind(_ bound: DictationControlServer) {
        server.withLock { $0 = bound }
    }

    func publish(_ status: DictationControlStatus) {
        server.withLock { $0 }?.publish(status)
    }

    func close() async {
        await server.withLock { $0 }?.close()
    }
}
