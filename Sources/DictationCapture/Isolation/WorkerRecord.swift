import DictationKit
import Foundation

/// One record of what a decoding worker writes on its standard output: a tag byte, the payload's
/// length (UInt32, little-endian), the payload.
///
/// A worker writes ``format`` or ``failure`` first; after the format, ``samples`` records, and
/// last ``end`` or ``failure`` (a file damaged part-way through: the samples before it stand).
/// Output that stops without a last record is a worker that died.
enum WorkerRecord: Equatable {
    /// The decoded audio's rate and channels, and its length in seconds when the file tells it.
    case format(sampleRate: Int, channelCount: Int, expectedDuration: Double?)
    /// Interleaved samples, 32-bit float little-endian in the payload.
    case samples([Float])
    /// The audio ended well.
    case end
    /// The file could not be read (further): the error as the worker's decoder gave it.
    case failure(DictationError)

    /// The largest payload a reader accepts: a samples record of 16,384 frames of 8 channels is
    /// 512 KiB; a longer length is output that is not a worker's.
    static let maximumPayload = 1 << 20
    /// Tag and length.
    static let headerLength = 5

    private enum Tag: UInt8 {
        case format = 0x46  // F
        case samples = 0x53  // S
        case end = 0x45  // E
        case failure = 0x58  // X
    }

    /// The record as bytes.
    var encoded: [UInt8] {
        var payload: [UInt8] = []
        let tag: Tag
        switch self {
        case .format(let rate, let channels, let duration):
            tag = .format
            payload.append(littleEndian: UInt32(clamping: rate))
            payload.append(littleEndian: UInt32(clamping: channels))
            payload.append(littleEndian: (duration ?? .nan).bitPattern)
        case .samples(let samples):
            tag = .samples
            payload.reserveCapacity(samples.count * 4)
            for sample in samples { payload.append(littleEndian: sample.bitPattern) }
        case .end:
            tag = .end
        case .failure(let error):
            tag = .failure
            payload = Array(WorkerFailure(error).json)
        }
        var record: [UInt8] = [tag.rawValue]
        record.append(littleEndian: UInt32(payload.count))
        return record + payload
    }

    /// Reads the record at the start of `bytes`.
    /// - Returns: The record and the bytes it took, or `nil` when `bytes` holds only part of it.
    /// - Throws: ``WorkerOutputProblem`` for bytes that are no record.
    static func decode(_ bytes: ArraySlice<UInt8>) throws(WorkerOutputProblem) -> (record: WorkerRecord, length: Int)? {
        guard bytes.count >= headerLength else { return nil }
        let start = bytes.startIndex
        guard let tag = Tag(rawValue: bytes[start]) else { throw .unknownTag(bytes[start]) }
        let length = Int(UInt32(littleEndianBytes: bytes[(start + 1)..<(start + 5)]))
        guard length <= maximumPayload else { throw .payloadTooLong(length) }
        guard bytes.count >= headerLength + length else { return nil }
        let payload = bytes[(start + headerLength)..<(start + headerLength + length)]
        let record: WorkerRecord
        switch tag {
        case .format:
            guard length == 16 else { throw .malformed("format") }
            let base = payload.startIndex
            let duration = Double(bitPattern: UInt64(littleEndianBytes: payload[(base + 8)..<(base + 16)]))
            record = .format(
                sampleRate: Int(UInt32(littleEndianBytes: payload[base..<(base + 4)])),
                channelCount: Int(UInt32(littleEndianBytes: payload[(base + 4)..<(base + 8)])),
                expectedDuration: duration.isFinite && duration >= 0 ? duration : nil)
        case .samples:
            guard length % 4 == 0 else { throw .malformed("samples") }
            record = .samples(
                payload.withUnsafeBytes { raw in
                    [Float](unsafeUninitializedCapacity: length / 4) { samples, initialized in
                        for index in 0..<length / 4 {
                            let bits = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
                            let value = Float(bitPattern: bits)
                            // The worker's samples are not trusted more than a file's: in -1...1, NaN as silence.
                            samples[index] = value.isNaN ? 0 : min(max(value, -1), 1)
                        }
                        initialized = length / 4
                    }
                })
        case .end:
            guard length == 0 else { throw .malformed("end") }
            record = .end
        case .failure:
            guard let failure = WorkerFailure(json: Data(payload)) else { throw .malformed("failure") }
            record = .failure(failure.error)
        }
        return (record, headerLength + length)
    }
}

/// Output of a worker that is not a stream of ``WorkerRecord``s.
enum WorkerOutputProblem: Error, Equatable {
    case unknownTag(UInt8)
    case payloadTooLong(Int)
    case malformed(String)
    /// A record out of its place: samples before the format, anything after the last record.
    case outOfOrder(String)

    /// What went wrong, for the message (English: it names the protocol's parts).
    var reason: String {
        switch self {
        case .unknownTag(let tag): "a record of unknown kind \(tag)"
        case .payloadTooLong(let length): "a record of \(length) bytes"
        case .malformed(let kind): "a malformed \(kind) record"
        case .outOfOrder(let kind): "a \(kind) record out of order"
        }
    }
}

/// A ``DictationError`` as it crosses from the worker: its code, whether it is fatal, and its
/// message in every language, so that the server answers in its client's language as if it had
/// decoded the file itself.
struct WorkerFailure: Codable {
    var code: String
    var fatal: Bool
    var message: String
    var norwegianBokmal: String

    init(_ error: DictationError) {
        code = error.code.rawValue
        fatal = error.isFatal
        message = error.message(in: .english)
        norwegianBokmal = error.message(in: .norwegianBokmal)
    }

    init?(json: Data) {
        guard let failure = try? JSONDecoder().decode(Self.self, from: json) else { return nil }
        self = failure
    }

    var json: Data {
        // Strings and a Bool: encoding can't fail.
        (try? JSONEncoder().encode(self)) ?? Data()
    }

    var error: DictationError {
        DictationError(
            code: DictationError.Code(rawValue: code),
            message: DictationError.Text(translations: [.english: message, .norwegianBokmal: norwegianBokmal]),
            isFatal: fatal)
    }
}

extension [UInt8] {
    fileprivate mutating func append<Value: FixedWidthInteger>(littleEndian value: Value) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}

extension FixedWidthInteger {
    /// The integer stored little-endian in exactly `MemoryLayout<Self>.size` bytes.
    fileprivate init(littleEndianBytes bytes: ArraySlice<UInt8>) {
        var value = Self.zero
        for (shift, byte) in bytes.enumerated() { value |= Self(byte) << (shift * 8) }
        self = value
    }
}
