import DictationKit
import Foundation

/// Pastes through the clipboard: the text goes on the selection for one paste, the typing tool
/// presses the paste key, and once the window has taken the text the clipboard's previous text
/// is put back. Characters and layouts typing tools get wrong come out right this way.
///
/// The key follows the focused window (X11 only; Ctrl+V where it is unknown): Ctrl+V in most
/// applications, Ctrl+Shift+V in terminals, Shift+Insert with the PRIMARY selection in xterm and
/// URxvt, whose default bindings paste PRIMARY and bind no key to the CLIPBOARD.
struct PasteOutput: TextOutput {
    var kind: TextOutputKind { .paste }
    var clipboard: Clipboard
    var keys: any KeyPressingOutput
    var focus: (any WindowFocus)?
    /// How long a window has to take the text after the key.
    var pasteTimeout: Double = 5

    func type(_ text: String) throws(DictationError) {
        guard !text.isEmpty else { return }
        let key = PasteKey(for: focus?.focusedWindow())
        let primary = key.usesPrimarySelection
        let previous = clipboard.currentText(primary: primary)
        let offer = try clipboard.offerOnce(text, primary: primary)
        do {
            try keys.press(key)
            try offer.waitUntilTaken(timeout: pasteTimeout)
        } catch {
            offer.cancel()
            if let previous { try? clipboard.restore(previous, primary: primary) }
            throw error
        }
        // The window took the text from the selection, but may not have inserted it yet: keys
        // pressed at once (a correction's BackSpace) could overtake it. Seen under load in CI
        // with xterm; a short pause lets the window catch up.
        Thread.sleep(forTimeInterval: Self.insertionPause)
        if let previous { try clipboard.restore(previous, primary: primary) }
    }

    /// How long after the paste was taken the output waits before anything else reaches the window.
    static let insertionPause = 0.15

    func erase(characters count: Int) throws(DictationError) {
        try keys.erase(characters: count)
    }
}
