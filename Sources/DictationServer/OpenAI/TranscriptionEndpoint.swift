import Dictation
import DictationStreamProtocol
import HTTPTypes
import Hummingbird
import Logging

/// `POST /v1/audio/transcriptions`, as OpenAI's API (and WhisperKit's and speaches' servers) take
/// it: a multipart form with the audio `file`, answered in the `response_format` asked for.
///
/// The upload is decoded from memory (any format libsndfile reads, by content) by a session of the
/// server's without partials: each utterance searched whole, then written (formatting on). With a
/// `worker`, the decoding runs in a process of its own (`WorkerAudioDataSource`): a decoder that
/// leaks or crashes on a hostile upload costs that process, and the upload gets its coded error.
struct TranscriptionEndpoint: Sendable {
    let slots: SessionSlots
    let factory: ServerSessionFactory
    let limits: ServerLimits
    let defaultLocale: String
    /// The process each upload is decoded in; `nil`: this one.
    let worker: AudioDecodingWorker?
    let logger: Logger

    func respond(to request: Request, context: some RequestContext) async -> Response {
        do {
            // First come, first served: the slot is taken before the upload is read, so a large
            // upload that started first is not overtaken by a small one, and a refused upload
            // is not read at all.
            guard let slot = slots.take() else { throw OpenAIError(slots.refusal) }
            // An upload in progress when the server shuts down is answered: the server's
            // shutdown waits for it.
            defer { slots.release(slot) }
            let body: ByteBuffer
            do {
                body = try await request.body.collect(upTo: limits.maxUploadBytes)
            } catch {
                throw OpenAIError(
                    status: .contentTooLarge,
                    message: "The upload is larger than the \(limits.maxUploadBytes) bytes this server takes.",
                    type: "invalid_request_error", parameter: "file", code: DictationError.Code.limitExceeded.rawValue)
            }
            let upload = try TranscriptionUpload(body: body, contentType: request.headers[.contentType])
            return try await transcribe(upload)
        } catch let error as OpenAIError {
            logger.debug("transcription refused", metadata: ["code": "\(error.code)"])
            var response = Self.response(status: error.status, contentType: "application/json", body: error.body)
            // A session ends in seconds: ask the client to come back soon rather than at once.
            if error.status == .tooManyRequests { response.headers[.retryAfter] = "1" }
            return response
        } catch {
            let failure = OpenAIError(DictationError(code: .internal, message: "\(error)"))
            return Self.response(status: failure.status, contentType: "application/json", body: failure.body)
        }
    }

    private func transcribe(_ upload: TranscriptionUpload) async throws -> Response {
        var locale = upload.language.map(Self.locale(forLanguage:)) ?? defaultLocale
        let request = ServerSessionFactory.Request(
            locale: locale, partials: false, formatting: true, maxDuration: Double(limits.maxSessionSeconds))
        let source: any AudioSource =
            worker.map { WorkerAudioDataSource(bytes: upload.audio, worker: $0) } ?? AudioDataSource(bytes: upload.audio)
        var (session, options) = factory.makeSession(source: source, request: request)
        options.reports = [.progress]
        var finals: [Transcript] = []
        var duration = 0.0
        var failure: DictationError?
        for await event in try await session.start(options) {
            switch event {
            case .final(let final): finals.append(final)
            case .progress(let processed, let total): duration = max(duration, total ?? processed)
            case .localeSelected(_, let used): locale = used
            case .error(let error) where error.isFatal: failure = error
            default: break
            }
        }
        // A file that breaks off keeps what was read before it: with finals, they are the answer
        // and the error goes in a header; without, the error is.
        if let failure, finals.allSatisfy({ $0.text.isEmpty }) { throw OpenAIError(failure) }
        duration = max(duration, finals.last?.endTime ?? 0)
        var response = Self.response(
            status: .ok, contentType: upload.responseFormat.contentType,
            body: upload.responseFormat.body(finals: finals, duration: duration, locale: locale, words: upload.wordTimestamps))
        if let failure, let name = HTTPField.Name("X-DictationKit-Error") {
            response.headers[name] = "\(failure.code.rawValue): \(failure.message)".filter { !$0.isNewline }
        }
        return response
    }

    /// OpenAI's `language` is ISO-639-1 ("en"); DictationKit's locales are BCP 47.
    static func locale(forLanguage language: String) -> String {
        switch language.lowercased() {
        case "en": "en-US"
        case "nb", "no", "nn": "nb-NO"
        default: language
        }
    }

    static func response(status: HTTPResponse.Status, contentType: String, body: String) -> Response {
        Response(
            status: status, headers: [.contentType: contentType],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}
