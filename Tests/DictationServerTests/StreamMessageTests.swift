import DictationKit
import DictationServer
import DictationStreamProtocol
import DictationTesting
import Testing

/// The protocol's messages on their own: defaults, vocabulary forms, round trips, and values from
/// a client that must not overflow.
@Suite("Stream messages", .timeLimit(.minutes(25)))
struct StreamMessageTests {
    @Test("a bare start takes the protocol's defaults")
    func startDefaults() throws {
        guard case .start(let start) = try StreamClientMessage(jsonText: #"{"type":"start"}"#) else {
            Issue.record("not a start")
            return
        }
        #expect(start.locale == "en-US")
        #expect(start.format == StreamAudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .s16le, frameMilliseconds: 20))
        #expect(start.format.frameBytes == 640)
        #expect(start.options.partials && start.options.formatting && !start.options.preprocessed)
    }

    @Test("a vocabulary as strings, as entries, or as a vocabulary file's JSON")
    func vocabularyForms() throws {
        let texts = [
            #"{"type":"start","options":{"vocabulary":["Kubernetes",{"phrase":"Nginx","spelling":"NGINX"}]}}"#,
            #"{"type":"start","options":{"vocabulary":{"entries":[{"phrase":"Kubernetes"},{"phrase":"Nginx","spelling":"NGINX"}]}}}"#,
        ]
        for text in texts {
            guard case .start(let start) = try StreamClientMessage(jsonText: text) else {
                Issue.record("not a start: \(text)")
                continue
            }
            #expect(start.options.vocabulary.entries.map(\.phrase) == ["Kubernetes", "Nginx"])
            #expect(start.options.vocabulary.entries.last?.spelling == "NGINX")
        }
    }

    @Test("every client message survives its JSON")
    func roundTrips() throws {
        let messages: [StreamClientMessage] = [
            .start(
                StreamStart(
                    locale: "nb-NO",
                    format: StreamAudioFormat(sampleRate: 48_000, channelCount: 2, encoding: .f32le, frameMilliseconds: 60),
                    options: StreamOptions(partials: false, alternatives: 3, vocabulary: Vocabulary([.init("Dagny")])))),
            .resume(session: "0123", lastEventId: 7),
            .segment(StreamSegment(sequenceId: 2, startSampleIndex: 32_000, endSampleIndex: 40_000, lastEventId: 3)),
            .end(lastSequenceId: 2), .cancel,
        ]
        for message in messages {
            #expect(try StreamClientMessage(jsonText: message.jsonText) == message)
        }
        let events: [StreamServerMessage] = [
            .ack(sequenceId: 1, endSampleIndex: 16_000), .resumed(session: "ab", nextSequenceId: 2, nextSampleIndex: 32_000),
            .ended(session: "ab", lastEventId: 9),
            .event(
                .final(
                    Transcript(
                        text: "go forward", words: [Word(text: "go", start: 0.5, end: 0.75, confidence: 0.5)], utteranceIndex: 0,
                        startTime: 0.5, endTime: 1.25)), eventId: 4),
            .event(.speechStarted(at: 0.25), eventId: 0),
        ]
        for message in events {
            #expect(try StreamServerMessage(jsonText: message.jsonText) == message)
        }
    }

    @Test("segment indices from a client can't overflow")
    func hostileSegment() throws {
        let text =
            #"{"type":"segment","sequenceId":0,"startSampleIndex":-9223372036854775808,"endSampleIndex":9223372036854775807}"#
        guard case .segment(let segment) = try StreamClientMessage(jsonText: text) else {
            Issue.record("not a segment")
            return
        }
        #expect(segment.sampleCount == 0)
    }

    @Test("fields of the wrong type are protocol violations that name the field")
    func wrongTypes() {
        #expect(throws: DictationError.self) { try StreamClientMessage(jsonText: #"{"type":"start","sampleRate":"fast"}"#) }
        do {
            _ = try StreamClientMessage(jsonText: #"{"type":"end"}"#)
            Issue.record("an end without lastSequenceId was taken")
        } catch {
            #expect(error.code == .protocolViolation)
            #expect(error.message.contains("lastSequenceId"))
        }
    }

    @Test("tokens: only the exact token is accepted")
    func tokens() {
        let tokens = AccessTokens(["alpha-123", " beta ", ""])
        #expect(tokens.accepts("alpha-123"))
        #expect(tokens.accepts("beta"))
        #expect(!tokens.accepts("alpha-12"))
        #expect(!tokens.accepts("alpha-1234"))
        #expect(!tokens.accepts(""))
        #expect(AccessTokens([]).isEmpty)
        #expect(!AccessTokens([]).accepts("anything"))
    }

    @Test("every protocol error is written in English and in Norwegian")
    func translations() {
        let problems: [StreamProblem] = [
            .notAMessage, .unknownType("dance"),
            .badField("sampleRate", .init(translations: [.english: "is 4000", .norwegianBokmal: "er 4000"])),
            .outOfOrder("A segment"),
            .badFrame(bytes: 100, expected: 640), .segmentOutOfOrder(expected: 1, got: 3), .tooManySessions(8),
            .messageTooLarge(bytes: 100_000, limit: 65_536), .sessionTooLong(seconds: 3600), .sessionNotFound, .unauthorized,
            .wrongToken,
        ]
        for problem in problems {
            #expect(
                ErrorTranslationCheck.problems(in: problem.error).isEmpty,
                "\(problem): \(ErrorTranslationCheck.problems(in: problem.error))")
        }
    }
}
