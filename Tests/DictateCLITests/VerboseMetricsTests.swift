import DictationTestSupport
import Foundation
import Testing

/// `--verbose`: the library's logs and, at the end, a summary of its metrics on standard error;
/// without it, nothing of either.
@Suite(.timeLimit(.minutes(25))) struct VerboseMetricsTests {
    static let goforward = DictateProcess.sample("goforward.wav")

    /// The cells of the summary row for a metric (`name{dimensions}`), split at runs of spaces,
    /// or `nil` when the summary has no such row.
    static func row(_ metric: String, in standardError: String) -> [String]? {
        for line in standardError.split(separator: "\n") {
            let cells = line.split(separator: "  ", omittingEmptySubsequences: true).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            if cells.first == metric { return cells }
        }
        return nil
    }

    @Test func transcribePrintsLogsAndAMetricsSummaryOnStandardError() throws {
        let result = try DictateProcess.run(["transcribe", "--verbose", Self.goforward])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Go forward 10 meters.\n", "the summary stays off standard output")
        let errors = result.standardError
        #expect(errors.contains("debug"), "the library's debug logs: \(errors)")
        #expect(errors.contains("session started"))
        #expect(errors.contains("\nmetrics:\n"), "\(errors)")
        #expect(Self.row("dictationkit_utterances{locale=en-US}", in: errors) == ["dictationkit_utterances{locale=en-US}", "1"])
        #expect(
            Self.row("dictationkit_capture_overruns{locale=en-US}", in: errors)
                == ["dictationkit_capture_overruns{locale=en-US}", "0"])
        // Timers and recorders: count, p50, p95, max.
        let final = try #require(Self.row("dictationkit_event_latency{event=final,locale=en-US}", in: errors), "\(errors)")
        #expect(final.count == 5)
        #expect(final.dropFirst().first == "1")
        #expect(final.dropFirst(2).allSatisfy { $0.hasSuffix(" ms") || $0.hasSuffix(" µs") || $0.hasSuffix(" s") }, "\(final)")
        let factor = try #require(Self.row("dictationkit_real_time_factor{locale=en-US}", in: errors), "\(errors)")
        #expect(factor.dropFirst().first == "1")
        let value = try #require(Double(factor[2]))
        #expect(value > 0 && value < 5, "\(factor)")
        #expect(Self.row("dictationkit_session_duration{locale=en-US}", in: errors)?.dropFirst().first == "1")
        #expect(errors.hasSuffix("\n"))
        let summary = try #require(errors.range(of: "\nmetrics:\n"))
        #expect(!errors[summary.upperBound...].contains("debug"), "the summary comes last")
    }

    @Test func theSummaryCountsWhatWasDelivered() throws {
        let result = try DictateProcess.run(["transcribe", "--verbose", "--format", "jsonl", "--partials", Self.goforward])
        #expect(result.status == 0, "\(result.standardError)")
        let types = result.standardOutput.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["type"] as? String
        }
        let partials = types.filter { $0 == "partial" }.count
        #expect(partials > 0)
        let row = Self.row("dictationkit_event_latency{event=partial,locale=en-US}", in: result.standardError)
        #expect(row?.dropFirst().first == "\(partials)", "one latency per partial printed: \(result.standardError)")
        #expect(
            Self.row("dictationkit_utterances{locale=en-US}", in: result.standardError)?.last
                == "\(types.filter { $0 == "final" }.count)")
    }

    @Test func aFailedRunStillSummarizesItsErrorsByCode() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString).wav")
        let result = try DictateProcess.run(["transcribe", "--verbose", missing.path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("(invalidAudio)"))
        #expect(
            Self.row("dictationkit_errors{code=invalidAudio,locale=en-US}", in: result.standardError)?.last == "1",
            "\(result.standardError)")
    }

    @Test(arguments: [["transcribe"], ["transcribe", "--format", "jsonl"], ["transcribe", "--partials"]])
    func withoutVerboseNothingExtraIsPrinted(_ arguments: [String]) throws {
        let result = try DictateProcess.run(arguments + [Self.goforward])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty, "no logs, no summary: \(result.standardError)")
        #expect(!result.standardOutput.contains("dictationkit_"))
        #expect(!result.standardOutput.contains("metrics:"))
    }
}

extension ListenCommandTests {
    // In ListenCommandTests, which is serialized: its tests share the test capture device.
    @Test func verboseListenEndsWithAMetricsSummary() throws {
        let microphone = try TestMicrophone()
        let dictate = try RunningDictate(
            ["listen", "--device", TestMicrophone.device, "--format", "jsonl", "--silence-timeout", "1.5", "--verbose"],
            environment: microphone.environment)
        try microphone.play(try PocketSphinxTestData.goForward())
        microphone.keepPlayingSilence()
        let result = dictate.finish()
        microphone.closeWriter()
        #expect(result.status == 0, "\(result.standardError)")
        let finals = Self.finals(try Self.events(result))
        #expect(finals == ["go forward ten meters"])
        let errors = result.standardError
        #expect(errors.contains("session started"), "\(errors)")
        #expect(
            VerboseMetricsTests.row("dictationkit_utterances{locale=en-US}", in: errors)?.last == "\(finals.count)",
            "\(errors)")
        let partials = try #require(
            VerboseMetricsTests.row("dictationkit_event_latency{event=partial,locale=en-US}", in: errors), "\(errors)")
        #expect(Int(partials[1]) ?? 0 > 0)
        #expect(VerboseMetricsTests.row("dictationkit_real_time_factor{locale=en-US}", in: errors)?[1] == "1")
        #expect(VerboseMetricsTests.row("dictationkit_capture_overruns{locale=en-US}", in: errors) != nil)
    }
}
