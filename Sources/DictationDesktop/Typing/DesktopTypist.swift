import DequeModule
import DictationKit
import Foundation
import Logging
import Metrics

/// Types a session's text into the focused window: the finals' written text, and with
/// ``Options/live`` the stable words of partials as soon as they are stable, never typing
/// anything twice; "new line" and "new paragraph" as layout; "scratch that" erases exactly what
/// the utterance typed.
///
/// Hand it every event of the session's stream (``handle(_:)``, which returns at once); it types
/// on a thread of its own, in order, through a ``TextOutput``. Where the desktop says which window
/// has the focus (``WindowFocus``, X11), text goes only to the window that had it when the
/// utterance began: typing waits (up to ``Options/refocusWait``) for that window to be focused
/// again, as after a hotkey, and otherwise keeps the text: a ``Notice/kept(_:because:)`` says
/// which, and the history has it anyway.
///
/// ```swift
/// let typist = DesktopTypist(output: try TextOutputs.make(.xdotool, in: DesktopEnvironment()), focus: X11WindowFocus())
/// for await event in try await session.start(options) { typist.handle(event) }
/// let report = await typist.finish()
/// ```
public final class DesktopTypist: Sendable {
    /// How the typist types.
    public struct Options: Sendable, Hashable {
        /// Type the stable words of partials before the final; the final adds what is missing and
        /// corrects, with backspaces, what it changed.
        public var live: Bool
        /// Type the recognizer's words (`Transcript.text`) rather than the written text.
        public var raw: Bool
        /// How long typing waits for the utterance's window to be focused again.
        public var refocusWait: Duration

        /// Creates options.
        /// - Parameters:
        ///   - live: Type stable words before the final.
        ///   - raw: Type the recognizer's words.
        ///   - refocusWait: How long to wait for the utterance's window to have the focus again.
        public init(live: Bool = false, raw: Bool = false, refocusWait: Duration = .seconds(2)) {
            self.live = live
            self.raw = raw
            self.refocusWait = refocusWait
        }
    }

    /// What the typist has to tell the user.
    public enum Notice: Sendable, Hashable {
        /// Text that was not typed, and why (the window changed, the output failed).
        case kept(String, because: DictationError)
        /// Text "scratch that" could not erase, and why (it went to another window).
        case notErased(Int, because: DictationError)
    }

    /// What the typist did.
    public struct Report: Sendable, Hashable {
        /// Characters typed.
        public var typedCharacters = 0
        /// Of those, characters typed before their utterance's final (``Options/live``).
        public var typedEarlyCharacters = 0
        /// Finals that changed words typed before them (``Options/live``).
        public var corrections = 0
        /// Characters erased for those corrections.
        public var correctedCharacters = 0
        /// Characters "scratch that" erased.
        public var scratchedCharacters = 0
        /// Utterances whose text was kept rather than typed.
        public var keptUtterances = 0
    }

    private enum Job {
        case event(DictationEvent)
        case startDictation
        case discardUntilStart
    }

    private enum Next {
        case job(Job)
        case end
    }

    private struct Queue {
        var jobs = Deque<Job>()
        var busy = false
        var finished = false
    }

    private let queue = WaitableState(Queue())
    private let reportState = WaitableState(Report())

    /// Starts the typist's thread.
    /// - Parameters:
    ///   - output: Where text goes.
    ///   - focus: Which window has the focus, where the desktop tells (X11); `nil` types wherever the focus is.
    ///   - options: What is typed, and when.
    ///   - logger: Where the typist logs, at debug level.
    ///   - notice: Called, on the typist's thread, with what the user should know.
    public init(
        output: any TextOutput, focus: (any WindowFocus)?, options: Options = Options(),
        logger: Logger = Logger(label: "DictationKit.desktop"),
        notice: @escaping @Sendable (Notice) -> Void = { _ in }
    ) {
        let worker = Worker(output: output, focus: focus, options: options, logger: logger, notice: notice)
        let thread = Thread { [queue, reportState] in
            var worker = worker
            while case .job(let job) = queue.waitAndTake({ state -> Next? in
                if let job = state.jobs.popFirst() {
                    state.busy = true
                    return .job(job)
                }
                return state.finished ? .end : nil
            }) {
                worker.carryOut(job)
                reportState.withLock { $0 = worker.report }
                queue.withLock { $0.busy = false }
            }
        }
        thread.name = "DictationKit.typist"
        thread.start()
    }

