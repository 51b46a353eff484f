import Foundation

/// A CTranslate2 `model.bin`, parsed into named, shaped variables that point into the file's bytes.
///
/// Layout (written by `ModelSpec._serialize` in ctranslate2/specs/model_spec.py, read by
/// src/models/model.cc): u32 binary version, string spec name, u32 spec revision, u32 variable
/// count, then per variable: string name, u8 rank, rank × u32 dimensions, u8 data type,
/// u32 byte count and the bytes; then u32 alias count and (alias, target) string pairs.
/// A string is a u16 length that counts a trailing NUL, then the bytes and the NUL.
/// Everything is little-endian and nothing is aligned.
///
/// The file is memory-mapped and variables keep only byte ranges, so a model is never copied
/// into memory as a whole. Every read is bounds-checked: a truncated or damaged file throws a
/// `WhisperModelConversionProblem`, it never traps.
struct CTranslate2ModelFile: Sendable {
    /// CTranslate2's `DataType` codes (include/ctranslate2/types.h).
    enum DataType: UInt8, Sendable {
        case float32 = 0
        case int8 = 1
        case int16 = 2
        case int32 = 3
        case float16 = 4
        case bfloat16 = 5

        var byteWidth: Int {
            switch self {
            case .int8: 1
            case .int16, .float16, .bfloat16: 2
            case .float32, .int32: 4
            }
        }
    }

    /// One variable: its shape (outermost dimension first) and where its elements lie in the file.
    struct Variable: Sendable, Equatable {
        let name: String
        let shape: [Int]
        let dataType: DataType
        /// Offsets from the start of the file.
        let byteRange: Range<Int>

        var elementCount: Int { byteRange.count / dataType.byteWidth }
    }

    /// Version 4 introduced the data type code and byte count this reader relies on; versions 5
    /// and 6 kept the layout (the reader in model.cc has no branch for them), 6 is what current
    /// converters write. Older files store an item size instead and are not worth supporting.
    static let supportedBinaryVersions: ClosedRange<UInt32> = 4...6

    let binaryVersion: UInt32
    let specName: String
    let specRevision: UInt32
    /// The variables stored in the file, by name.
    let variables: [String: Variable]
    /// Alias name → name of the stored variable. The converter stores a variable once and
    /// aliases every later duplicate (e.g. `decoder/projection/weight` → the token embeddings).
    let aliases: [String: String]
    private let data: Data

