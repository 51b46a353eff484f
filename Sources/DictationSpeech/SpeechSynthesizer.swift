import DictationKit

/// Speech from text, with espeak-ng (libespeak-ng): what a dictation app says aloud, such as the
/// last utterance read back, or the state of a session asked for from a hotkey.
///
/// espeak-ng is small, fast and speaks many languages, Norwegian Bokmål among them, with voices
/// that stay clear at the quick rates screen-reader users set. Each call speaks one text into
/// samples; nothing is played (DictationFeedback's `AudioFeedback` plays them).
public struct SpeechSynthesizer: Sendable {
    /// The speaking rate in words per minute (espeak-ng's default is 175; it takes 80-450).
    public var wordsPerMinute: Int

    /// Creates a synthesizer.
    /// - Parameter wordsPerMinute: The speaking rate.
    public init(wordsPerMinute: Int = 175) {
        self.wordsPerMinute = wordsPerMinute
    }

    /// Speaks a text in the language of a locale.
    /// - Parameters:
    ///   - text: What to say, as written.
    ///   - locale: A BCP 47 or POSIX locale identifier (`en-US`, `nb_NO.UTF-8`): its language
    ///     picks the voice (``voice(forLocale:)``).
    /// - Returns: Mono audio at espeak-ng's rate (22 050 Hz), empty for a text with nothing to say.
    /// - Throws: ``DictationKit/DictationError/Code/speechUnavailable`` when espeak-ng's data is
    ///   missing or it has no voice for the language.
    public func speech(for text: String, locale: String) throws(DictationError) -> AudioFrame {
        let voice = Self.voice(forLocale: locale)
        let samples: [Int16]
        do {
            samples = try Espeak.synthesize(text, voice: voice, wordsPerMinute: wordsPerMinute)
        } catch {
            throw DictationError.speechUnavailable(voice: voice, problem: error)
        }
        return AudioFrame(
            samples: samples.map { Float($0) / 32_768 }, sampleRate: Espeak.sampleRate, channelCount: 1, startTime: 0)
    }

    /// The espeak-ng voice for a locale: `en-us` for English (`en-gb` for British English), `nb`
    /// for Norwegian (Bokmål, Nynorsk and plain `no`: espeak-ng has no Nynorsk voice), otherwise
    /// the language code itself, which names espeak-ng's voice for most languages.
    /// - Parameter locale: A BCP 47 or POSIX locale identifier.
    /// - Returns: The voice's name.
    public static func voice(forLocale locale: String) -> String {
        let parts = locale.lowercased().split { !$0.isLetter }
        let language = parts.first.map(String.init) ?? ""
        switch language {
        case "en": return parts.dropFirst().first == "gb" ? "en-gb" : "en-us"
        case "nb", "nn", "no": return "nb"
        case "": return "en-us"
        default: return language
        }
    }
}
