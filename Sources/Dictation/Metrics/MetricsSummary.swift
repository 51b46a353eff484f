import CoreMetrics
import Foundation
import Synchronization

/// A swift-metrics backend that keeps everything in memory and renders a summary table at the
/// end of a run: counters summed; timers and recorders as count, p50, p95 and max.
///
/// ```swift
/// let summary = MetricsSummary()
/// MetricsSystem.bootstrap(summary)          // once per process, before any session starts
/// // ... run sessions ...
/// print(summary.render(), terminator: "")
/// ```
///
/// ```
/// metrics:
///   counter                                               total
///   dictationkit_capture_overruns{locale=en-US}               0
///   dictationkit_utterances{locale=en-US}                     1
///   timer / recorder                                      count       p50       p95       max
///   dictationkit_event_latency{event=final,locale=en-US}      1  770.2 ms  770.2 ms  770.2 ms
///   dictationkit_real_time_factor{locale=en-US}               1     0.293     0.293     0.293
///   dictationkit_session_duration{locale=en-US}               1    1.56 s    1.56 s    1.56 s
/// ```
///
/// `dictate --verbose` bootstraps it and prints the table on standard error. Every value is kept
/// (a session records a few per tenth of a second of audio), so percentiles are exact
/// (nearest-rank) and memory grows with the run: meant for a command or a test, not for a
/// server that runs for days, which wants a backend such as swift-prometheus.
public final class MetricsSummary: MetricsFactory {
    private enum Kind {
        case counter, recorder, timer
    }

    /// One metric: a label and its dimensions.
    fileprivate struct Key: Hashable, Comparable {
        let label: String
        let dimensions: [String]

        init(label: String, dimensions: [(String, String)]) {
            self.label = label
            self.dimensions = dimensions.map { "\($0.0)=\($0.1)" }.sorted()
        }

        /// `label{key=value,...}`, as Prometheus writes it.
        var name: String { dimensions.isEmpty ? label : "\(label){\(dimensions.joined(separator: ","))}" }

        static func < (lhs: Key, rhs: Key) -> Bool { lhs.name < rhs.name }
    }

    private struct Series {
        let kind: Kind
        var total: Int64 = 0
        var values: [Double] = []
    }

    private let series = Mutex<[Key: Series]>([:])

    /// Creates an empty summary.
    public init() {}

    // MARK: - MetricsFactory

    /// Makes a counter whose increments are summed.
    /// - Parameters:
    ///   - label: The metric's name.
    ///   - dimensions: Its dimensions; each set of them is a row of its own.
    /// - Returns: The counter's handler.
    public func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        Handle(summary: self, key: register(label, dimensions, .counter))
    }

    /// Makes a recorder whose values are kept for their percentiles.
    /// - Parameters:
    ///   - label: The metric's name.
    ///   - dimensions: Its dimensions; each set of them is a row of its own.
    ///   - aggregate: Unused: every value is kept.
    /// - Returns: The recorder's handler.
    public func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        Handle(summary: self, key: register(label, dimensions, .recorder))
    }

    /// Makes a timer whose durations are kept for their percentiles.
    /// - Parameters:
    ///   - label: The metric's name.
    ///   - dimensions: Its dimensions; each set of them is a row of its own.
    /// - Returns: The timer's handler.
    public func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        Handle(summary: self, key: register(label, dimensions, .timer))
    }

    // What was recorded stays in the summary: it is rendered at the end.

    /// Keeps what the counter recorded.
    /// - Parameter handler: The counter's handler.
    public func destroyCounter(_ handler: any CounterHandler) {}
    /// Keeps what the recorder recorded.
    /// - Parameter handler: The recorder's handler.
    public func destroyRecorder(_ handler: any RecorderHandler) {}
    /// Keeps what the timer recorded.
    /// - Parameter handler: The timer's handler.
    public func destroyTimer(_ handler: any TimerHandler) {}

    private func register(_ label: String, _ dimensions: [(String, String)], _ kind: Kind) -> Key {
        let key = Key(label: label, dimensions: dimensions)
        series.withLock { all in
            if all[key] == nil { all[key] = Series(kind: kind) }
        }
        return key
    }

    fileprivate func add(_ amount: Int64, to key: Key) {
        series.withLock { $0[key]?.total += amount }
    }

    fileprivate func reset(_ key: Key) {
        series.withLock { $0[key]?.total = 0 }
    }

    fileprivate func record(_ value: Double, in key: Key) {
        series.withLock { $0[key]?.values.append(value) }
    }

    // MARK: - The table

    /// The summary as lines of text, each ending in a newline: `metrics:`, a table of counters
    /// (label and dimensions, total), then one of timers and recorders (count, p50, p95, max;
    /// durations in µs, ms or s). Timers and recorders that were made but never recorded are left
    /// out; with nothing at all, a line says so.
    /// - Returns: The table.
    public func render() -> String {
        var counters: [[String]] = []
        var distributions: [[String]] = []
        for (key, series) in series.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
            if series.kind == .counter {
                counters.append([key.name, "\(series.total)"])
                continue
            }
            guard !series.values.isEmpty else { continue }
            let percentiles = Percentiles(series.values)
            let format = { (value: Double) in series.kind == .timer ? Self.duration(value) : Self.number(value) }
            distributions.append([
                key.name, "\(percentiles.count)", format(percentiles.p50), format(percentiles.p95),
                format(percentiles.max),
            ])
        }
        var text = "metrics:\n"
        if counters.isEmpty && distributions.isEmpty { return text + "  (nothing recorded)\n" }
        // One width for the names of both tables, so that they line up.
        let nameWidth = (counters + distributions).map { $0[0].count }.max() ?? 0
        if !counters.isEmpty {
            text += Self.table(header: ["counter", "total"], rows: counters, nameWidth: nameWidth)
        }
        if !distributions.isEmpty {
            text += Self.table(
                header: ["timer / recorder", "count", "p50", "p95", "max"], rows: distributions, nameWidth: nameWidth)
        }
        return text
    }

    /// Nanoseconds, as a person reads them.
    private static func duration(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000_000: return number(nanoseconds / 1_000) + " µs"
        case ..<1_000_000_000: return number(nanoseconds / 1_000_000) + " ms"
        default: return number(nanoseconds / 1_000_000_000) + " s"
        }
    }

    private static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        let digits = abs(value) >= 100 ? 1 : abs(value) >= 1 ? 2 : 3
        return String(format: "%.\(digits)f", value)
    }

    /// The first column left-aligned, the others right-aligned, two spaces of indent.
    private static func table(header: [String], rows: [[String]], nameWidth: Int) -> String {
        let lines = [header] + rows
        var widths = header.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
        widths[0] = max(widths[0], nameWidth)
        return lines.map { cells in
            let padded = cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }
            return "  " + padded.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}

/// One metric's handler: it forwards what it is given to the summary.
private final class Handle: CounterHandler, RecorderHandler, TimerHandler {
    let summary: MetricsSummary
    let key: MetricsSummary.Key

    init(summary: MetricsSummary, key: MetricsSummary.Key) {
        self.summary = summary
        self.key = key
    }

    func increment(by amount: Int64) { summary.add(amount, to: key) }
    func reset() { summary.reset(key) }
    func record(_ value: Int64) { summary.record(Double(value), in: key) }
    func record(_ value: Double) { summary.record(value, in: key) }
    func recordNanoseconds(_ duration: Int64) { summary.record(Double(duration), in: key) }
}
