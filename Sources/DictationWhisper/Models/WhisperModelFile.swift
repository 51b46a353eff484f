import CWhisper
import DictationKit
import Foundation

/// A whisper.cpp model file (the ggml format its converters write), checked whole before
/// whisper.cpp is given it.
///
/// whisper.cpp's loader trusts its file: hyperparameters it divides by, sizes it allocates, and
/// tensor types whose traits it asserts on. A truncated download or a file of another kind could
/// abort the process. So every field is read here first, bounds-checked against the file's
/// length, and the walk over the tensors must end exactly at the end of the file.
struct WhisperModelFile: Sendable, Hashable {
    /// The model's shape, from the file's header.
    struct Hyperparameters: Sendable, Hashable {
        var vocabularySize: Int
        var audioContext: Int
        var audioState: Int
        var audioHeads: Int
        var audioLayers: Int
        var textContext: Int
        var textState: Int
        var textHeads: Int
        var textLayers: Int
        var melBands: Int
        var fileType: Int

        /// Whether the model knows many languages: English-only models have 51 864 tokens,
        /// multilingual ones 51 865 (51 866 from large-v3 on).
        var isMultilingual: Bool { vocabularySize >= 51_865 }

        /// Whisper's name for the size (`tiny`, `base`, `small`, `medium`, `large`), by its
        /// encoder's depth.
        var sizeName: String {
            switch audioLayers {
            case 4: "tiny"
            case 6: "base"
            case 12: "small"
            case 24: "medium"
            case 32: "large"
            default: "\(audioLayers)-layer"
            }
        }
    }

    /// The file's path.
    let path: String
    /// The model's shape.
    let hyperparameters: Hyperparameters
    /// How many tensors the file holds.
    let tensorCount: Int

    /// The ggml magic, "ggml" as a little-endian `UInt32`.
    static let magic: UInt32 = 0x6767_6d6c

