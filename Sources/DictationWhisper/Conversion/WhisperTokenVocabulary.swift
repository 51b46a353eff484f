import Foundation

/// A Whisper model's tokens, and the byte strings whisper.cpp's model file lists for them.
///
/// faster-whisper folders carry the tokens as strings in GPT-2's byte-level alphabet (every byte
/// stands for a printable character, e.g. a space is "Ġ"), one per line in `vocabulary.txt`, as a
/// JSON list in `vocabulary.json`, or inside a Hugging Face `tokenizer.json`; special tokens
/// such as `<|endoftext|>` are stored as plain text after the ordinary ones.
///
/// whisper.cpp's file lists only the ordinary (byte-pair) tokens as raw bytes, exactly as
/// `convert-pt-to-ggml.py` writes them from OpenAI's tiktoken files: ids 0 up to but excluding
/// `<|endoftext|>` (50256 tokens for English-only models, 50257 for multilingual ones, whose
/// token 50256 is empty). The loader then names every id from there up to n_vocab itself
/// (`[_EOT_]`, `[_SOT_]`, `[_LANG_en]`, `[_TT_1]`, …) at positions it derives from n_vocab alone.
struct WhisperTokenVocabulary: Sendable, Equatable {
    /// Token strings by id, in GPT-2's byte-level alphabet; special tokens as plain text.
    let tokens: [String]

    init(tokens: [String]) {
        self.tokens = tokens
    }

