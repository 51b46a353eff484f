import DictationTestSupport

/// Speech the server tests stream: pocketsphinx-testdata's LibriVox sentences.
enum SpeechAudio {
    /// Two recordings with a second of silence between them, and what is said in them.
    static func twoSentences() throws -> (samples: [Int16], transcript: String) {
        let samples =
            try PocketSphinxTestData.librivox("0870") + [Int16](repeating: 0, count: 16_000)
            + PocketSphinxTestData.librivox("0880")
        let transcript =
            try PocketSphinxTestData.librivoxTranscript("0870") + " " + PocketSphinxTestData.librivoxTranscript("0880")
        return (samples, transcript)
    }
}
