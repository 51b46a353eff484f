import DictationKit
import DictationTesting
import Synchronization

/// Hours of audio made on the fly from a few recordings: a pause, a recording, a pause, the next
/// recording, and round again, until the duration asked for. Unpaced, like a file.
///
/// Pauses last 1 to 3 s and are digital silence or faint white noise (about -60 dBFS RMS) in turn,
/// drawn from a seeded generator, so every run produces the same audio. Only the recordings are
/// held in memory; one read makes at most one buffer.
struct LoopedSpeechSource: AudioSource {
    let recordings: [[Float]]
    let sampleRate: Int
    /// Total length in sample frames.
    let totalFrames: Int
    let seed: UInt64

    /// - Parameters:
    ///   - recordings: Mono samples at `sampleRate`, played in order, looped.
    ///   - sampleRate: Samples per second.
    ///   - duration: Seconds of audio in all; the last recording is cut off there.
    ///   - seed: Seeds the pause lengths and the noise.
    init(recordings: [[Float]], sampleRate: Int, duration: Double, seed: UInt64 = 42) {
        self.recordings = recordings
        self.sampleRate = sampleRate
        self.totalFrames = Int(duration * Double(sampleRate))
        self.seed = seed
    }

    func open() throws(DictationError) -> any AudioReader {
        guard !recordings.isEmpty, recordings.allSatisfy({ !$0.isEmpty }) else {
            // The soak test's own words, like its report: English, not in the library's tables.
            throw DictationError.invalidAudio("no recordings to loop")
        }
        return Reader(source: self)
    }

    /// What is being played.
    private enum Segment {
        case pause(remaining: Int, noiseLevel: Float)
        case recording(index: Int, offset: Int)
    }

    private final class Reader: AudioReader {
        let source: LoopedSpeechSource
        let interrupted = Atomic<Bool>(false)
        var random: SplitMix64
        var position = 0
        var segment: Segment
        var pauses = 0
        var nextRecording = 0

        init(source: LoopedSpeechSource) {
            self.source = source
            random = SplitMix64(seed: source.seed)
            segment = .recording(index: 0, offset: 0)
            segment = makePause()
        }

        var format: AudioFormat { AudioFormat(sampleRate: source.sampleRate, channelCount: 1, encoding: .float32) }

        var expectedDuration: Double? { Double(source.totalFrames) / Double(source.sampleRate) }

        func read(maxFrames: Int) throws(DictationError) -> AudioFrame? {
            guard !interrupted.load(ordering: .relaxed), position < source.totalFrames else { return nil }
            let wanted = min(maxFrames, source.totalFrames - position)
            var samples: [Float] = []
            samples.reserveCapacity(wanted)
            while samples.count < wanted {
                let room = wanted - samples.count
                switch segment {
                case .pause(let remaining, let noiseLevel):
                    let count = min(room, remaining)
                    for _ in 0..<count { samples.append(noiseLevel == 0 ? 0 : noiseLevel * uniformNoise()) }
                    segment = remaining > count ? .pause(remaining: remaining - count, noiseLevel: noiseLevel) : nextSpeech()
                case .recording(let index, let offset):
                    let recording = source.recordings[index]
                    let count = min(room, recording.count - offset)
                    samples += recording[offset..<(offset + count)]
                    segment = offset + count < recording.count ? .recording(index: index, offset: offset + count) : makePause()
                }
            }
            let frame = AudioFrame(
                samples: samples, sampleRate: source.sampleRate, channelCount: 1,
                startTime: Double(position) / Double(source.sampleRate))
            position += samples.count
            return frame
        }

        func interrupt() { interrupted.store(true, ordering: .relaxed) }

        func takeEvents() -> [DictationEvent] { [] }

        private func nextSpeech() -> Segment {
            defer { nextRecording = (nextRecording + 1) % source.recordings.count }
            return .recording(index: nextRecording, offset: 0)
        }

        private func makePause() -> Segment {
            pauses += 1
            let length = Int(Double(source.sampleRate) * Double.random(in: 1...3, using: &random))
            // Uniform noise in ±a has RMS a/√3: 0.0017 is about -60 dBFS RMS.
            return .pause(remaining: length, noiseLevel: pauses % 2 == 0 ? 0.0017 : 0)
        }

        private func uniformNoise() -> Float { Float.random(in: -1...1, using: &random) }
    }
}
