import DictationKit
import Foundation

/// Writes the text to standard output, for piping. Erasing writes one BackSpace character
/// (U+0008) per character, so that a reader of the stream can apply the correction as a terminal
/// would (a terminal moves the cursor back and the next text overwrites).
struct StandardOutputText: TextOutput {
    var kind: TextOutputKind { .stdout }
    var handle: FileHandle = .standardOutput

    func type(_ text: String) throws(DictationError) {
        try write(text)
    }

    func erase(characters count: Int) throws(DictationError) {
        guard count > 0 else { return }
        try write(String(repeating: "\u{8}", count: count))
    }

    private func write(_ text: String) throws(DictationError) {
        do {
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            throw DictationError.typingFailed("stdout", status: -1, standardError: "\(error)")
        }
    }
}