    init(contentsOf url: URL) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw WhisperModelConversionProblem.cannotRead(path: url.path, reason: error.localizedDescription)
        }
        try self.init(data: data)
    }

    init(data: Data) throws {
        var reader = Reader(data: data)
        binaryVersion = try reader.integer(UInt32.self)
        guard Self.supportedBinaryVersions.contains(binaryVersion) else {
            throw WhisperModelConversionProblem.unsupportedBinaryVersion(binaryVersion)
        }
        specName = try reader.string()
        specRevision = try reader.integer(UInt32.self)

        // The counts are untrusted: no capacity is reserved from them, a damaged count just
        // runs into the end of the data.
        var variables: [String: Variable] = [:]
        for _ in 0..<(try reader.integer(UInt32.self)) {
            let name = try reader.string()
            var shape: [Int] = []
            for _ in 0..<(try reader.integer(UInt8.self)) {
                shape.append(Int(try reader.integer(UInt32.self)))
            }
            let code = try reader.integer(UInt8.self)
            guard let dataType = DataType(rawValue: code) else {
                throw WhisperModelConversionProblem.unknownDataType(variable: name, code: code)
            }
            let byteCount = Int(try reader.integer(UInt32.self))
            let expected = Self.byteCount(shape: shape, width: dataType.byteWidth)
            guard expected == byteCount else {
                throw WhisperModelConversionProblem.byteCountMismatch(variable: name, expected: expected, actual: byteCount)
            }
            let byteRange = try reader.skip(byteCount)
            guard
                variables.updateValue(Variable(name: name, shape: shape, dataType: dataType, byteRange: byteRange), forKey: name)
                    == nil
            else {
                throw WhisperModelConversionProblem.duplicateVariable(name)
            }
        }

        var aliases: [String: String] = [:]
        for _ in 0..<(try reader.integer(UInt32.self)) {
            let alias = try reader.string()
            let target = try reader.string()
            guard variables[target] != nil else {
                throw WhisperModelConversionProblem.unresolvedAlias(alias: alias, target: target)
            }
            guard variables[alias] == nil, aliases.updateValue(target, forKey: alias) == nil else {
                throw WhisperModelConversionProblem.duplicateVariable(alias)
            }
        }
        guard reader.isAtEnd else { throw WhisperModelConversionProblem.trailingBytes(offset: reader.offset) }

        self.variables = variables
        self.aliases = aliases
        self.data = data
    }

    /// The variable stored under `name` or under the name `name` aliases, if any.
    func variableIfPresent(_ name: String) -> Variable? {
        variables[name] ?? aliases[name].flatMap { variables[$0] }
    }

    func variable(_ name: String) throws -> Variable {
        guard let variable = variableIfPresent(name) else { throw WhisperModelConversionProblem.missingVariable(name) }
        return variable
    }

    /// The variable's element bytes: a slice sharing the file's (mapped) storage.
    func bytes(of variable: Variable) -> Data {
        data[(data.startIndex + variable.byteRange.lowerBound)..<(data.startIndex + variable.byteRange.upperBound)]
    }

    /// A single-element integer variable, as the converter stores hyperparameters such as `num_heads`.
    func integerScalar(_ name: String) throws -> Int {
        let variable = try variable(name)
        guard variable.elementCount == 1 else {
            throw WhisperModelConversionProblem.unexpectedShape(variable: name, expected: [], actual: variable.shape)
        }
        let bytes = bytes(of: variable)
        switch variable.dataType {
        case .int8: return Int(Int8(bitPattern: bytes[bytes.startIndex]))
        case .int16: return Int(Int16(truncatingIfNeeded: Reader.littleEndian(bytes, as: UInt16.self)))
        case .int32: return Int(Int32(truncatingIfNeeded: Reader.littleEndian(bytes, as: UInt32.self)))
        case .float32, .float16, .bfloat16:
            throw WhisperModelConversionProblem.unsupportedDataType(variable: name, dataType: "\(variable.dataType)")
        }
    }

    /// Element count × width, or -1 when the dimensions multiply past any possible u32 byte count.
    private static func byteCount(shape: [Int], width: Int) -> Int {
        var count = width
        for dimension in shape {
            let (product, overflow) = count.multipliedReportingOverflow(by: dimension)
            guard !overflow, product <= Int(UInt32.max) else { return -1 }
            count = product
        }
        return count
    }

    /// A bounds-checked cursor over the file's bytes.
    private struct Reader {
        let data: Data
        /// Relative to `data.startIndex`, so slices (as a fuzzer may pass) work too.
        private(set) var offset = 0

        init(data: Data) { self.data = data }

        var isAtEnd: Bool { offset == data.count }

        /// Consumes `count` bytes and returns their range relative to the start of the data.
        mutating func skip(_ count: Int) throws -> Range<Int> {
            guard count <= data.count - offset else {
                throw WhisperModelConversionProblem.truncatedFile(offset: offset, needed: count)
            }
            defer { offset += count }
            return offset..<(offset + count)
        }

        mutating func integer<T: FixedWidthInteger & UnsignedInteger>(_: T.Type) throws -> T {
            let range = try skip(MemoryLayout<T>.size)
            return Self.littleEndian(data[(data.startIndex + range.lowerBound)...], as: T.self)
        }

        /// A u16 length counting a trailing NUL, then UTF-8 bytes and the NUL.
        mutating func string() throws -> String {
            let start = offset
            let length = Int(try integer(UInt16.self))
            let range = try skip(length)
            let bytes = data[(data.startIndex + range.lowerBound)..<(data.startIndex + range.upperBound)]
            // CTranslate2 reads the name as a C string: an empty length or a NUL inside would
            // make it see a different name than the one stored.
            guard let terminator = bytes.last, terminator == 0, !bytes.dropLast().contains(0),
                let string = String(validating: bytes.dropLast(), as: UTF8.self)
            else { throw WhisperModelConversionProblem.malformedString(offset: start) }
            return string
        }

        /// The little-endian integer at the start of `bytes`, which must hold enough of them.
        static func littleEndian<T: FixedWidthInteger & UnsignedInteger>(_ bytes: Data, as _: T.Type) -> T {
            var value: T = 0
            for (shift, byte) in zip(stride(from: 0, to: T.bitWidth, by: 8), bytes) {
                value |= T(byte) << shift
            }
            return value
        }
    }
}
