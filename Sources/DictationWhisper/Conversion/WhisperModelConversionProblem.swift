import Foundation

/// Everything that can make a CTranslate2 → ggml Whisper conversion fail.
///
/// Each case names what is wrong with the input (and where), so a damaged download or an
/// unsupported model variant can be reported precisely instead of crashing or producing a
/// model file that whisper.cpp would reject or, worse, load and run wrongly.
enum WhisperModelConversionProblem: Error, Sendable, Equatable {
    /// A file could not be read (missing, unreadable); `reason` is the system's description.
    case cannotRead(path: String, reason: String)
    /// The output could not be written.
    case cannotWrite(path: String, reason: String)
    /// `model.bin` ends before the `needed` bytes starting at `offset`.
    case truncatedFile(offset: Int, needed: Int)
    /// `model.bin` continues after its alias table: it is not one intact model file.
    case trailingBytes(offset: Int)
    /// `model.bin` was written in a binary format version this reader does not know.
    case unsupportedBinaryVersion(UInt32)
    /// `model.bin` holds a model other than CTranslate2's `WhisperSpec`.
    case unsupportedModelSpec(String)
    /// A string in `model.bin` lacks its trailing NUL or is not UTF-8.
    case malformedString(offset: Int)
    /// A variable's dtype code is none of CTranslate2's data types.
    case unknownDataType(variable: String, code: UInt8)
    /// A variable has a data type the conversion cannot carry losslessly (e.g. int8 quantized weights).
    case unsupportedDataType(variable: String, dataType: String)
    /// A variable's byte count disagrees with its shape and data type (`expected` is -1 when the
    /// dimensions multiply past anything a u32 byte count can hold).
    case byteCountMismatch(variable: String, expected: Int, actual: Int)
    /// Two variables (or an alias and a variable) share one name.
    case duplicateVariable(String)
    /// An alias points at a variable the file does not contain.
    case unresolvedAlias(alias: String, target: String)
    /// A variable the Whisper architecture needs is absent.
    case missingVariable(String)
    /// A variable has a shape other than the one the model's dimensions call for.
    case unexpectedShape(variable: String, expected: [Int], actual: [Int])
    /// A weight the ggml format has no place for: dropping it would change the model.
    case unexpectedVariable(String)
    /// The model's dimensions are outside what Whisper or the ggml format allows.
    case unsupportedDimensions(String)
    /// None of `vocabulary.txt`, `vocabulary.json` or `tokenizer.json` is in the model folder.
    case missingVocabulary(folder: String)
    /// The vocabulary file cannot be parsed; `reason` says why.
    case badVocabulary(reason: String)
    /// A token contains a character outside GPT-2's byte-to-unicode table.
    case tokenNotByteLevel(index: Int)
    /// The vocabulary has a different size than the model's token embedding.
    case vocabularySizeMismatch(vocabulary: Int, model: Int)
    /// A special token is not where whisper.cpp derives it to be from the vocabulary size.
    case specialTokenMismatch(id: Int, expected: String, found: String)
}
