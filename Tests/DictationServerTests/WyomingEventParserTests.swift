import DictationKit
import Foundation
import NIOCore
import Testing

@testable import DictationServer

/// The Wyoming framing parser on bytes as PyPI's `wyoming` writes them, split anywhere, and on
/// thousands of damaged variants: events, or a coded framing error, never a crash or a hang.
@Suite(.timeLimit(.minutes(2))) struct WyomingEventParserTests {
    /// An event as `wyoming.event.async_write_event` writes it: the header line with the lengths,
    /// the data as separate JSON, then the payload.
    static func written(_ type: String, data: String?, payload: [UInt8]) -> [UInt8] {
        var header = #"{"type": "\#(type)", "version": "1.10.2""#
        if let data { header += #", "data_length": \#(data.utf8.count)"# }
        if !payload.isEmpty { header += #", "payload_length": \#(payload.count)"# }
        header += "}\n"
        return Array(header.utf8) + Array((data ?? "").utf8) + payload
    }

    static let stream: [UInt8] =
        written("transcribe", data: #"{"language": "en"}"#, payload: [])
        + written("audio-start", data: #"{"rate": 16000, "width": 2, "channels": 1, "timestamp": null}"#, payload: [])
        + (0..<3).flatMap { chunk in
            written(
                "audio-chunk", data: #"{"rate": 16000, "width": 2, "channels": 1, "timestamp": \#(chunk * 100)}"#,
                payload: (0..<3200).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ chunk) })
        }
        + written("audio-stop", data: #"{"timestamp": 300}"#, payload: [])
        + Array(#"{"type": "describe", "data": {}}"#.utf8) + [10]

    /// What the parser makes of `bytes` handed over in pieces ending at `cuts`.
    static func parse(_ bytes: [UInt8], cuts: [Int], payloadLimit: Int = 65_536) -> Result<[String], WyomingFramingProblem> {
        var parser = WyomingEventParser(payloadLimit: payloadLimit)
        var buffer = ByteBuffer()
        var events: [String] = []
        var start = 0
        for end in cuts.sorted() + [bytes.count] where end >= start {
            buffer.writeBytes(bytes[start..<end])
            start = end
            do {
                while let event = try parser.next(from: &buffer) {
                    events.append("\(event.type) \(event.data.keys.sorted()) \(event.payload?.readableBytes ?? 0)")
                }
            } catch {
                return .failure(error)
            }
        }
        return .success(events)
    }

    @Test func eventsAsTheWyomingPackageWritesThemAreReadWhereverTheBytesAreSplit() throws {
        let whole = try Self.parse(Self.stream, cuts: []).get()
        #expect(
            whole == [
                "transcribe [\"language\"] 0", "audio-start [\"channels\", \"rate\", \"timestamp\", \"width\"] 0",
                "audio-chunk [\"channels\", \"rate\", \"timestamp\", \"width\"] 3200",
                "audio-chunk [\"channels\", \"rate\", \"timestamp\", \"width\"] 3200",
                "audio-chunk [\"channels\", \"rate\", \"timestamp\", \"width\"] 3200", "audio-stop [\"timestamp\"] 0",
                "describe [] 0",
            ])
        // One byte at a time, and cut at every place once.
        #expect(try Self.parse(Self.stream, cuts: Array(0..<Self.stream.count)).get() == whole)
        for cut in stride(from: 0, to: Self.stream.count, by: 97) {
            #expect(try Self.parse(Self.stream, cuts: [cut]).get() == whole, "cut at \(cut)")
        }
    }

    @Test func limitsAndBadLengthsAreCodedErrors() {
        let endless = [UInt8](repeating: UInt8(ascii: "a"), count: WyomingEventParser.headerLimit + 10)
        #expect(Self.parse(endless, cuts: [1000, 40_000]) == .failure(.tooLarge(part: "header", bytes: 65_546, limit: 65_536)))
        let huge = Self.written("audio-chunk", data: nil, payload: [UInt8](repeating: 0, count: 70_000))
        #expect(Self.parse(huge, cuts: []) == .failure(.tooLarge(part: "payload", bytes: 70_000, limit: 65_536)))
        for header in [
            #"{"type": "x", "payload_length": -1}"#, #"{"type": "x", "data_length": 1e300}"#,
            #"{"type": "x", "payload_length": "12"}"#, #"{"type": ""}"#, #"{"data": {}}"#, "[1, 2]", "not json",
        ] {
            #expect(Self.parse(Array((header + "\n").utf8), cuts: []) == .failure(.notAnEvent), "\(header)")
        }
        #expect(WyomingFramingProblem.notAnEvent.error.code == .protocolViolation)
        #expect(WyomingFramingProblem.tooLarge(part: "payload", bytes: 2, limit: 1).error.code == .limitExceeded)
    }

    /// SplitMix64: the same damaged variants on every run.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func damagedStreamsGiveEventsOrACodedErrorAndNeverMoreThanTheBytesHold() {
        var random = Seeded(state: 26)
        var outcomes = (events: 0, errors: 0)
        for _ in 0..<3_000 {
            var bytes = Self.stream
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes[at] = UInt8.random(in: 0...255, using: &random)
                case 1: bytes.remove(at: at)
                case 2: bytes.insert(UInt8.random(in: 0...255, using: &random), at: at)
                default:
                    // A digit in a length, or a newline, where they matter most.
                    bytes[at] =
                        [UInt8(ascii: "9"), UInt8(ascii: "\n"), UInt8(ascii: "-"), UInt8(ascii: "}")]
                        .randomElement(using: &random) ?? 0
                }
            }
            let cuts = (0..<Int.random(in: 0...6, using: &random)).map { _ in Int.random(in: 0...bytes.count, using: &random) }
            switch Self.parse(bytes, cuts: cuts) {
            case .success(let events):
                outcomes.events += 1
                // No event can hold more payload than the bytes had.
                let payload = events.compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }.reduce(0, +)
                #expect(payload <= bytes.count)
            case .failure(let problem):
                outcomes.errors += 1
                #expect([.protocolViolation, .limitExceeded].contains(problem.error.code))
            }
        }
        // Both kinds of outcome were exercised, or the mutations said nothing.
        #expect(outcomes.events > 100 && outcomes.errors > 100, "\(outcomes)")
    }
}