    /// Reads and checks a model file.
    /// - Parameter path: The file.
    /// - Throws: ``DictationError`` with ``DictationError/Code/modelNotFound``, saying what is
    ///   wrong, when the file is missing, unreadable, or not a whole whisper.cpp model.
    init(path: String) throws(DictationError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw FileManager.default.fileExists(atPath: path)
                ? WhisperProblem.modelUnreadable(path: path, reason: error.localizedDescription).error
                : WhisperProblem.modelMissing(path: path).error
        }
        do {
            (hyperparameters, tensorCount) = try Self.check(data)
        } catch {
            throw WhisperProblem.modelDamaged(path: path, fault: error).error
        }
        self.path = path
    }

    /// The model's shape from the first 48 bytes of a file, without checking the rest: enough to
    /// tell its size and whether it is multilingual, for listing.
    /// - Parameter path: The file.
    /// - Returns: The hyperparameters, or `nil` when the file can't be read or does not start as
    ///   a whisper.cpp model of a shape Whisper models have.
    static func header(path: String) -> Hyperparameters? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard let bytes = try? file.read(upToCount: 48), bytes.count == 48 else { return nil }
        var reader = LittleEndianReader(bytes)
        return try? readShape(&reader)
    }

    /// Checks a model held in memory (for the fuzzer and the tests).
    /// - Parameter data: The file's bytes.
    /// - Returns: The hyperparameters and the tensor count.
    /// - Throws: What is wrong, as a ``WhisperModelFault``.
    static func check(_ data: Data) throws(WhisperModelFault) -> (Hyperparameters, tensorCount: Int) {
        var reader = LittleEndianReader(data)
        let hyperparameters = try readShape(&reader)

        // The mel filterbank: bands x FFT bins of 32-bit floats.
        let filterBands = Int(try reader.int32())
        let filterBins = Int(try reader.int32())
        guard filterBands == hyperparameters.melBands, (1...1024).contains(filterBins) else {
            throw .badField("the mel filterbank is \(filterBands) x \(filterBins)")
        }
        try reader.skip(filterBands * filterBins * 4)

        // The vocabulary: a count, then each token's bytes after their length.
        let tokens = Int(try reader.int32())
        guard (1...hyperparameters.vocabularySize).contains(tokens) else {
            throw .badField("the vocabulary lists \(tokens) tokens of \(hyperparameters.vocabularySize)")
        }
        for _ in 0..<tokens {
            let length = Int(try reader.uint32())
            guard length <= 1024 else { throw .badField("a token of \(length) bytes") }
            try reader.skip(length)
        }

        var tensorCount = 0
        while !reader.isAtEnd {
            try checkTensor(&reader)
            tensorCount += 1
        }
        let expected = 7 + 15 * hyperparameters.audioLayers + 4 + 24 * hyperparameters.textLayers
        guard tensorCount >= expected else {
            throw .truncated("\(tensorCount) tensors of the \(expected) a model of this shape has")
        }
        return (hyperparameters, tensorCount)
    }

    /// The magic and the hyperparameters, checked.
    private static func readShape(_ reader: inout LittleEndianReader) throws(WhisperModelFault) -> Hyperparameters {
        guard try reader.uint32() == magic else { throw .notAModel }
        var fields: [Int] = []
        for _ in 0..<11 { fields.append(Int(try reader.int32())) }
        let hyperparameters = Hyperparameters(
            vocabularySize: fields[0], audioContext: fields[1], audioState: fields[2], audioHeads: fields[3],
            audioLayers: fields[4], textContext: fields[5], textState: fields[6], textHeads: fields[7],
            textLayers: fields[8], melBands: fields[9], fileType: fields[10])
        try checkShape(hyperparameters)
        return hyperparameters
    }

    /// Hyperparameters whisper.cpp can build a model of, within the sizes Whisper models have.
    private static func checkShape(_ shape: Hyperparameters) throws(WhisperModelFault) {
        func require(_ condition: Bool, _ what: String) throws(WhisperModelFault) {
            if !condition { throw .badField(what) }
        }
        try require((51_000...60_000).contains(shape.vocabularySize), "a vocabulary of \(shape.vocabularySize) tokens")
        try require((1...1500).contains(shape.audioContext), "an audio context of \(shape.audioContext)")
        try require((1...448).contains(shape.textContext), "a text context of \(shape.textContext)")
        try require([80, 128].contains(shape.melBands), "\(shape.melBands) mel bands")
        for (state, heads, layers, part) in [
            (shape.audioState, shape.audioHeads, shape.audioLayers, "encoder"),
            (shape.textState, shape.textHeads, shape.textLayers, "decoder"),
        ] {
            try require((1...64).contains(layers), "an \(part) of \(layers) layers")
            try require((1...64).contains(heads) && (1...4096).contains(state), "an \(part) of width \(state)")
            try require(state % heads == 0, "an \(part) of width \(state) in \(heads) heads")
        }
        // The file types whisper.cpp maps onto a weight type (a quantized file adds 1000 times its
        // quantization version).
        try require(
            [0, 1, 2, 3, 4, 7, 8, 9, 10, 11, 12, 13, 14].contains(shape.fileType % 1000) && shape.fileType >= 0,
            "file type \(shape.fileType)")
    }

    /// Reads one tensor's header and steps over its data.
    private static func checkTensor(_ reader: inout LittleEndianReader) throws(WhisperModelFault) {
        let dimensions = Int(try reader.int32())
        let nameLength = Int(try reader.int32())
        let type = try reader.int32()
        guard (1...4).contains(dimensions) else { throw .badField("a tensor of \(dimensions) dimensions") }
        guard (1...256).contains(nameLength) else { throw .badField("a tensor name of \(nameLength) bytes") }
        guard (0..<Int32(GGML_TYPE_COUNT.rawValue)).contains(type) else { throw .badField("tensor type \(type)") }
        let tensorType = ggml_type(rawValue: UInt32(type))
        // Types whose support was removed keep their number with a block size of 0.
        let blockSize = Int(ggml_blck_size(tensorType))
        let typeSize = Int(ggml_type_size(tensorType))
        guard blockSize > 0, typeSize > 0 else { throw .badField("tensor type \(type), which ggml no longer reads") }
        var elements = 1
        var rowLength = 0
        for index in 0..<dimensions {
            let extent = Int(try reader.int32())
            guard (1...(1 << 24)).contains(extent) else { throw .badField("a tensor dimension of \(extent)") }
            if index == 0 { rowLength = extent }
            let (product, overflow) = elements.multipliedReportingOverflow(by: extent)
            guard !overflow, product <= 1 << 32 else { throw .badField("a tensor of more than 2^32 elements") }
            elements = product
        }
        guard rowLength % blockSize == 0 else { throw .badField("rows of \(rowLength) in blocks of \(blockSize)") }
        try reader.skip(nameLength)
        try reader.skip(elements / blockSize * typeSize)
    }
}

/// What is wrong inside a file that should be a whisper.cpp model.
enum WhisperModelFault: Error, Hashable, Sendable {
    /// The file does not start with the ggml magic.
    case notAModel
    /// The file ends early; what was being read.
    case truncated(String)
    /// A field has a value no Whisper model has.
    case badField(String)
}

/// Bounds-checked little-endian reads from a file's bytes.
struct LittleEndianReader {
    private let data: Data
    private var offset: Int

    init(_ data: Data) {
        self.data = data
        offset = data.startIndex
    }

    var isAtEnd: Bool { offset >= data.endIndex }

    mutating func skip(_ count: Int) throws(WhisperModelFault) {
        guard count >= 0, count <= data.endIndex - offset else {
            throw .truncated("\(count) bytes at offset \(offset - data.startIndex)")
        }
        offset += count
    }

    mutating func uint32() throws(WhisperModelFault) -> UInt32 {
        guard data.endIndex - offset >= 4 else { throw .truncated("4 bytes at offset \(offset - data.startIndex)") }
        var value: UInt32 = 0
        for index in 0..<4 { value |= UInt32(data[offset + index]) << (8 * index) }
        offset += 4
        return value
    }

    mutating func int32() throws(WhisperModelFault) -> Int32 {
        Int32(bitPattern: try uint32())
    }
}