    /// Takes the session's next event; returns at once.
    /// - Parameter event: The event, as the session delivered it.
    public func handle(_ event: DictationEvent) {
        switch event {
        case .partial, .final, .command, .speechStarted: enqueue(.event(event))
        default: break
        }
    }

    /// A dictation starts (again): the next text goes to the window focused when its utterance
    /// begins, and what was held back by ``discardPending()`` is typed again from here on.
    public func startDictation() { enqueue(.startDictation) }

    /// Drops what was not typed yet, and everything the session delivers until the next
    /// ``startDictation()``: the text of a dictation cancelled while it was still being spoken.
    public func discardPending() {
        queue.withLock { state in
            state.jobs.removeAll { if case .startDictation = $0 { false } else { true } }
            state.jobs.append(.discardUntilStart)
        }
    }

    /// What the typist has done so far.
    public var report: Report { reportState.read { $0 } }

    /// Waits until everything handed over so far is typed, and ends the typist's thread.
    /// - Returns: What it did.
    @discardableResult
    public func finish() async -> Report {
        queue.withLock { $0.finished = true }
        let (queue, reportState) = (self.queue, self.reportState)
        return await DedicatedThread.run {
            queue.wait(until: { $0.jobs.isEmpty && !$0.busy })
            return reportState.read { $0 }
        }
    }

    /// Waits until everything handed over so far is typed; the typist goes on.
    public func drain() async {
        let queue = self.queue
        await DedicatedThread.run { queue.wait(until: { $0.jobs.isEmpty && !$0.busy }) }
    }

    private func enqueue(_ job: Job) {
        queue.withLock { $0.jobs.append(job) }
    }
}

extension DesktopTypist {
    /// The typist's thread's state: the ledger of what was typed, and the windows utterances began in.
    private struct Worker: @unchecked Sendable {
        // @unchecked: made on the caller's thread, then used by the typist's thread alone.
        let output: any TextOutput
        let focus: (any WindowFocus)?
        let options: Options
        let logger: Logger
        let notice: @Sendable (Notice) -> Void
        var ledger = TypingLedger()
        var report = Report()
        var discarding = false
        /// Where speech started, and the window focused then, newest last.
        var speechStarts: [(time: Double, window: FocusedWindow?)] = []
        /// Utterances whose text is kept, not typed, and why: their window lost the focus, the output failed.
        var keptUtterances: [Int: DictationError] = [:]

        private let typed = Counter(label: "dictationkit_typed_characters")
        private let corrected = Counter(label: "dictationkit_typing_corrections")
        private let kept = Counter(label: "dictationkit_typing_kept_utterances")

        init(
            output: any TextOutput, focus: (any WindowFocus)?, options: Options, logger: Logger,
            notice: @escaping @Sendable (Notice) -> Void
        ) {
            self.output = output
            self.focus = focus
            self.options = options
            self.logger = logger
            self.notice = notice
        }

        mutating func carryOut(_ job: Job) {
            switch job {
            case .startDictation:
                discarding = false
            case .discardUntilStart:
                discarding = true
            case .event(let event):
                guard !discarding else { return }
                switch event {
                case .speechStarted(let time):
                    speechStarts.append((time, focus?.focusedWindow()))
                    if speechStarts.count > 20 { speechStarts.removeFirst() }
                case .partial(let transcript) where options.live:
                    let prefix = StablePrefix.of(transcript, raw: options.raw)
                    guard !prefix.isEmpty else { return }
                    apply(
                        ledger.additions(bringing: transcript.utteranceIndex, toAtLeast: prefix), for: transcript, isFinal: false)
                case .final(let transcript):
                    let text = options.raw ? transcript.text : (transcript.writtenText ?? transcript.text)
                    apply(ledger.edits(bringing: transcript.utteranceIndex, to: text), for: transcript, isFinal: true)
                case .command(let command):
                    carryOut(command)
                default:
                    break
                }
            }
        }

