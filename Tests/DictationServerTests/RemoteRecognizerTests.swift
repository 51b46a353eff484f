import Dictation
import DictationServer
import DictationTestSupport
import DictationTesting
import Foundation
import Synchronization
import Testing

@testable import DictationRemote

/// `RemoteRecognizer` in a real session against a real server in this process: the same
/// session, one line apart, decoding locally or remotely; and its offline queue across a server
/// that goes away and comes back.
@Suite("Remote recognizer", .timeLimit(.minutes(25)))
struct RemoteRecognizerTests {
    /// A session of the standard stack with the given recognizer on pushed audio.
    /// - Parameter whileFeeding: Called after each half second of audio is pushed, with its
    ///   number and the events so far.
    static func transcribe(
        _ samples: [Int16], recognizer: any SpeechRecognizer,
        whileFeeding: @escaping @Sendable (Int, HeardEvents) async throws -> Void = { _, _ in }
    ) async throws -> [DictationEvent] {
        let source = PushAudioSource(
            format: AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .int16), capacitySeconds: 120)
        let session = DictationSession(source: source, preprocessing: StandardPreprocessing(), recognizer: recognizer)
        let events = try await session.start(DictationOptions(locale: "en-US", reports: []))
        let heard = HeardEvents()
        let collected = Task { for await event in events { heard.append(event) } }
        // Half a second at a time at twice real time: a live stream, quicker.
        let pacer = RealTimePacer(unitsPerSecond: 2, speed: 2)
        for (index, start) in stride(from: 0, to: samples.count, by: 8_000).enumerated() {
            source.append(Array(samples[start..<min(start + 8_000, samples.count)]))
            try await whileFeeding(index, heard)
            try await pacer.waitUntilPlayed(index + 1)
        }
        source.finish()
        try await withDeadline(.seconds(1200), "the session's events") { await collected.value }
        return heard.events
    }

    static func text(_ events: [DictationEvent]) -> String {
        events.compactMap { if case .final(let final) = $0 { final.text } else { nil } }.filter { !$0.isEmpty }.joined(
            separator: " ")
    }

    @Test("remote decoding gives what local decoding gives")
    func remoteLikeLocal() async throws {
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
        let (samples, transcript) = try SpeechAudio.twoSentences()
        let remote = try await Self.transcribe(samples, recognizer: RemoteRecognizer(url: server.streamURL))
        let local = try await Self.transcribe(samples, recognizer: PocketSphinxRecognizer())
        let remoteRate = WordErrorRate(reference: transcript, hypothesis: Self.text(remote))
        let localRate = WordErrorRate(reference: transcript, hypothesis: Self.text(local))
        #expect(remoteRate.rate <= 0.35, "\(remoteRate): \(Self.text(remote))")
        #expect(remoteRate.rate <= localRate.rate + 0.1, "remote \(remoteRate), local \(localRate)")
        #expect(!remote.contains { if case .error = $0 { true } else { false } }, "\(remote)")
    }

    @Test("while the server is away the audio waits, and its finals come once the server is back")
    func offlineQueue() async throws {
        let server = try await TestServer.start()
        let port = server.port
        let (samples, transcript) = try SpeechAudio.twoSentences()
        let restarted = Mutex<TestServer?>(nil)
        let remote = RemoteRecognizer(url: server.streamURL)
        let events = try await Self.transcribe(samples, recognizer: remote) { [server] segment, heard in
            // After 4 s of audio the server goes away (its sessions with it); 3 s later, once the
            // session has told that it is away, it is back.
            if segment == 8 { await server.stop() }
            if segment == 14 {
                try await waitUntil("the session tells that the server is away") {
                    heard.events.contains { if case .error(let error) = $0 { error.code == .networkUnavailable } else { false } }
                }
                let again = try? await TestServer.start(ServerConfiguration(port: port))
                restarted.withLock { $0 = again }
            }
        }
        let again = try #require(restarted.withLock { $0 }, "the server did not start again on port \(port)")
        defer { Task { await again.stop() } }

        Self.expectOneOutageAndEveryWordOnce(events, transcript: transcript)
    }
}

extension RemoteRecognizerTests {
    /// What a session across an outage must show: one notice that the server is away, not
    /// fatal, and the words, none lost and none repeated.
    static func expectOneOutageAndEveryWordOnce(_ events: [DictationEvent], transcript: String) {
        let errors = events.compactMap { if case .error(let error) = $0 { error } else { nil } }
        #expect(errors.map(\.code) == [.networkUnavailable], "one notice that the server is away: \(errors)")
        #expect(errors.allSatisfy { !$0.isFatal })
        let rate = WordErrorRate(reference: transcript, hypothesis: text(events))
        #expect(rate.rate <= 0.35, "\(rate): \(text(events))")
        let words = text(events).split(separator: " ")
        #expect(words.count <= transcript.split(separator: " ").count + 3, "no words repeated: \(text(events))")
    }

    @Test("a server gone silent without closing: the connection is given up, and a new one resumes the session")
    func silentConnectionGivenUp() async throws {
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
        // The first connection goes silent after 3 s of the session's 10: audio, acks and pongs
        // stop, nothing is closed.
        let proxy = try await FreezingProxy.start(target: server.port, freezeAfter: 3)
        var remote = RemoteRecognizer(url: "ws://127.0.0.1:\(proxy.port)/v1/stream")
        remote.keepAlive = RemoteKeepAlive(pingInterval: .milliseconds(500), silenceLimit: .seconds(4))
        let (samples, transcript) = try SpeechAudio.twoSentences()
        let events = try await Self.transcribe(samples, recognizer: remote)
        let connections = try await proxy.stop()

        #expect(connections >= 2, "the silent connection was not given up")
        Self.expectOneOutageAndEveryWordOnce(events, transcript: transcript)
    }
}

/// A session's events as they arrive, for the test feeding it to look at.
final class HeardEvents: Sendable {
    private let list = Mutex<[DictationEvent]>([])

    func append(_ event: DictationEvent) { list.withLock { $0.append(event) } }

    /// The events so far, in order.
    var events: [DictationEvent] { list.withLock { $0 } }
}
