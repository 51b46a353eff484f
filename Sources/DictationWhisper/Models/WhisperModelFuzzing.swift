import Foundation

/// The parsers of untrusted model files, for the libFuzzer target in `Fuzz/`
/// (`WhisperModelFuzzer`); not part of the API.
@_spi(Fuzzing)
public enum WhisperModelFuzzing {
    /// Reads `data` as a whisper.cpp model file, as a CTranslate2 `model.bin` and as a
    /// vocabulary: each must either parse or throw, never crash or hang.
    /// - Parameter data: Any bytes.
    public static func parse(_ data: Data) {
        _ = try? WhisperModelFile.check(data)
        _ = try? CTranslate2ModelFile(data: data)
        _ = try? WhisperTokenVocabulary(vocabularyText: data)
        _ = try? WhisperTokenVocabulary(vocabularyJSON: data)
    }
}
