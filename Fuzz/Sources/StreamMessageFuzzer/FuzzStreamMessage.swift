import DictationKit
import DictationStreamProtocol

/// Reads arbitrary bytes as a client's and as a server's text message of the streaming protocol:
/// each must either parse or throw a coded `protocolViolation`; anything else (a crash, a hang,
/// another error) is a bug. A message that parses must survive a round trip through its JSON.
@_cdecl("fuzzStreamMessage")
func fuzzStreamMessage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let message = try StreamClientMessage(jsonText: text)
        if case .segment(let segment) = message, segment.sampleCount < 0 { fatalError("negative segment: \(text)") }
        if case .start(let start) = message, (try? start.format.validate()) != nil {
            // A format that passes validation must give sizes that don't overflow.
            _ = start.format.frameBytes + start.format.maxSegmentSamples
        }
        let again = try StreamClientMessage(jsonText: message.jsonText)
        if again.jsonText != message.jsonText { fatalError("client message changed in a round trip: \(text)") }
    } catch {
        if error.code != .protocolViolation { fatalError("client message gave \(error.code): \(text)") }
    }
    do {
        _ = try StreamServerMessage(jsonText: text)
    } catch {
        if error.code != .protocolViolation { fatalError("server message gave \(error.code): \(text)") }
    }
    return 0
}
