import DictationKit
import Foundation

/// The protocol's JSON: sorted keys, and decoding failures as protocol violations. The server's
/// other protocols (vosk's replies, OpenAI's bodies) are written with ``encode(_:)`` too.
package enum StreamJSON {
    private struct Envelope: Decodable {
        var type: String
    }

    /// The value as one line of JSON with sorted keys; `{}` if it can't be encoded.
    package static func encode<Value: Encodable>(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // The protocol's messages hold strings, integers and booleans only: encoding can't fail.
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    static func type(of data: Data) throws(DictationError) -> String {
        do {
            return try JSONDecoder().decode(Envelope.self, from: data).type
        } catch {
            throw StreamProblem.notAMessage.error
        }
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(DictationError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
            let DecodingError.dataCorrupted(context)
        {
            throw StreamProblem.badField(
                context.codingPath.map(\.stringValue).joined(separator: "."),
                .init(.streamFieldWrongType)
            ).error
        } catch let DecodingError.keyNotFound(key, _) {
            throw StreamProblem.badField(key.stringValue, .missing).error
        } catch {
            throw StreamProblem.notAMessage.error
        }
    }
}
