import DictationKit
import DictationTestSupport
import Foundation
import Testing

@testable import DictationDesktop

/// xdotool and paste mode typing into real windows (xterm running `cat`, a Tk text widget) on an
/// Xvfb display of this suite's own. Serialized: the tests move the keyboard focus.
@Suite(.serialized, .timeLimit(.minutes(25)))
final class X11OutputTests {
    let x11: X11TestDisplay

    init() throws { x11 = try X11TestDisplay() }

    /// Characters on the keymap only: those it lacks xdotool binds to a spare keycode for a
    /// moment, and under load the window may read the key before it sees the new binding (seen
    /// with three busy processes beside the test: "Grß", "Ærskbing"). Paste mode is the way for
    /// them, and its tests type them exactly.
    @Test func xdotoolTypesTextExactlyWithNewlinesAsReturn() throws {
        let terminal = try x11.startTerminal()
        try x11.focus(terminal.window)
        let output = try TextOutputs.make(.xdotool, in: x11.environment)
        #expect(output.kind == .xdotool)
        let text = "Hello, world: 100% (ok)?\nSay \"new line\" & [more]; it's 10:30 #1 {x|y} ~a^b` @c $d"
        try output.type(text)
        let typed = try x11.text(of: terminal)
        #expect(typed == text + "\n")
    }

    @Test func eraseRemovesExactlyTheCharactersAsked() throws {
        let terminal = try x11.startTerminal()
        try x11.focus(terminal.window)
        let output = try TextOutputs.make(.xdotool, in: x11.environment)
        try output.type("keep this, not that")
        try output.erase(characters: 10)
        try output.erase(characters: 0)
        try output.type(" and more")
        #expect(try x11.text(of: terminal) == "keep this and more\n")
    }

    @Test func pasteIntoATkWindowArrivesExactlyAndRestoresTheClipboard() throws {
        let (window, file) = try x11.startTkText()
        try x11.focus(window)
        let previous = "what the user had copied ✓"
        try selectionHolder.restore(previous, primary: false)
        let output = try TextOutputs.make(.paste, in: x11.environment)
        #expect(output.kind == .paste)
        let sentence = "Grüß Gott, Ærøskøbing — café"
        try output.type(sentence)
        try output.type(" ok")
        #expect(try x11.tkText(file, window: window) { !$0.isEmpty } == sentence + " ok")
        #expect(try clipboard("clipboard") == previous)
    }

    @Test func pasteIntoXtermGoesThroughPrimaryAndShiftInsertAndRestoresIt() throws {
        let terminal = try x11.startTerminal()
        try x11.focus(terminal.window)
        let previous = "primary before"
        try selectionHolder.restore(previous, primary: true)
        let output = try TextOutputs.make(.paste, in: x11.environment)
        let sentence = "Grüß Gott, Ærøskøbing — café"
        try output.type(sentence)
        try output.erase(characters: 4)
        try output.type("cafe")
        #expect(try clipboard("primary") == previous)
        #expect(try x11.text(of: terminal) == "Grüß Gott, Ærøskøbing — cafe\n")
    }

    @Test func theFocusedWindowChangesWhenAnotherWindowIsFocused() throws {
        let terminal = try x11.startTerminal().window
        let (tk, _) = try x11.startTkText()
        let focus = X11WindowFocus(environment: x11.environment)
        try x11.focus(terminal)
        let first = try #require(focus.focusedWindow())
        #expect(first.id == terminal)
        #expect(first.className == "XTerm")
        #expect(first.isTerminal)
        try x11.focus(tk)
        let second = try #require(focus.focusedWindow())
        #expect(second.id == tk)
        #expect(second.id != first.id)
        #expect(!second.isTerminal)
    }

    @Test func xdotoolIsUsableWithTheDisplayAndChosenAutomatically() throws {
        let availability = TextOutputs.availability(in: x11.environment)
        #expect(availability.map(\.kind) == TextOutputKind.allCases)
        let xdotool = try #require(availability.first { $0.kind == .xdotool })
        #expect(xdotool.isUsable)
        #expect(xdotool.detail.contains(x11.display))
        #expect(availability.first { $0.kind == .paste }?.isUsable == true)
        #expect(try TextOutputs.automatic(in: x11.environment) == .xdotool)
    }

    /// What the user copied before: put there by xclip, as a user's program would.
    private var selectionHolder: Clipboard {
        let xclip = x11.environment.tool(named: "xclip") ?? "xclip"
        return Clipboard(copyTool: xclip, readTool: xclip, isWayland: false, environment: x11.environment)
    }

    private func clipboard(_ selection: String) throws -> String {
        try waitFor("xclip reads the \(selection) selection", pollingEvery: .milliseconds(100)) {
            X11TestDisplay.run("xclip", ["-selection", selection, "-o"], environment: x11.variables)
        }
    }
}
