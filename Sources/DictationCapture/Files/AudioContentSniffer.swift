import DictationKit

/// Looks at the first bytes of an input: whether standard input holds a container libsndfile
/// reads (rather than raw PCM), and what a file libsndfile doesn't know looks like, for the message.
enum AudioContentSniffer {
    /// How many bytes ``isContainer(_:)`` wants to see: two MPEG frames of the largest kind.
    static let headLength = 4_096

    /// Four-byte signatures of the containers libsndfile reads.
    private static let containerMagics: Set<String> = [
        "RIFF", "RIFX", "RF64", "BW64", "riff", "FORM", ".snd", "dns.", "fLaC", "OggS", "ID3", "caff", "NIST",
        "Crea", "2BIT", "IMPS", "wvpk", "MThd",
    ]

    /// Whether `head` starts like an audio container, so it is not raw PCM.
    ///
    /// Bare MPEG audio (an MP3 without an ID3 tag, as `lame - -` writes) has only a frame sync to
    /// go by, which raw PCM near full scale can imitate; it counts only when a second valid frame
    /// header follows the first exactly where the first says it ends.
    /// - Parameter head: The first bytes, up to ``headLength``.
    static func isContainer(_ head: [UInt8]) -> Bool {
        guard head.count >= 4 else { return false }
        if containerMagics.contains(String(decoding: head[0..<4], as: Unicode.ASCII.self))
            || head.starts(with: Array("ID3".utf8))
        {
            return true
        }
        guard let first = MPEGFrameHeader(head, at: 0) else { return false }
        return MPEGFrameHeader(head, at: first.length) != nil
    }

    /// What bytes that are not audio libsndfile reads look like, when they look like something known.
    /// - Parameter head: The first bytes of the input.
    /// - Returns: A name such as "an MP4/M4A file", or `nil`.
    static func describe(_ head: [UInt8]) -> DictationError.Text? {
        func starts(_ text: String, at offset: Int = 0) -> Bool {
            let bytes = Array(text.utf8)
            return head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
        }
        if starts("ftyp", at: 4) { return DictationError.Text(.contentMP4) }
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return DictationError.Text(.contentMatroska) }
        if head.starts(with: [0x30, 0x26, 0xB2, 0x75]) { return DictationError.Text(.contentWMA) }
        if starts("#!AMR") { return DictationError.Text(.contentAMR) }
        if starts("MAC ") { return DictationError.Text(.contentMonkeysAudio) }
        if starts("%PDF") { return DictationError.Text(.contentPDF) }
        if starts("PK\u{3}\u{4}") { return DictationError.Text(.contentZIP) }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return DictationError.Text(.contentPNG) }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return DictationError.Text(.contentJPEG) }
        if head.starts(with: [0x1F, 0x8B]) { return DictationError.Text(.contentGzip) }
        if !head.isEmpty, head.allSatisfy({ $0 == 9 || $0 == 10 || $0 == 13 || (32..<127).contains($0) || $0 >= 0xC2 }) {
            return DictationError.Text(.contentText)
        }
        return nil
    }
}
