import Dictation
import DictationStreamProtocol
import Foundation
import Logging
import NIOCore

/// One TCP connection of Home Assistant's Wyoming protocol (docs/server-protocol.md, "Wyoming"):
/// `describe` is answered with `info`, `ping` with `pong`, and each transcription (an optional
/// `transcribe`, `audio-start`, `audio-chunk`s, `audio-stop`) with `transcript-start`, a
/// `transcript-chunk` as each utterance's final comes, the `transcript` and `transcript-stop`.
/// A connection may carry one transcription after another.
///
/// Behind each transcription is an ordinary session of the server's, without partials or
/// formatting (a voice assistant wants the recognizer's words), holding a slot while it runs.
/// A bad event gets an `error` event with DictationKit's code, and the connection goes on;
/// bytes that can't be read as events end it, after the error.
struct WyomingConnection: Sendable {
    let slots: SessionSlots
    let factory: ServerSessionFactory
    let limits: ServerLimits
    let defaultLocale: String
    let logger: Logger

    /// How much audio may wait for the session in its source.
    private static let queueSeconds = 60.0
    /// How many payload bytes may wait for the handler beyond that before the client is refused:
    /// a client may send a recording faster than real time, not without bound.
    static let backlogLimit = 16 * 1024 * 1024

    private typealias Outbound = NIOAsyncChannelOutboundWriter<WyomingEvent>

    /// What the connection's loop handles, in order.
    private enum Inbound: Sendable {
        case event(WyomingEvent)
        /// Bytes that are not an event: the framing is lost.
        case unreadable(WyomingFramingProblem)
        /// The client sent more than ``backlogLimit`` ahead of its session.
        case tooFarAhead
        /// The server is shutting down: the transcription ends as at audio-stop, then the connection.
        case serverShuttingDown
    }

    /// What a transcription's session said, written by the task that reads its events.
    private struct Heard {
        var finals: [String] = []
        var failure: DictationError?
        /// The language decoded, when no model served the one asked for.
        var fallbackLanguage: String?
        /// The session's events are all in, and every chunk is written.
        var ended = false
    }

    private struct Running {
        var source: PushAudioSource
        var session: DictationSession
        var slot: SessionSlots.Slot
        var format: WyomingAudioFormat
        var language: String
        var heard: WaitableState<Heard>
    }

    /// Where the connection is between `audio-start` and `audio-stop`.
    private enum Transcription {
        case none
        case running(Running)
        /// Answered with an error already: its audio is skipped until `audio-stop`.
        case failed
    }

