/// Maps espeak-ng's IPA phonemes of American English onto CMU ARPAbet, the phone set of the
/// English PocketSphinx models (39 phones, without stress).
///
/// Each IPA phoneme is split into the longest units the table knows (`aɪ` before `a`, `tʃ`
/// before `t`), with stress and length marks dropped; a unit the table lacks is skipped and
/// counted, so that the caller can say the pronunciation is approximate.
enum ARPAbetPhones {
    /// The phones of the English models.
    static let phoneSet: Set<String> = [
        "AA", "AE", "AH", "AO", "AW", "AY", "B", "CH", "D", "DH", "EH", "ER", "EY", "F", "G", "HH", "IH", "IY", "JH",
        "K", "L", "M", "N", "NG", "OW", "OY", "P", "R", "S", "SH", "T", "TH", "UH", "UW", "V", "W", "Y", "Z", "ZH",
    ]

    /// IPA units and their ARPAbet phones; several characters for diphthongs, affricates,
    /// r-coloured vowels and syllabic consonants.
    private static let table: [String: [String]] = [
        // Vowels and diphthongs.
        "ɑ": ["AA"], "ɒ": ["AA"], "æ": ["AE"], "a": ["AE"], "ʌ": ["AH"], "ə": ["AH"], "ɐ": ["AH"], "ɔ": ["AO"],
        "o": ["OW"], "aʊ": ["AW"], "aɪ": ["AY"], "ɛ": ["EH"], "e": ["EH"], "eɪ": ["EY"], "ɪ": ["IH"], "ᵻ": ["IH"],
        "ɨ": ["IH"], "i": ["IY"], "oʊ": ["OW"], "əʊ": ["OW"], "ɔɪ": ["OY"], "ʊ": ["UH"], "u": ["UW"], "ʉ": ["UW"],
        "ɜ": ["ER"], "ɝ": ["ER"], "ɚ": ["ER"], "y": ["UW"], "ø": ["ER"], "œ": ["ER"],
        // r-coloured vowels, which espeak-ng writes as one phoneme.
        "ɑɹ": ["AA", "R"], "ɔɹ": ["AO", "R"], "oɹ": ["AO", "R"], "ɛɹ": ["EH", "R"], "ɪɹ": ["IH", "R"],
        "ʊɹ": ["UH", "R"], "aɪɚ": ["AY", "ER"], "aʊɚ": ["AW", "ER"], "ɪɚ": ["IH", "R"], "ɛɚ": ["EH", "R"],
        // Syllabic consonants.
        "əl": ["AH", "L"], "l̩": ["AH", "L"], "n̩": ["AH", "N"], "m̩": ["AH", "M"],
        // Consonants.
        "b": ["B"], "tʃ": ["CH"], "d": ["D"], "ð": ["DH"], "f": ["F"], "ɡ": ["G"], "g": ["G"], "h": ["HH"],
        "dʒ": ["JH"], "k": ["K"], "l": ["L"], "ɫ": ["L"], "m": ["M"], "n": ["N"], "ŋ": ["NG"], "p": ["P"],
        "ɹ": ["R"], "r": ["R"], "ɾ": ["T"], "ʔ": ["T"], "s": ["S"], "ʃ": ["SH"], "t": ["T"], "θ": ["TH"],
        "v": ["V"], "w": ["W"], "j": ["Y"], "z": ["Z"], "ʒ": ["ZH"], "x": ["K"], "ç": ["HH"], "ʁ": ["R"],
    ]

    /// The longest unit in the table, in characters.
    private static let longestUnit = table.keys.map(\.count).max() ?? 1

    /// Marks that carry no phone: primary and secondary stress, length, syllable breaks, ties.
    private static let ignored: Set<Character> = ["ˈ", "ˌ", "ː", "ˑ", ".", "‿", "͡", "-", "'", ","]

    /// The ARPAbet phones of espeak-ng's IPA phonemes.
    /// - Parameter phonemes: IPA phonemes, as DictationSpeech's `Espeak.phonemes(of:voice:)` gives them.
    /// - Returns: The phones, and how many IPA characters had no phone.
    static func phones(ofIPA phonemes: [String]) -> (phones: [String], unmapped: Int) {
        var phones: [String] = []
        var unmapped = 0
        for phoneme in phonemes {
            let characters = Array(phoneme.filter { !ignored.contains($0) })
            var index = 0
            while index < characters.count {
                var matched = false
                for length in stride(from: min(longestUnit, characters.count - index), through: 1, by: -1) {
                    if let mapped = table[String(characters[index..<index + length])] {
                        phones += mapped
                        index += length
                        matched = true
                        break
                    }
                }
                if !matched {
                    unmapped += 1
                    index += 1
                }
            }
        }
        // espeak-ng may write an r-coloured vowel and its r apart (`ɚ`, `ɹ`): one R is enough.
        var merged: [String] = []
        for phone in phones where !(phone == "R" && merged.last == "ER") {
            merged.append(phone)
        }
        return (merged, unmapped)
    }
}