        private mutating func carryOut(_ command: DictationCommand) {
            switch command.kind {
            case .newLine, .newParagraph:
                let layout = command.kind == .newLine ? "\n" : "\n\n"
                let window = focus?.focusedWindow()
                if type(layout, utterance: command.utteranceIndex, window: window) == nil {
                    report.typedCharacters += layout.count
                }
            case .scratchThat:
                guard let scratched = command.scratchedUtterance,
                    let since = ledger.charactersSince(scratched), since.count > 0
                else { return }
                let window = focus?.focusedWindow()
                guard since.windows == [window?.id] else {
                    notice(.notErased(since.count, because: .windowChanged()))
                    return
                }
                do throws(DictationError) {
                    try output.erase(characters: since.count)
                    ledger.erased(since.count)
                    report.scratchedCharacters += since.count
                } catch {
                    notice(.notErased(since.count, because: error))
                }
            default:
                break
            }
        }

        /// Makes the edits for an utterance in the window it began in, or keeps its text.
        private mutating func apply(_ edits: [TypingLedger.Edit], for transcript: Transcript, isFinal: Bool) {
            let utterance = transcript.utteranceIndex
            if let reason = keptUtterances[utterance] {
                // Its words typed before the final were kept already: the user gets the whole final.
                if isFinal { keep(transcript, because: reason, isFinal: true) }
                return
            }
            guard !edits.isEmpty else { return }
            let window = windowOf(transcript)
            if let window, !waitForFocus(on: window) {
                keep(transcript, because: .windowChanged(), isFinal: isFinal)
                return
            }
            for edit in edits {
                switch edit {
                case .erase(let count):
                    do throws(DictationError) {
                        try output.erase(characters: count)
                    } catch {
                        keep(transcript, because: error, isFinal: isFinal)
                        return
                    }
                    ledger.erased(count)
                    report.corrections += 1
                    report.correctedCharacters += count
                    corrected.increment()
                case .type(let text):
                    if let error = type(text, utterance: utterance, window: window) {
                        keep(transcript, because: error, isFinal: isFinal)
                        return
                    }
                    report.typedCharacters += text.count
                    if !isFinal { report.typedEarlyCharacters += text.count }
                }
            }
        }

        /// Types text and notes it; returns the error when the output failed.
        private mutating func type(_ text: String, utterance: Int, window: FocusedWindow?) -> DictationError? {
            do throws(DictationError) {
                try output.type(text)
            } catch {
                return error
            }
            ledger.typed(text, utterance: utterance, window: window?.id)
            typed.increment(by: text.count)
            return nil
        }

        /// The window focused when the utterance's speech started: the latest speech start before
        /// its end (a final may come after the next utterance's speech started).
        private func windowOf(_ transcript: Transcript) -> FocusedWindow? {
            guard focus != nil else { return nil }
            if let start = speechStarts.last(where: { $0.time <= transcript.endTime }) { return start.window }
            return focus?.focusedWindow()
        }

        /// Whether `window` has the focus, waiting a little for it to get it back (after a hotkey).
        private func waitForFocus(on window: FocusedWindow) -> Bool {
            let deadline = ContinuousClock.now + options.refocusWait
            while true {
                if focus?.focusedWindow()?.id == window.id { return true }
                if ContinuousClock.now >= deadline { return false }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }

        /// Types nothing more of the utterance; at its final, tells the user its whole text (part
        /// of it may have been typed, but they get it all).
        private mutating func keep(_ transcript: Transcript, because error: DictationError, isFinal: Bool) {
            keptUtterances[transcript.utteranceIndex] = error
            if keptUtterances.count > 100, let oldest = keptUtterances.keys.min() { keptUtterances[oldest] = nil }
            guard isFinal else { return }
            let text = options.raw ? transcript.text : (transcript.writtenText ?? transcript.text)
            logger.debug("text kept, not typed", metadata: ["code": "\(error.code)"])
            report.keptUtterances += 1
            kept.increment()
            notice(.kept(text, because: error))
        }
    }
}
