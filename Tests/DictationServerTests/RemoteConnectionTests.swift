import Dictation
import DictationServer
import DictationTestSupport
import DictationTesting
import Foundation
import NIOCore
import NIOSSL
import Testing

@testable import DictationRemote

/// How `RemoteRecognizer` connects: `wss://` with a certificate made for the test, every address
/// tried within its connect and handshake timeouts, and the mistakes waiting can't mend (a
/// `ws://` URL for a TLS port, a wrong path, no WebSocket URL) ending the session at once with a
/// coded error.
@Suite("Remote connections", .timeLimit(.minutes(10)))
struct RemoteConnectionTests {
    /// A self-signed certificate for localhost and 127.0.0.1 and its key, made by openssl.
    private static func certificate() throws -> (certificate: String, key: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dictation-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let certificate = folder.appendingPathComponent("cert.pem").path
        let key = folder.appendingPathComponent("key.pem").path
        try #require(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"), "openssl is missing: apt-get install openssl")
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
            "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", key, "-out",
            certificate,
        ]
        let errors = Pipe()
        openssl.standardError = errors
        try openssl.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        openssl.waitUntilExit()
        try #require(openssl.terminationStatus == 0, "openssl could not make a certificate: \(said)")
        return (certificate, key)
    }

    private static func tlsServer() async throws -> (server: TestServer, trust: TLSConfiguration) {
        // openssl is waited for off the cooperative pool.
        let (certificate, key) = try await offThePool { try Self.certificate() }
        let server = try await TestServer.start(
            ServerConfiguration(port: 0, tls: .init(certificatePath: certificate, privateKeyPath: key)))
        var trust = TLSConfiguration.makeClientConfiguration()
        trust.trustRoots = .file(certificate)
        return (server, trust)
    }

    /// The events of a session of `recognizer` on `samples`, pushed at once.
    private static func events(_ recognizer: RemoteRecognizer, samples: [Int16]) async throws -> [DictationEvent] {
        let source = PushAudioSource(
            format: AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .int16), capacitySeconds: 120)
        let session = DictationSession(source: source, preprocessing: StandardPreprocessing(), recognizer: recognizer)
        let events = try await session.start(DictationOptions(reports: []))
        source.append(samples)
        source.finish()
        return try await withDeadline(.seconds(300), "the session's events") {
            var all: [DictationEvent] = []
            for await event in events { all.append(event) }
            return all
        }
    }

    private static func errors(_ events: [DictationEvent]) -> [DictationError] {
        events.compactMap { if case .error(let error) = $0 { error } else { nil } }
    }

    @Test("a server given a certificate speaks wss://, and RemoteRecognizer decodes through it by name")
    func secureStream() async throws {
        let (server, trust) = try await Self.tlsServer()
        defer { Task { await server.stop() } }
        let recognizer = RemoteRecognizer(url: "wss://localhost:\(server.port)/v1/stream", tlsConfiguration: trust)
        let (samples, transcript) = try SpeechAudio.twoSentences()
        let events = try await Self.events(recognizer, samples: samples)
        #expect(Self.errors(events).isEmpty, "\(Self.errors(events).map(\.description))")
        let text = events.compactMap { if case .final(let final) = $0, !final.text.isEmpty { final.text } else { nil } }
        let rate = WordErrorRate(reference: transcript, hypothesis: text.joined(separator: " "))
        #expect(rate.rate <= 0.35, "\(rate): \(text)")
    }

    @Test("a ws:// URL for a TLS port ends the session at once with invalidConfiguration, saying wss://")
    func plainClientOfATLSPort() async throws {
        let (server, _) = try await Self.tlsServer()
        defer { Task { await server.stop() } }
        let started = ContinuousClock.now
        let events = try await Self.events(
            RemoteRecognizer(url: "ws://127.0.0.1:\(server.port)/v1/stream", maxOfflineSeconds: 120),
            samples: [Int16](repeating: 0, count: 16_000))
        let errors = Self.errors(events)
        #expect(errors.map(\.code) == [.invalidConfiguration], "\(errors.map(\.description))")
        #expect(errors.first?.isFatal == true)
        #expect(errors.first?.message.contains("wss://") == true, "\(errors.map(\.description))")
        // Not after the 120 s kept for a server away: the mistake is told on the first try.
        #expect(ContinuousClock.now - started < .seconds(60))
    }

    @Test("a wss:// URL for a plain port: the handshake times out, and the notice asks whether it is a ws:// port")
    func tlsClientOfAPlainPort() async throws {
        // Hummingbird's plain HTTP server says nothing to a TLS greeting, as a hung server does:
        // this is told, not guessed into a fatal error.
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
        let connector = try RemoteConnector(
            url: "wss://127.0.0.1:\(server.port)/v1/stream", headers: [:], tlsConfiguration: nil,
            connectTimeout: .seconds(2), handshakeTimeout: .milliseconds(500))
        do {
            _ = try await withDeadline(.seconds(30), "the connector's failure") { try await connector.connect() }
            Issue.record("a plain port completed a TLS handshake")
        } catch let failure as RemoteConnector.Failure {
            guard case .unreachable(let attempts) = failure else {
                Issue.record("\(failure)")
                return
            }
            #expect(
                attempts == [
                    "127.0.0.1 port \(server.port): connected, but no answer to the TLS and WebSocket handshake within 0.5 s (is it a ws:// port?)"
                ])
        }
    }

    @Test("a path that is no stream endpoint ends the session with the HTTP status; a URL that is no ws:// URL too")
    func wrongPathAndURL() async throws {
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
        let silence = [Int16](repeating: 0, count: 16_000)
        let wrongPath = Self.errors(
            try await Self.events(RemoteRecognizer(url: "ws://127.0.0.1:\(server.port)/v2/nothing"), samples: silence))
        #expect(wrongPath.map(\.code) == [.invalidConfiguration], "\(wrongPath.map(\.description))")
        #expect(wrongPath.first?.message.contains("HTTP 4") == true, "\(wrongPath.map(\.description))")
        let notWebSocket = Self.errors(
            try await Self.events(RemoteRecognizer(url: "http://127.0.0.1:\(server.port)/v1/stream"), samples: silence))
        #expect(notWebSocket.map(\.code) == [.invalidConfiguration], "\(notWebSocket.map(\.description))")
    }

    @Test("every address is tried: one that never answers the handshake and one that refuses give way to the next")
    func everyAddressTried() async throws {
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
        let silent = try SilentListener()
        let refusing = try SilentListener()
        let refusedPort = refusing.port
        _ = consume refusing
        // The server itself must answer within the handshake timeout on a loaded machine too.
        let connector = try RemoteConnector(
            url: server.streamURL, headers: [:], tlsConfiguration: nil, connectTimeout: .seconds(5),
            handshakeTimeout: .seconds(3))
        let addresses = [
            try SocketAddress(ipAddress: "127.0.0.1", port: silent.port),
            try SocketAddress(ipAddress: "127.0.0.1", port: refusedPort),
            try SocketAddress(ipAddress: "127.0.0.1", port: server.port),
        ]
        let webSocket = try await withDeadline(.seconds(30), "a connection through the third address") {
            try await connector.connect(to: addresses)
        }
        try await webSocket.executeThenClose { _, _ in }

        // With no good address, the failure says what each did.
        do {
            _ = try await withDeadline(.seconds(30), "the connector's failure") {
                try await connector.connect(to: Array(addresses.prefix(2)))
            }
            Issue.record("a silent and a refusing address gave a connection")
        } catch let failure as RemoteConnector.Failure {
            guard case .unreachable(let attempts) = failure else {
                Issue.record("\(failure)")
                return
            }
            #expect(attempts.count == 2, "\(attempts)")
            #expect(attempts.first?.contains("no answer to the handshake within 3 s") == true, "\(attempts)")
            #expect(attempts.last?.contains("refused") == true, "\(attempts)")
        }
    }

    @Test("a port that drops connections times out in the connect timeout and says so")
    func connectTimeout() async throws {
        let full = try SilentListener(full: true)
        let connector = try RemoteConnector(
            url: full.url, headers: [:], tlsConfiguration: nil, connectTimeout: .milliseconds(500),
            handshakeTimeout: .seconds(5))
        do {
            _ = try await withDeadline(.seconds(30), "the connector's failure") {
                try await connector.connect(to: [try SocketAddress(ipAddress: "127.0.0.1", port: full.port)])
            }
            Issue.record("a full queue took the connection")
        } catch let failure as RemoteConnector.Failure {
            guard case .unreachable(let attempts) = failure else {
                Issue.record("\(failure)")
                return
            }
            #expect(attempts == ["127.0.0.1 port \(full.port): no connection within 0.5 s"])
        }
    }

    @Test(
        "a server that never answers: a networkUnavailable notice naming the handshake, then the end when the audio kept runs out"
    )
    func silentServerInASession() async throws {
        let silent = try SilentListener()
        let recognizer = RemoteRecognizer(
            url: "ws://localhost:\(silent.port)/v1/stream", maxOfflineSeconds: 2, handshakeTimeout: .milliseconds(500))
        let source = PushAudioSource(format: AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .int16))
        let session = DictationSession(source: source, preprocessing: StandardPreprocessing(), recognizer: recognizer)
        let events = try await session.start(DictationOptions(reports: []))
        // Live, a tenth of a second at a time, for up to 10 s: the session ends on its own.
        let feeding = Task {
            let pacer = RealTimePacer(unitsPerSecond: 10)
            for tenth in 0..<100 where !Task.isCancelled {
                source.append([Int16](repeating: 0, count: 1_600))
                try await pacer.waitUntilPlayed(tenth + 1)
            }
            source.finish()
        }
        defer { feeding.cancel() }
        let collected = try await withDeadline(.seconds(60), "the session's events") {
            var all: [DictationEvent] = []
            for await event in events { all.append(event) }
            return all
        }
        // The session drops an utterance its decoder failed on and tries the next, up to its
        // tolerance: each try is told, then the failure that ends the session.
        let errors = Self.errors(collected)
        let attempt = "127.0.0.1 port \(silent.port): connected, but no answer to the handshake within 0.5 s"
        #expect(errors.count >= 2, "\(errors.map(\.description))")
        #expect(
            errors.allSatisfy { $0.code == .networkUnavailable && $0.message.contains(attempt) }, "\(errors.map(\.description))")
        #expect(errors.first?.message.contains("I can't reach") == true, "\(errors.map(\.description))")
        #expect(errors.dropLast().allSatisfy { !$0.isFatal })
        #expect(errors.last?.isFatal == true)
    }

    @Test("localhost resolves to its addresses, each with the port")
    func resolution() async throws {
        let addresses = try await RemoteConnector.resolve("localhost", port: 2700)
        #expect(!addresses.isEmpty)
        #expect(addresses.allSatisfy { $0.port == 2700 })
        #expect(addresses.contains { $0.ipAddress == "127.0.0.1" || $0.ipAddress == "::1" }, "\(addresses)")
    }
}
