import CEspeakNG
import DictationKit
import Foundation

/// libespeak-ng, the one copy a process has: phonemes for the vocabulary (DictationPocketSphinx)
/// and speech for read-back (``SpeechSynthesizer``) both come through here.
///
/// libespeak-ng keeps its state in globals (the voice, the translator's buffers, the synthesis
/// callback), so every call goes through one process-wide lock, and it is loaded once, on first
/// use, in synchronous mode: `espeak_Synth` returns only when the callback has had all the audio,
/// on the calling thread, and no audio device is opened. (Retrieval mode, used before, hands the
/// audio to a thread of libespeak-ng's own in Debian's build.)
package enum Espeak {
    /// The phonemes of a text in a language, as IPA, one string per phoneme, word after word.
    /// - Parameters:
    ///   - text: The word (or words) as written.
    ///   - voice: The espeak-ng voice whose rules to use, such as `"en-us"`.
    /// - Returns: The phonemes, stress marks included; `nil` when espeak-ng can't be loaded or has
    ///   no such voice.
    package static func phonemes(of text: String, voice: String) -> [String]? {
        lock.withLock { () -> [String]? in
            guard sampleRate > 0, espeak_SetVoiceByName(voice) == EE_OK else { return nil }
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

    /// What ``synthesize(_:voice:wordsPerMinute:)`` could not do.
    package enum Failure: Error {
        /// libespeak-ng found no data (`espeak-ng-data`).
        case notLoaded
        /// It has no voice of that name.
        case noVoice
        /// `espeak_Synth` failed with this status.
        case synthesis(Int)
    }

    /// Speaks a text into 16-bit mono samples at ``sampleRate``.
    /// - Parameters:
    ///   - text: UTF-8 text, spoken as written (no SSML).
    ///   - voice: The espeak-ng voice, such as `"en-us"` or `"nb"`.
    ///   - wordsPerMinute: The speaking rate (espeak-ng's default is 175).
    /// - Returns: The samples.
    /// - Throws: ``Failure``.
    package static func synthesize(_ text: String, voice: String, wordsPerMinute: Int) throws(Failure) -> [Int16] {
        try lock.withLock { () -> Result<[Int16], Failure> in
            guard sampleRate > 0 else { return .failure(.notLoaded) }
            guard espeak_SetVoiceByName(voice) == EE_OK else { return .failure(.noVoice) }
            _ = espeak_SetParameter(espeakRATE, Int32(clamping: wordsPerMinute), 0)
            let collected = SynthesizedSamples()
            let status = text.withCString { start in
                espeak_Synth(
                    start, strlen(start) + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil,
                    Unmanaged.passUnretained(collected).toOpaque())
            }
            guard status == EE_OK else { return .failure(.synthesis(Int(status.rawValue))) }
            return .success(collected.samples)
        }.get()
    }

    /// The rate of the samples libespeak-ng makes (22 050 Hz for its voices), or 0 when it could
    /// not be loaded. Loading it is the first use; DONT_EXIT keeps it from ending the process when
    /// its data is missing.
    package static var sampleRate: Int { loadedSampleRate }

    private static let loadedSampleRate: Int = {
        let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, Int32(espeakINITIALIZE_DONT_EXIT))
        guard rate > 0 else { return 0 }
        espeak_SetSynthCallback(collectSamples)
        return Int(rate)
    }()
}

/// The samples of one `espeak_Synth` call, which its callback appends to; the call's user data.
private final class SynthesizedSamples {
    var samples: [Int16] = []
}

/// libespeak-ng's synthesis callback: appends each piece of audio to the ``SynthesizedSamples``
/// of the call (its events' user data). Called on the thread of `espeak_Synth`, under the lock.
private func collectSamples(
    _ wave: UnsafeMutablePointer<Int16>?, _ count: Int32, _ events: UnsafeMutablePointer<espeak_EVENT>?
) -> Int32 {
    guard let wave, count > 0, let owner = events?.pointee.user_data else { return 0 }
    let collected = Unmanaged<SynthesizedSamples>.fromOpaque(owner).takeUnretainedValue()
    collected.samples.append(contentsOf: UnsafeBufferPointer(start: wave, count: Int(count)))
    return 0  // go on
}

/// Serializes every use of libespeak-ng, whose state is process-wide.
private let lock = NSLock()
