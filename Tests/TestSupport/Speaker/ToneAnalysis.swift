/// What a played cue sounds like, measured from its samples without the library's tables: its
/// runs of sound between silences, and each run's pitch by zero crossings (a pure tone crosses
/// zero twice a period).
package enum ToneAnalysis {
    /// A run of sound: its pitch in hertz and its length in seconds.
    package struct Tone: Equatable, CustomStringConvertible {
        package var frequency: Double
        package var duration: Double
        package var description: String { "\(Int(frequency.rounded())) Hz \(Int((duration * 1000).rounded())) ms" }
    }

    /// The runs of sound in `samples`: stretches of at least 10 ms whose samples reach above 2 %
    /// of full scale, apart by at least 15 ms of near silence.
    package static func tones(in samples: [Int16], sampleRate: Int) -> [Tone] {
        let threshold: Int16 = 655
        let quietRun = sampleRate * 15 / 1000
        var tones: [Tone] = []
        var start: Int?
        var lastLoud = 0
        func close(at end: Int) {
            guard let first = start, end - first >= sampleRate / 100 else { return }
            let run = samples[first..<end]
            let crossings = zip(run, run.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
            let duration = Double(end - first) / Double(sampleRate)
            tones.append(Tone(frequency: Double(crossings) / 2 / duration, duration: duration))
        }
        for (index, sample) in samples.enumerated() where abs(Int(sample)) > threshold {
            if start != nil, index - lastLoud > quietRun {
                close(at: lastLoud + 1)
                start = nil
            }
            if start == nil { start = index }
            lastLoud = index
        }
        close(at: lastLoud + 1)
        return tones
    }

    /// Whether measured tones are the expected pitches (within 3 %) in order.
    package static func matches(_ tones: [Tone], pitches: [Double]) -> Bool {
        tones.count == pitches.count && zip(tones, pitches).allSatisfy { abs($0.frequency - $1) <= $1 * 0.03 }
    }
}
