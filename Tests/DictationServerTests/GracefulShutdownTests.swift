import DictationKit
import DictationStreamProtocol
import DictationTestSupport
import DictationTesting
import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import Synchronization
import Testing

@testable import DictationServer

/// A server's graceful shutdown (SIGTERM to `dictate serve`, or its service group's), with real
/// clients mid-session and real decoding: each session ends as the end of its audio would end it.
@Suite("Graceful shutdown", .timeLimit(.minutes(25)))
struct GracefulShutdownTests {
    @Test("a stream session mid-audio gets its finals and ended, then close 1000")
    func streamSessionEndsCleanly() async throws {
        // The shutdown waits as long as decoding takes on a loaded machine.
        let server = try await TestServer.start(ServerConfiguration(port: 0, limits: ServerLimits(shutdownSeconds: 1_200)))
        let shutdown = Mutex<Task<Result<Void, any Error>, Never>?>(nil)
        let (samples, transcript) = try SpeechAudio.twoSentences()
        let segments = (samples.count + 15_999) / 16_000
        let (messages, closeCode) = try await StreamTestClient.connect(server.streamURL) { conversation in
            try await conversation.send(.start(StreamStart()))
            var messages = [try #require(try await conversation.next())]
            for sequenceId in 0..<segments { try await conversation.sendSegment(sequenceId, of: samples) }
            // Every segment is in the session, and no `end` was sent: only the shutdown ends it.
            while messages.acknowledged.count < segments, let message = try await conversation.next() {
                messages.append(message)
            }
            shutdown.withLock { $0 = Task { await server.shutDown() } }
            messages += try await conversation.rest()
            return messages
        }
        let stopped = await shutdown.withLock { $0 }?.value
        #expect(throws: Never.self) { try stopped?.get() }
        guard case .ended = messages.last else {
            Issue.record("the last message is not ended: \(String(describing: messages.last))")
            return
        }
        #expect(closeCode == 1000)
        #expect(messages.failures.isEmpty, "\(messages.failures)")
        let errorRate = WordErrorRate(reference: transcript, hypothesis: messages.text)
        #expect(
            errorRate.rate <= 0.35,
            "the audio sent before the shutdown is decoded: \(errorRate): \(messages.text); \(messages.map { "\($0)".prefix(80) })"
        )
    }

    @Test("a vosk client mid-audio gets the last result, then close 1001")
    func voskConnectionEndsCleanly() async throws {
        let server = try await TestServer.start(ServerConfiguration(port: 0, limits: ServerLimits(shutdownSeconds: 1_200)))
        let shutdown = Mutex<Task<Result<Void, any Error>, Never>?>(nil)
        let samples = try PocketSphinxTestData.librivox("0870")
        let transcript = try PocketSphinxTestData.librivoxTranscript("0870")
        let replies = Mutex<[String]>([])
        let close = try await WebSocketClient.connect(
            url: "ws://127.0.0.1:\(server.port)/vosk", configuration: WebSocketClientConfiguration(maxFrameSize: 1 << 20),
            logger: Logger(label: "test")
        ) { inbound, outbound, _ in
            var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
            // vosk-server answers each message; the whole recording goes, and no eof.
            for start in stride(from: 0, to: samples.count, by: 8_000) {
                let chunk = samples[start..<min(start + 8_000, samples.count)]
                var buffer = ByteBuffer()
                for sample in chunk { buffer.writeInteger(sample, endianness: .little) }
                try await outbound.write(.binary(buffer))
                guard case .text(let reply) = try await messages.next() else { return }
                replies.withLock { $0.append(reply) }
            }
            shutdown.withLock { $0 = Task { await server.shutDown() } }
            while let message = try await messages.next() {
                if case .text(let reply) = message { replies.withLock { $0.append(reply) } }
            }
        }
        let stopped = await shutdown.withLock { $0 }?.value
        #expect(throws: Never.self) { try stopped?.get() }
        #expect(close.map { UInt16(webSocketErrorCode: $0.closeCode) } == 1001)
        #expect(close?.reason?.hasPrefix("serverShuttingDown") == true, "\(String(describing: close?.reason))")
        // The text of every result, the last (sent at the shutdown) included.
        let text = replies.withLock { $0 }.compactMap { reply -> String? in
            let object = try? JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any]
            return object?["text"] as? String
        }.filter { !$0.isEmpty }.joined(separator: " ")
        let errorRate = WordErrorRate(reference: transcript, hypothesis: text)
        #expect(errorRate.rate <= 0.35, "\(errorRate): \(text)")
    }

    @Test("once shutting down, no session starts, each running one is told to end, and the wait ends when they have")
    func slotsShutDown() async throws {
        let slots = SessionSlots(limit: 2)
        let ended = Mutex(0)
        let first = try #require(slots.take())
        let second = try #require(slots.take())
        #expect(slots.take() == nil)
        #expect(slots.refusal.code == .limitExceeded)
        slots.onShutdown(of: first) { ended.withLock { $0 += 1 } }
        slots.onShutdown(of: second) { ended.withLock { $0 += 1 } }
        slots.release(second)
        slots.shutDown()
        #expect(ended.withLock { $0 } == 1, "only the running session is told")
        #expect(slots.take() == nil)
        #expect(slots.refusal.code == .serverShuttingDown)
        #expect(await !slots.waitUntilAllReleased(timeout: .milliseconds(50)), "one is still going")
        let releasing = Task { slots.release(first) }
        #expect(await slots.waitUntilAllReleased(timeout: .seconds(600)))
        await releasing.value
    }
}
