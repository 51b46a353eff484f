@_spi(Fuzzing) import DictationWhisper
import Foundation

/// Reads arbitrary bytes as a whisper.cpp model file, a CTranslate2 model and a vocabulary: each
/// must parse or throw; a crash, a hang or memory out of bounds is a bug.
@_cdecl("fuzzWhisperModel")
func fuzzWhisperModel(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    WhisperModelFuzzing.parse(Data(bytes: data, count: size))
    return 0
}
