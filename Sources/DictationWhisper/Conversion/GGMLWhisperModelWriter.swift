import Foundation

/// Writes whisper.cpp's legacy ggml model file, the format `models/convert-pt-to-ggml.py`
/// produces and `whisper_model_load` in src/whisper.cpp reads:
///
/// - int32 magic 0x67676d6c ("ggml"), then the eleven int32 hyperparameters;
/// - the mel filterbank: int32 rows, int32 columns, rows × columns float32;
/// - the vocabulary: int32 count, then per token an int32 length and its bytes;
/// - the tensors, each: int32 rank, int32 name length, int32 element type, the dimensions
///   innermost first (ggml's `ne` order, the reverse of PyTorch's shape), the name, the data.
///
/// All little-endian, no padding. Output goes to a sink in pieces, so large weights pass
/// straight from the mapped source file to the output without being collected in memory.
struct GGMLWhisperModelWriter {
    /// The ggml element types used here (`GGML_TYPE_F32`, `GGML_TYPE_F16`).
    enum TensorType: Int32, Sendable {
        case float32 = 0
        case float16 = 1
    }

    /// A tensor's elements as they come: little-endian bytes of a source model, or computed values.
    enum Elements: Sendable {
        case float32(Data)
        case float16(Data)
        case bfloat16(Data)
        case values([Float])
    }

    private let sink: (Data) throws -> Void
    private var pending = Data()

    /// `sink` receives the file's bytes in order.
    init(sink: @escaping (Data) throws -> Void) {
        self.sink = sink
    }

    /// Writes the magic, the hyperparameters (`fileType` as `ftype`: the type of the large
    /// weights, 0 all float32, 1 float16), the mel filterbank and the vocabulary.
    mutating func writeHeader(
        _ hyperparameters: WhisperModelFile.Hyperparameters, melFilters: [Float], melFilterColumns: Int, tokens: [[UInt8]]
    ) throws {
        let h = hyperparameters
        append(Int32(bitPattern: WhisperModelFile.magic))
        for value in [
            h.vocabularySize, h.audioContext, h.audioState, h.audioHeads, h.audioLayers,
            h.textContext, h.textState, h.textHeads, h.textLayers, h.melBands, h.fileType,
        ] {
            try appendInt32(value)
        }

        guard melFilters.count == h.melBands * melFilterColumns else {
            throw WhisperModelConversionProblem.unexpectedShape(
                variable: "mel filters", expected: [h.melBands, melFilterColumns], actual: [melFilters.count])
        }
        try appendInt32(h.melBands)
        try appendInt32(melFilterColumns)
        for value in melFilters {
            append(value.bitPattern)
        }

        try appendInt32(tokens.count)
        for token in tokens {
            try appendInt32(token.count)
            pending.append(contentsOf: token)
        }
        try flush()
    }

    /// `shape` is outermost dimension first, as in PyTorch and CTranslate2.
    mutating func writeTensor(name: String, shape: [Int], type: TensorType, elements: Elements) throws {
        // whisper.cpp reads at most four dimensions and counts elements in an int32.
        let elementCount = shape.reduce(1) { $0.multipliedReportingOverflow(by: $1).overflow ? Int.max : $0 * $1 }
        guard (1...4).contains(shape.count), elementCount <= Int32.max, elementCount == Self.count(of: elements) else {
            throw WhisperModelConversionProblem.unexpectedShape(
                variable: name, expected: shape, actual: [Self.count(of: elements)])
        }
        let nameBytes = Array(name.utf8)
        try appendInt32(shape.count)
        try appendInt32(nameBytes.count)
        append(type.rawValue)
        for dimension in shape.reversed() {
            try appendInt32(dimension)
        }
        pending.append(contentsOf: nameBytes)

        try flush()
        switch (elements, type) {
        case (.float16(let bytes), .float16), (.float32(let bytes), .float32):
            // Same encoding: pass the source bytes through untouched (bit-exact, NaNs included).
            try sink(bytes)
        case (.values(let values), _):
            try values.withUnsafeBufferPointer { values in
                try emit(count: values.count, as: type) { values[$0] }
            }
        case (.float32(let bytes), _):
            try bytes.withUnsafeBytes { raw in
                try emit(count: raw.count / 4, as: type) { Float(bitPattern: Self.load(raw, $0, as: UInt32.self)) }
            }
        case (.float16(let bytes), _):
            try bytes.withUnsafeBytes { raw in
                try emit(count: raw.count / 2, as: type) { Float(Float16(bitPattern: Self.load(raw, $0, as: UInt16.self))) }
            }
        case (.bfloat16(let bytes), _):
            // bfloat16 is the upper half of a float32.
            try bytes.withUnsafeBytes { raw in
                try emit(count: raw.count / 2, as: type) { Float(bitPattern: UInt32(Self.load(raw, $0, as: UInt16.self)) << 16) }
            }
        }
    }

    /// Hands the last buffered bytes to the sink.
    mutating func finish() throws {
        try flush()
    }

    private static func count(of elements: Elements) -> Int {
        switch elements {
        case .float32(let bytes): bytes.count / 4
        case .float16(let bytes), .bfloat16(let bytes): bytes.count / 2
        case .values(let values): values.count
        }
    }

    /// Converts elements in chunks, so a widened tensor never exists in memory whole. Widening
    /// to float32 is exact; narrowing to float16 rounds to nearest even, like numpy's astype.
    private func emit(count: Int, as type: TensorType, element: (Int) -> Float) throws {
        let width = type == .float16 ? 2 : 4
        let chunk = 1 << 16
        var output = [UInt8](repeating: 0, count: min(chunk, count) * width)
        for start in stride(from: 0, to: count, by: chunk) {
            let end = min(start + chunk, count)
            output.withUnsafeMutableBytes { raw in
                for index in start..<end {
                    let offset = (index - start) * width
                    switch type {
                    case .float32:
                        raw.storeBytes(of: element(index).bitPattern.littleEndian, toByteOffset: offset, as: UInt32.self)
                    case .float16:
                        raw.storeBytes(of: Float16(element(index)).bitPattern.littleEndian, toByteOffset: offset, as: UInt16.self)
                    }
                }
            }
            try sink(Data(output[..<((end - start) * width)]))
        }
    }

    /// The little-endian integer element `index` of an unaligned buffer.
    private static func load<T: FixedWidthInteger>(_ raw: UnsafeRawBufferPointer, _ index: Int, as _: T.Type) -> T {
        T(littleEndian: raw.loadUnaligned(fromByteOffset: index * MemoryLayout<T>.size, as: T.self))
    }

    /// Appends an int32 header field; header values come from the model, so range is checked.
    private mutating func appendInt32(_ value: Int) throws {
        guard let value = Int32(exactly: value) else {
            throw WhisperModelConversionProblem.unsupportedDimensions("\(value) does not fit the ggml header's int32")
        }
        append(value)
    }

    private mutating func append<T: FixedWidthInteger>(_ value: T) {
        Self.appendLittleEndian(value, to: &pending)
    }

    private static func appendLittleEndian<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }

    private mutating func flush() throws {
        guard !pending.isEmpty else { return }
        try sink(pending)
        pending = Data()
    }
}