    /// Reads `vocabulary.txt`, `vocabulary.json` or `tokenizer.json` from a model folder, in
    /// that order of preference: the first two list every id of the model, the last lacks
    /// the timestamp tokens (which whisper.cpp does not need from the file anyway).
    init(contentsOf folder: URL) throws {
        let readers: [(String, (Data) throws -> WhisperTokenVocabulary)] = [
            ("vocabulary.txt", { try WhisperTokenVocabulary(vocabularyText: $0) }),
            ("vocabulary.json", { try WhisperTokenVocabulary(vocabularyJSON: $0) }),
            ("tokenizer.json", { try WhisperTokenVocabulary(tokenizerJSON: $0) }),
        ]
        for (name, read) in readers {
            let url = folder.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw WhisperModelConversionProblem.cannotRead(path: url.path, reason: error.localizedDescription)
            }
            self = try read(data)
            return
        }
        throw WhisperModelConversionProblem.missingVocabulary(folder: folder.path)
    }

    /// One token per line. The lines are split on the byte 0x0A rather than as Swift
    /// `Character`s, which would merge a "\r\n" pair; an empty line is a real (empty) token.
    init(vocabularyText: Data) throws {
        var lines = vocabularyText.split(separator: 0x0A, omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        tokens = try lines.enumerated().map { index, line in
            guard let token = String(validating: line, as: UTF8.self) else {
                throw WhisperModelConversionProblem.badVocabulary(reason: "line \(index + 1) is not UTF-8")
            }
            return token
        }
    }

    /// A JSON array of token strings.
    init(vocabularyJSON: Data) throws {
        do {
            tokens = try JSONDecoder().decode([String].self, from: vocabularyJSON)
        } catch {
            throw WhisperModelConversionProblem.badVocabulary(reason: "vocabulary.json: \(error.localizedDescription)")
        }
    }

    /// A Hugging Face tokenizer: the BPE model's `vocab` map plus the `added_tokens` (the
    /// specials, some of which the map repeats), which together must cover ids 0..<count.
    init(tokenizerJSON: Data) throws {
        struct Tokenizer: Decodable {
            struct Model: Decodable { let vocab: [String: Int] }
            struct AddedToken: Decodable { let id: Int, content: String }
            let model: Model
            let addedTokens: [AddedToken]?
            enum CodingKeys: String, CodingKey {
                case model
                case addedTokens = "added_tokens"
            }
        }
        let tokenizer: Tokenizer
        do {
            tokenizer = try JSONDecoder().decode(Tokenizer.self, from: tokenizerJSON)
        } catch {
            throw WhisperModelConversionProblem.badVocabulary(reason: "tokenizer.json: \(error.localizedDescription)")
        }
        let entries = tokenizer.model.vocab.map { ($0.value, $0.key) } + (tokenizer.addedTokens ?? []).map { ($0.id, $0.content) }
        let count = (entries.map(\.0).max() ?? -1) + 1
        guard entries.allSatisfy({ $0.0 >= 0 }), count <= entries.count else {
            throw WhisperModelConversionProblem.badVocabulary(reason: "tokenizer.json ids are not 0..<\(entries.count)")
        }
        var tokens = [String?](repeating: nil, count: count)
        for (id, token) in entries {
            guard tokens[id] == nil || tokens[id] == token else {
                throw WhisperModelConversionProblem.badVocabulary(reason: "tokenizer.json gives id \(id) two tokens")
            }
            tokens[id] = token
        }
        guard let missing = tokens.firstIndex(of: nil) else {
            self.tokens = tokens.compactMap { $0 }
            return
        }
        throw WhisperModelConversionProblem.badVocabulary(reason: "tokenizer.json has no token \(missing)")
    }

    /// The byte strings whisper.cpp's file lists for a model with `modelVocabularySize` ids.
    ///
    /// Besides decoding, this checks that the special tokens sit where whisper.cpp will assume
    /// them: it never reads their ids from the file but derives them from n_vocab (see
    /// `whisper_vocab` and the vocab part of `whisper_model_load`), so a vocabulary that
    /// disagrees would make it decode with the wrong prompt tokens.
    func ggmlTokens(modelVocabularySize: Int) throws -> [[UInt8]] {
        let specials = Self.whisperCppSpecialTokens(vocabularySize: modelVocabularySize)
        guard let endOfText = specials.first?.id, tokens.count > endOfText, tokens.count <= modelVocabularySize else {
            throw WhisperModelConversionProblem.vocabularySizeMismatch(vocabulary: tokens.count, model: modelVocabularySize)
        }
        for (id, names) in specials where id < tokens.count && !names.contains(tokens[id]) {
            throw WhisperModelConversionProblem.specialTokenMismatch(id: id, expected: names[0], found: tokens[id])
        }
        return try tokens[..<endOfText].enumerated().map { index, token in
            guard let bytes = Self.bytes(ofByteLevelToken: token) else {
                throw WhisperModelConversionProblem.tokenNotByteLevel(index: index)
            }
            return bytes
        }
    }

    /// Undoes GPT-2's `bytes_to_unicode`; nil if a character is not in its table.
    static func bytes(ofByteLevelToken token: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(token.utf8.count)
        for scalar in token.unicodeScalars {
            let value = Int(scalar.value)
            guard value < byteForScalar.count, let byte = byteForScalar[value] else { return nil }
            bytes.append(byte)
        }
        return bytes
    }

    /// GPT-2's `bytes_to_unicode`, inverted: printable bytes ("!"..."~", "¡"..."¬", "®"..."ÿ")
    /// stand for themselves, the other 68 bytes in ascending order for U+0100, U+0101, …
    private static let byteForScalar: [UInt8?] = {
        let printable = Array(0x21...0x7E) + Array(0xA1...0xAC) + Array(0xAE...0xFF)
        var table = [UInt8?](repeating: nil, count: 256 + 256 - printable.count)
        var next = 256
        for byte in 0...255 {
            if printable.contains(byte) {
                table[byte] = UInt8(byte)
            } else {
                table[next] = UInt8(byte)
                next += 1
            }
        }
        return table
    }()

    /// The special token ids whisper.cpp derives from n_vocab, first `<|endoftext|>`, with the
    /// names they carry in Whisper's tokenizer (`<|nocaptions|>` was later renamed `<|nospeech|>`).
    private static func whisperCppSpecialTokens(vocabularySize: Int) -> [(id: Int, names: [String])] {
        let multilingual = vocabularySize >= 51865
        let languageCount = vocabularySize - 51765 - (multilingual ? 1 : 0)
        let shift = multilingual ? languageCount - 98 : 0
        let endOfText = multilingual ? 50257 : 50256
        return [
            (endOfText, ["<|endoftext|>"]),
            (endOfText + 1, ["<|startoftranscript|>"]),
            (50357 + shift, ["<|translate|>"]),
            (50358 + shift, ["<|transcribe|>"]),
            (50359 + shift, ["<|startoflm|>"]),
            (50360 + shift, ["<|startofprev|>"]),
            (50361 + shift, ["<|nocaptions|>", "<|nospeech|>"]),
            (50362 + shift, ["<|notimestamps|>"]),
            (50363 + shift, ["<|0.00|>"]),
        ]
    }
}
