import DictationKit
import Foundation
import MultipartKit
import NIOCore

/// The fields of a `POST /v1/audio/transcriptions` form, as OpenAI's API takes them: `file`,
/// `model`, `language`, `prompt`, `response_format`, `temperature`, `timestamp_granularities[]`.
/// `model`, `prompt` and `temperature` are read and not used: there is one recognizer.
struct TranscriptionUpload {
    var audio: [UInt8]
    var fileName: String?
    var language: String?
    var responseFormat: TranscriptionResponseFormat
    var wordTimestamps: Bool

    /// Reads the form.
    /// - Parameters:
    ///   - body: The request's body.
    ///   - contentType: Its `Content-Type` header, which names the boundary.
    /// - Throws: ``OpenAIError`` for a body that is not such a form.
    init(body: ByteBuffer, contentType: String?) throws(OpenAIError) {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data"),
            let boundary = Self.boundary(in: contentType)
        else {
            throw OpenAIError.badRequest("The request must be multipart/form-data with a boundary.", parameter: nil)
        }
        let parts: [MultipartPart]
        do {
            parts = try Self.parts(of: body, boundary: boundary)
        } catch {
            throw OpenAIError.badRequest("The multipart body could not be read: \(error).", parameter: nil)
        }
        guard let file = parts.firstPart(named: "file") else {
            throw OpenAIError.badRequest("The form has no file.", parameter: "file")
        }
        audio = Array(buffer: file.body)
        guard !audio.isEmpty else { throw OpenAIError.badRequest("The file is empty.", parameter: "file") }
        fileName = Self.fileName(of: file)
        language = parts.firstPart(named: "language").map { String(buffer: $0.body) }.flatMap { $0.isEmpty ? nil : $0 }
        let format = parts.firstPart(named: "response_format").map { String(buffer: $0.body) } ?? "json"
        guard let responseFormat = TranscriptionResponseFormat(rawValue: format) else {
            throw OpenAIError.badRequest(
                "response_format \"\(format)\" is not one of json, text, srt, verbose_json, vtt.", parameter: "response_format")
        }
        self.responseFormat = responseFormat
        let granularities = parts.allParts(named: "timestamp_granularities[]") + parts.allParts(named: "timestamp_granularities")
        wordTimestamps = granularities.contains { String(buffer: $0.body) == "word" }
    }

    /// The form's parts, through MultipartKit's parser.
    private static func parts(of body: ByteBuffer, boundary: String) throws -> [MultipartPart] {
        let parser = MultipartParser(boundary: boundary)
        var parts: [MultipartPart] = []
        var current = MultipartPart(body: ByteBuffer())
        parser.onHeader = { name, value in current.headers.add(name: name, value: value) }
        parser.onBody = { chunk in current.body.writeBuffer(&chunk) }
        parser.onPartComplete = {
            parts.append(current)
            current = MultipartPart(body: ByteBuffer())
        }
        try parser.execute(body)
        return parts
    }

    private static func boundary(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }

    private static func fileName(of part: MultipartPart) -> String? {
        guard let disposition = part.headers.first(name: "Content-Disposition") else { return nil }
        for parameter in disposition.split(separator: ";") {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0] == "filename" { return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
        return nil
    }
}
