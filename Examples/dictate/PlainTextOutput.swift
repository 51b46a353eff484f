import DictationDesktop
import DictationKit
import Foundation
import Synchronization

/// `dictate type --output stdout` with plain output: the text as it is typed, but what is erased
/// ("scratch that", or a correction with --live) is said in words on a line of its own,
/// `erased: TEXT`, instead of with BackSpace characters, which move the cursor back: a redraw
/// that a screen reader can't follow.
final class PlainTextOutput: TextOutput {
    var kind: TextOutputKind { .stdout }

    /// The end of what was typed, so that an erasure can say what it took back (an erasure reaches
    /// back one utterance at most, so a long session keeps no more than about this many
    /// characters); whether the last thing written ended a line, and whether it said what was erased.
    private struct Written {
        var typed = ""
        var atLineStart = true
        var afterErasure = false
    }
    private static let kept = 10_000
    private let written = Mutex(Written())

    func type(_ text: String) throws(DictationError) {
        guard !text.isEmpty else { return }
        // The space that would separate the text from what was erased starts no line.
        let shown = written.withLock { $0.afterErasure } ? String(text.drop { $0 == " " }) : text
        try write(shown)
        written.withLock { written in
            written.typed += text
            if written.typed.count > 2 * Self.kept { written.typed = String(written.typed.suffix(Self.kept)) }
            if let last = shown.last {
                written.atLineStart = last == "\n"
                written.afterErasure = false
            }
        }
    }

    func erase(characters count: Int) throws(DictationError) {
        guard count > 0 else { return }
        let (erased, atLineStart) = written.withLock { written in
            let erased = String(written.typed.suffix(count))
            written.typed.removeLast(erased.count)
            defer { (written.atLineStart, written.afterErasure) = (true, true) }
            return (erased, written.atLineStart)
        }
        let words = erased.trimmingCharacters(in: .whitespacesAndNewlines)
        let said = words.isEmpty ? "erased: \(count) blank characters" : "erased: \(words)"
        // The line that says what went is a line of its own; what is typed next starts a new one.
        try write((atLineStart ? "" : "\n") + said + "\n")
    }

    private func write(_ text: String) throws(DictationError) {
        do {
            try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
        } catch {
            throw DictationError.typingFailed("stdout", status: -1, standardError: "\(error)")
        }
    }
}
