import CEspeakNG
import Foundation

/// Turns written words into phonemes (IPA) with espeak-ng's letter-to-sound rules and
/// dictionaries, through libespeak-ng: the pronunciation of a word the model's dictionary lacks.
///
/// libespeak-ng keeps its state in globals (the voice, the translator's buffers), so every call
/// goes through one process-wide lock; it is loaded once, on first use.
enum EspeakPhonemizer {
    /// The phonemes of a text in a language, as IPA, one string per phoneme, word after word.
    /// - Parameters:
    ///   - text: The word (or words) as written.
    ///   - voice: The espeak-ng voice whose rules to use, such as `"en-us"`.
    /// - Returns: The phonemes, stress marks included; `nil` when espeak-ng can't be loaded or has
    ///   no such voice.
    static func phonemes(of text: String, voice: String) -> [String]? {
        espeakLock.withLock { () -> [String]? in
            guard loaded, espeak_SetVoiceByName(voice) == EE_OK else { return nil }
            var phonemes: [String] = []
            text.withCString { start in
                // espeak_TextToPhonemes moves the pointer past what it translated, clause by
                // clause, and sets it to NULL at the end; each result lives until the next call.
                var cursor: UnsafeRawPointer? = UnsafeRawPointer(start)
                while cursor != nil {
                    guard let result = espeak_TextToPhonemes(&cursor, espeakCHARS_UTF8, dk_espeak_ipa_mode(0x5F)) else {
                        break
                    }
                    let clause = String(cString: result)
                    phonemes += clause.split(whereSeparator: { $0 == "_" || $0.isWhitespace }).map(String.init)
                }
            }
            return phonemes
        }
    }

    /// Whether libespeak-ng found its data, asked on first use (under the lock). Retrieval mode
    /// opens no audio device; DONT_EXIT keeps it from ending the process when its data is missing.
    private static let loaded: Bool = espeak_Initialize(AUDIO_OUTPUT_RETRIEVAL, 0, nil, Int32(espeakINITIALIZE_DONT_EXIT)) > 0
}

/// Serializes every use of libespeak-ng, whose state is process-wide.
private let espeakLock = NSLock()