    func run(_ channel: NIOAsyncChannel<WyomingEvent, WyomingEvent>) async {
        do {
            try await channel.executeThenClose { inbound, outbound in
                // Events are read by a task of their own, so that the server's shutdown reaches a
                // connection that waits for its client.
                let (items, continuation) = AsyncStream.makeStream(of: Inbound.self)
                let backlog = ByteBacklog()
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        do {
                            try await backlog.read(
                                inbound, limit: Self.backlogLimit, size: { $0.payload?.readableBytes ?? 0 },
                                handOn: { continuation.yield(.event($0)) }, tooFarAhead: { continuation.yield(.tooFarAhead) })
                        } catch let problem as WyomingFramingProblem {
                            continuation.yield(.unreadable(problem))
                        } catch {
                            logger.debug("wyoming connection ended", metadata: ["error": "\(error)"])
                        }
                        continuation.finish()
                    }
                    await serve(items, inbound: continuation, backlog: backlog, outbound: outbound, tasks: &group)
                    group.cancelAll()
                }
            }
        } catch {
            logger.debug("wyoming connection ended", metadata: ["error": "\(error)"])
        }
    }

    private func serve(
        _ items: AsyncStream<Inbound>, inbound: AsyncStream<Inbound>.Continuation, backlog: ByteBacklog,
        outbound: Outbound, tasks: inout TaskGroup<Void>
    ) async {
        var transcription = Transcription.none
        var language: String?
        // Whether the server ends the connection with the client still sending.
        var closesFirst = false
        do {
            loop: for await item in items {
                let event: WyomingEvent
                switch item {
                case .event(let received): event = received
                case .unreadable(let problem):
                    closesFirst = true
                    try await outbound.write(.error(problem.error))
                    break loop
                case .tooFarAhead:
                    let error = DictationError(
                        code: .limitExceeded, message: .init(.wyomingTooFarAhead, ["limit": "\(Self.backlogLimit)"]))
                    closesFirst = true
                    try await outbound.write(.error(error))
                    break loop
                case .serverShuttingDown:
                    closesFirst = true
                    if case .running(let running) = transcription {
                        transcription = .none
                        try await answer(running, outbound: outbound)
                    }
                    break loop
                }
                defer { _ = backlog.add(-(event.payload?.readableBytes ?? 0)) }
                switch event.type {
                case "describe":
                    try await outbound.write(WyomingInfo.event(for: factory.recognizer.base))
                case "ping":
                    try await outbound.write(WyomingEvent(type: "pong", data: ["text": event.data["text"] ?? NSNull()]))
                case "transcribe":
                    guard case .none = transcription else {
                        try await refuse(&transcription, .wyomingOutOfOrder, "transcribe", outbound: outbound)
                        continue
                    }
                    language = event.string("language")
                case "audio-start", "audio-chunk":
                    if case .none = transcription {
                        // Audio without audio-start is taken as its start, as other servers do.
                        transcription = await start(
                            event, language: language, inbound: inbound, outbound: outbound, tasks: &tasks)
                    } else if event.type == "audio-start" {
                        try await refuse(&transcription, .wyomingOutOfOrder, "audio-start", outbound: outbound)
                        continue
                    }
                    guard event.type == "audio-chunk", case .running(let running) = transcription,
                        let payload = event.payload
                    else { continue }
                    do throws(DictationError) {
                        // A chunk's own format, where it gives one, must be the stream's.
                        if event.data["rate"] != nil, try WyomingAudioFormat(of: event) != running.format {
                            throw DictationError(code: .invalidAudio, message: .init(.wyomingAudioFormatChanged))
                        }
                        let samples = try running.format.samples(of: payload)
                        // Refused only once the session has ended (its longest duration): the rest is not decoded.
                        _ = try? await running.source.appendWhenRoom(samples)
                    } catch {
                        try await fail(&transcription, error, outbound: outbound)
                    }
                case "audio-stop":
                    switch transcription {
                    case .none:
                        // No audio: nothing was said.
                        try await outbound.write(WyomingEvent(type: "transcript", data: ["text": ""]))
                    case .failed: break
                    case .running(let running):
                        transcription = .none
                        try await answer(running, outbound: outbound)
                    }
                    transcription = .none
                    language = nil
                default:
                    // Events of other services (wake, tts, ...) are not for this one: skipped, as
                    // the protocol's peers skip what they don't know.
                    continue
                }
            }
        } catch {
            logger.debug("wyoming connection ended", metadata: ["error": "\(error)"])
        }
        // The client went away, or was refused, mid-transcription: nobody will read the rest.
        if case .running(let running) = transcription {
            await running.session.cancel()
            slots.release(running.slot)
        }
        if closesFirst { await dropUntilClosed(items, backlog: backlog) }
    }

    /// How long a connection the server ends waits for its client to close first.
    private static let closeWait = Duration.seconds(2)

    /// Reads and drops what the client still sends until it closes (``closeWait`` at most):
    /// closing a socket with unread bytes resets the connection, and a reset can destroy the
    /// last answer on its way to the client.
    private func dropUntilClosed(_ items: AsyncStream<Inbound>, backlog: ByteBacklog) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await case .event(let event) in items { _ = backlog.add(-(event.payload?.readableBytes ?? 0)) }
            }
            group.addTask { try? await Task.sleep(for: Self.closeWait) }
            await group.next()
            group.cancelAll()
        }
    }

    /// Takes a slot and starts a transcription's session, whose events a task of the connection
    /// turns into transcript chunks.
    private func start(
        _ event: WyomingEvent, language: String?, inbound: AsyncStream<Inbound>.Continuation, outbound: Outbound,
        tasks: inout TaskGroup<Void>
    ) async -> Transcription {
        do {
            let format = try WyomingAudioFormat(of: event)
            guard let slot = slots.take() else { throw slots.refusal }
            let source = PushAudioSource(format: format.audioFormat, capacitySeconds: Self.queueSeconds)
            let locale = language.map(TranscriptionEndpoint.locale(forLanguage:)) ?? defaultLocale
            let request = ServerSessionFactory.Request(
                locale: locale, partials: false, formatting: false, maxDuration: Double(limits.maxSessionSeconds))
            let (session, options) = factory.makeSession(source: source, request: request)
            let events: AsyncStream<DictationEvent>
            do {
                events = try await session.start(options)
            } catch {
                slots.release(slot)
                throw error
            }
            slots.onShutdown(of: slot) { inbound.yield(.serverShuttingDown) }
            let spoken = language ?? Self.languageCode(of: locale)
            try await outbound.write(WyomingEvent(type: "transcript-start", data: ["language": spoken]))
            let heard = WaitableState(Heard())
            tasks.addTask {
                for await event in events {
                    switch event {
                    case .final(let final) where !final.text.isEmpty:
                        // Chunks joined are the transcript: a space before every one but the first.
                        let chunk = heard.withLock { heard in
                            defer { heard.finals.append(final.text) }
                            return heard.finals.isEmpty ? final.text : " " + final.text
                        }
                        try? await outbound.write(WyomingEvent(type: "transcript-chunk", data: ["text": chunk]))
                    case .localeSelected(_, let used):
                        heard.withLock { $0.fallbackLanguage = Self.languageCode(of: used) }
                    case .error(let error) where error.isFatal:
                        heard.withLock { $0.failure = error }
                    default: break
                    }
                }
                heard.withLock { $0.ended = true }
            }
            return .running(
                Running(source: source, session: session, slot: slot, format: format, language: spoken, heard: heard))
        } catch {
            let coded = error as? DictationError ?? DictationError(code: .internal, message: "\(error)")
            try? await outbound.write(.error(coded))
            return .failed
        }
    }

    /// Ends the audio, waits for the session's last final and answers with the transcript (or
    /// the error, when the session failed with nothing heard).
    private func answer(_ running: Running, outbound: Outbound) async throws {
        defer { slots.release(running.slot) }
        running.source.finish()
        try await running.heard.waiting { $0.ended }
        let heard = running.heard.read { $0 }
        if let failure = heard.failure, heard.finals.isEmpty {
            try await outbound.write(.error(failure))
        } else {
            let language = heard.fallbackLanguage ?? running.language
            try await outbound.write(
                WyomingEvent(type: "transcript", data: ["text": heard.finals.joined(separator: " "), "language": language]))
        }
        try await outbound.write(WyomingEvent(type: "transcript-stop"))
    }

    /// `en` for `en-US`: the form of Wyoming's languages.
    static func languageCode(of locale: String) -> String {
        String(locale.prefix { $0 != "-" && $0 != "_" })
    }

    /// Answers an event that can't come now with an error, and ends the transcription it broke into.
    private func refuse(
        _ transcription: inout Transcription, _ message: MessageID, _ what: String, outbound: Outbound
    ) async throws {
        try await fail(
            &transcription, DictationError(code: .protocolViolation, message: .init(message, ["what": "\(what)"])),
            outbound: outbound)
    }

    /// Sends the error, cancels the running session (its slot freed) and skips the rest of its audio.
    private func fail(_ transcription: inout Transcription, _ error: DictationError, outbound: Outbound) async throws {
        if case .running(let running) = transcription {
            await running.session.cancel()
            slots.release(running.slot)
            try await outbound.write(.error(error))
            try await outbound.write(WyomingEvent(type: "transcript-stop"))
        } else {
            try await outbound.write(.error(error))
        }
        transcription = .failed
    }
}
