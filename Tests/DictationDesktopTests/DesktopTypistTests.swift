import DictationDesktop
import DictationKit
import DictationTestSupport
import Synchronization
import Testing

/// The typist's decisions, on a text buffer that applies keystrokes as a text field does; the
/// real tools and windows are in the end-to-end tests (`TypeCommandTests`).
@Suite(.timeLimit(.minutes(25)))
struct DesktopTypistTests {
    /// A text field: typing appends, BackSpace removes the last character.
    final class TextField: TextOutput {
        private let state = Mutex((text: "", erased: 0, typed: 0))
        var kind: TextOutputKind { .stdout }
        var text: String { state.withLock { $0.text } }
        var typedCharacters: Int { state.withLock { $0.typed } }
        func type(_ text: String) throws(DictationError) {
            state.withLock {
                $0.text += text
                $0.typed += text.count
            }
        }
        func erase(characters count: Int) throws(DictationError) {
            state.withLock {
                $0.text.removeLast(min(count, $0.text.count))
                $0.erased += count
            }
        }
    }

    /// A desktop whose focus the test moves, and which counts how often the typist looked at it.
    final class MovableFocus: WindowFocus {
        let window = Mutex("editor")
        private let looks = Mutex(0)
        var timesAsked: Int { looks.withLock { $0 } }
        func focusedWindow() -> FocusedWindow? {
            looks.withLock { $0 += 1 }
            return FocusedWindow(id: window.withLock { $0 }, className: "Editor", isTerminal: false)
        }
    }

    static func final(_ index: Int, _ raw: String, _ written: String, at time: Double = 0) -> DictationEvent {
        .final(
            Transcript(
                text: raw, utteranceIndex: index, startTime: time, endTime: time + 1, stableWordCount: 0, writtenText: written))
    }

    static func partial(_ index: Int, _ raw: String, _ written: String, stable: Int) -> DictationEvent {
        .partial(
            Transcript(text: raw, utteranceIndex: index, startTime: 0, endTime: 1, stableWordCount: stable, writtenText: written))
    }

    @Test func finalsAreTypedAsWrittenWithCommandsAsLayout() async {
        let field = TextField()
        let typist = DesktopTypist(output: field, focus: nil)
        typist.handle(Self.final(0, "dear john comma", "Dear John,"))
        typist.handle(.command(DictationCommand(kind: .newLine, utteranceIndex: 0)))
        typist.handle(Self.final(1, "thanks for the twenty five dollars", "Thanks for the $25."))
        typist.handle(.command(DictationCommand(kind: .newParagraph, utteranceIndex: 1)))
        typist.handle(Self.final(2, "bye", "Bye."))
        let report = await typist.finish()
        #expect(field.text == "Dear John,\nThanks for the $25.\n\nBye.")
        #expect(report.typedCharacters == field.text.count)
    }

    @Test func rawTypesTheRecognizersWords() async {
        let field = TextField()
        let typist = DesktopTypist(output: field, focus: nil, options: .init(raw: true))
        typist.handle(Self.final(0, "dear john comma", "Dear John,"))
        await typist.finish()
        #expect(field.text == "dear john comma")
    }

    @Test func scratchThatErasesExactlyWhatTheUtteranceTyped() async {
        let field = TextField()
        let typist = DesktopTypist(output: field, focus: nil)
        typist.handle(Self.final(0, "one", "One."))
        typist.handle(Self.final(1, "two", "Two."))
        typist.handle(Self.final(2, "scratch that", ""))
        typist.handle(.command(DictationCommand(kind: .scratchThat, utteranceIndex: 2, scratchedUtterance: 1)))
        typist.handle(Self.final(3, "three", "Three."))
        let report = await typist.finish()
        #expect(field.text == "One. Three.")
        #expect(report.scratchedCharacters == 5)
    }

    @Test func liveTypingNeverRetypesAndTheFinalCorrectsWithBackspaces() async {
        let field = TextField()
        let typist = DesktopTypist(output: field, focus: nil, options: .init(live: true))
        typist.handle(Self.partial(0, "dear jon how", "Dear Jon how", stable: 1))
        typist.handle(Self.partial(0, "dear jon how are", "Dear Jon how are", stable: 3))
        typist.handle(Self.partial(0, "dear jon how are you", "Dear Jon how are you", stable: 4))
        typist.handle(Self.final(0, "dear john how are you", "Dear John, how are you?"))
        typist.handle(Self.partial(1, "fine thanks", "Fine thanks", stable: 2))
        typist.handle(Self.final(1, "fine thanks", "Fine, thanks."))
        let report = await typist.finish()
        #expect(field.text == "Dear John, how are you? Fine, thanks.")
        // "Dear Jon how" was typed early; the final erases "n how" and types "hn, how are you?".
        // "Fine" was typed early and the final only adds to it.
        #expect(report.corrections == 1)
        #expect(report.correctedCharacters == 5)
        // Everything typed is on screen, or was erased by a correction: nothing typed twice.
        #expect(field.typedCharacters == field.text.count + report.correctedCharacters)
    }

    @Test func textIsKeptWhenTheFocusMovedToAnotherWindow() async {
        let field = TextField()
        let focus = MovableFocus()
        let kept = Mutex<[String]>([])
        let typist = DesktopTypist(output: field, focus: focus, options: .init(refocusWait: .milliseconds(100))) { notice in
            if case .kept(let text, let error) = notice, error.code == .windowChanged { kept.withLock { $0.append(text) } }
        }
        typist.handle(.speechStarted(at: 0))
        typist.handle(Self.final(0, "first", "First.", at: 0))
        await typist.drain()
        typist.handle(.speechStarted(at: 2))
        await typist.drain()
        focus.window.withLock { $0 = "browser" }
        typist.handle(Self.final(1, "second", "Second.", at: 2))
        await typist.finish()
        #expect(field.text == "First.")
        #expect(kept.withLock { $0 } == ["Second."])
    }

    @Test func typingWaitsForTheWindowToHaveTheFocusAgain() async throws {
        let field = TextField()
        let focus = MovableFocus()
        let typist = DesktopTypist(output: field, focus: focus, options: .init(refocusWait: .seconds(30)))
        typist.handle(.speechStarted(at: 0))
        await typist.drain()
        // A hotkey's menu takes the focus for a moment; the final waits for the editor.
        focus.window.withLock { $0 = "launcher" }
        let asked = focus.timesAsked
        typist.handle(Self.final(0, "hello", "Hello.", at: 0))
        // Twice: it found the other window, and is waiting for the editor.
        try await waitUntil("the typist has looked at the focus twice since the final") { focus.timesAsked >= asked + 2 }
        #expect(field.text == "", "nothing typed while another window has the focus")
        focus.window.withLock { $0 = "editor" }
        await typist.finish()
        #expect(field.text == "Hello.")
    }

    @Test func aCancelledDictationTypesNothingUntilTheNextStart() async {
        let field = TextField()
        let typist = DesktopTypist(output: field, focus: nil)
        typist.handle(Self.final(0, "kept", "Kept."))
        await typist.drain()
        typist.discardPending()
        typist.handle(Self.final(1, "cancelled", "Cancelled."))
        typist.startDictation()
        typist.handle(Self.final(2, "typed", "Typed."))
        await typist.finish()
        #expect(field.text == "Kept. Typed.")
    }
}
