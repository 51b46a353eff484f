import CoreMetrics
import Testing

@testable import Dictation

/// The summary table `dictate --verbose` prints, from metrics recorded through swift-metrics'
/// own API with the summary as their factory.
@Suite(.timeLimit(.minutes(25))) struct MetricsSummaryTests {
    /// The cells of a row, split at runs of two or more spaces, or `nil` without such a row.
    static func row(_ name: String, in table: String) -> [String]? {
        for line in table.split(separator: "\n") {
            let cells = line.split(separator: "  ", omittingEmptySubsequences: true).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            if cells.first == name { return cells }
        }
        return nil
    }

    @Test func countersAreSummedPerLabelAndDimensions() {
        let summary = MetricsSummary()
        Counter(label: "utterances", dimensions: [("locale", "en-US")], factory: summary).increment(by: 2)
        // Another handle of the same metric, dimensions in another order: the same row.
        Counter(label: "errors", dimensions: [("locale", "en-US"), ("code", "invalidAudio")], factory: summary).increment()
        Counter(label: "errors", dimensions: [("code", "invalidAudio"), ("locale", "en-US")], factory: summary).increment()
        Counter(label: "utterances", dimensions: [("locale", "nb-NO")], factory: summary).increment()
        let table = summary.render()
        #expect(table.hasPrefix("metrics:\n  counter"))
        #expect(Self.row("utterances{locale=en-US}", in: table) == ["utterances{locale=en-US}", "2"])
        #expect(Self.row("utterances{locale=nb-NO}", in: table) == ["utterances{locale=nb-NO}", "1"])
        #expect(Self.row("errors{code=invalidAudio,locale=en-US}", in: table) == ["errors{code=invalidAudio,locale=en-US}", "2"])
        #expect(table.hasSuffix("\n"))
    }

    @Test func timersAndRecordersShowCountPercentilesAndMax() {
        let summary = MetricsSummary()
        let latency = CoreMetrics.Timer(label: "latency", factory: summary)
        // 1 ms ... 20 ms, shuffled: the nearest-rank p50 is the 10th, the p95 the 19th.
        for milliseconds in (1...20).shuffled() { latency.recordNanoseconds(Int64(milliseconds) * 1_000_000) }
        let factor = Recorder(label: "factor", factory: summary)
        for value in [0.25, 0.5, 0.125] { factor.record(value) }
        _ = CoreMetrics.Timer(label: "never", factory: summary)
        let table = summary.render()
        #expect(Self.row("timer / recorder", in: table) == ["timer / recorder", "count", "p50", "p95", "max"])
        #expect(Self.row("latency", in: table) == ["latency", "20", "10 ms", "19 ms", "20 ms"])
        #expect(Self.row("factor", in: table) == ["factor", "3", "0.250", "0.500", "0.500"])
        #expect(Self.row("never", in: table) == nil, "made but never recorded")
    }

    @Test func durationsReadAsMicrosecondsMillisecondsOrSeconds() {
        let summary = MetricsSummary()
        CoreMetrics.Timer(label: "short", factory: summary).recordNanoseconds(1_500)
        CoreMetrics.Timer(label: "long", factory: summary).recordNanoseconds(2_500_000_000)
        let table = summary.render()
        #expect(Self.row("short", in: table)?.last == "1.50 µs")
        #expect(Self.row("long", in: table)?.last == "2.50 s")
    }

    @Test func nothingRecordedIsSaid() {
        let summary = MetricsSummary()
        _ = Recorder(label: "unused", factory: summary)
        #expect(summary.render() == "metrics:\n  (nothing recorded)\n")
    }
}
