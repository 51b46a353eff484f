import Testing

@testable import Dictation

/// Nearest-rank percentiles, the one implementation the metrics summary and the latency
/// benchmark share.
@Suite(.timeLimit(.minutes(25))) struct PercentilesTests {
    @Test func theNearestRankIsAlwaysOneOfTheValues() {
        let sample = Percentiles((1...20).map(Double.init).reversed())
        #expect(sample.count == 20)
        #expect(sample.p50 == 10)
        #expect(sample.p95 == 19)
        #expect(sample.max == 20)
        #expect(sample.percentile(0.01) == 1)
        #expect(sample.percentile(0.51) == 11, "rank ⌈10.2⌉ = 11")
    }

    @Test func smallSamples() {
        let one = Percentiles([42])
        #expect(one.p50 == 42 && one.p95 == 42 && one.max == 42)
        let three = Percentiles([3, 1, 2])
        #expect(three.p50 == 2, "rank ⌈1.5⌉ = 2")
        #expect(three.p95 == 3)
    }

    @Test func fractionsOutsideZeroToOneStayInTheSample() {
        let sample = Percentiles([5, 6, 7])
        #expect(sample.percentile(0) == 5)
        #expect(sample.percentile(-1) == 5)
        #expect(sample.percentile(2) == 7)
        #expect(sample.percentile(.nan).isNaN)
    }

    @Test func anEmptySampleHasNoPercentiles() {
        let empty = Percentiles([])
        #expect(empty.count == 0)
        #expect(empty.p50.isNaN && empty.p95.isNaN && empty.max.isNaN)
    }
}
