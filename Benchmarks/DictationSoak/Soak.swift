import ArgumentParser
import DictationKit
import DictationPocketSphinx
import DictationPreprocessing
import Foundation

extension DictationSoak {
    /// Hours of looped speech through one session, as fast as it decodes, watching resident memory.
    struct Soak: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Feed hours of looped speech through one session and watch resident memory.",
            discussion: """
                The LibriVox recordings with 1-3 s pauses (silence or faint noise) between them are looped \
                on the fly, unpaced, into one DictationSession (StandardPreprocessing(), \
                PocketSphinxRecognizer(), default options with partials and progress). VmRSS is sampled \
                every minute of audio; the check is that it differs by less than 2 MB between minute 10 \
                and the end of the audio.
                """
        )

        @Option(help: "Hours of audio.")
        var hours: Double = 2

        @Option(help: "Minutes of audio, instead of --hours (for a quick try).")
        var minutes: Double?

        @Option(help: "Seeds the pauses and their noise.")
        var seed: UInt64 = 42

        /// The criterion: less than 2 MB (2,000,000 bytes) between minute 10 and the end.
        static let allowedGrowth = 2_000_000
        static let checkpointMinute = 10

        var duration: Double { (minutes ?? hours * 60) * 60 }

        func validate() throws {
            guard duration.isFinite, duration >= 60 else {
                throw ValidationError("give at least a minute of audio (--minutes 1)")
            }
        }

        func run() async throws {
            guard ResidentMemory.current > 0 else { throw BenchmarkError("can't read VmRSS from /proc/self/status") }
            let recordings = try LibriVoxRecordings.load()
            let source = LoopedSpeechSource(
                recordings: recordings, sampleRate: LibriVoxRecordings.sampleRate, duration: duration, seed: seed)
            let session = DictationSession(
                source: source, preprocessing: StandardPreprocessing(), recognizer: PocketSphinxRecognizer())
            print(
                String(
                    format: "soak: %.0f min of audio, unpaced, one session; RSS at start %.1f MiB",
                    duration / 60, ResidentMemory.mebibytes(ResidentMemory.current)))
            print("audio min   RSS MiB   finals   wall s")
            fflush(nil)

            let clock = ContinuousClock()
            let started = clock.now
            var samples: [(minute: Int, rss: Int)] = []
            var finals = 0
            var partials = 0
            var processed = 0.0
            var endOfAudio: (seconds: Double, rss: Int)?
            let stream = try await session.start(DictationOptions(reports: [.partials, .progress]))
            for await event in stream {
                switch event {
                case .final:
                    finals += 1
                case .partial:
                    partials += 1
                case .progress(let seconds, let total):
                    processed = seconds
                    while Double(samples.count + 1) * 60 <= seconds {
                        let rss = ResidentMemory.current
                        samples.append((samples.count + 1, rss))
                        print(
                            String(
                                format: "%9d %9.1f %8d %8.1f", samples.count, ResidentMemory.mebibytes(rss), finals,
                                RunStatistics.seconds(clock.now - started)))
                        fflush(nil)
                    }
                    // The last progress event comes after the last final, with the decoder still loaded.
                    if let total, seconds >= total - 0.01 { endOfAudio = (seconds, ResidentMemory.current) }
                case .error(let error) where error.isFatal:
                    throw BenchmarkError("the session failed: \(error)")
                case .error(let error):
                    print("warning: \(error)")
                default:
                    break
                }
            }
            let wall = RunStatistics.seconds(clock.now - started)
            guard let endOfAudio else {
                throw BenchmarkError(String(format: "the session ended after %.1f s of audio, before the end", processed))
            }
            let afterSession = ResidentMemory.current

            print("")
            print(
                String(
                    format: "audio %.1f s, wall %.1f s, real-time factor %.3f (wall / audio)",
                    endOfAudio.seconds, wall, wall / endOfAudio.seconds))
            print("finals \(finals), partials \(partials)")
            print(
                String(
                    format: "RSS at end of audio %.2f MiB; after the session ended %.2f MiB; peak (VmHWM) %.2f MiB",
                    ResidentMemory.mebibytes(endOfAudio.rss), ResidentMemory.mebibytes(afterSession),
                    ResidentMemory.mebibytes(ResidentMemory.peak)))
            guard let checkpoint = samples.first(where: { $0.minute == Self.checkpointMinute }) else {
                print(
                    "RSS growth after minute \(Self.checkpointMinute): n/a (less than \(Self.checkpointMinute) minutes of audio)")
                return
            }
            let growth = endOfAudio.rss - checkpoint.rss
            let verdict = abs(growth) < Self.allowedGrowth ? "PASS" : "FAIL"
            print(
                String(
                    format: "RSS at minute %d %.2f MiB, at end %.2f MiB, difference %+.2f MiB (%+d bytes)",
                    Self.checkpointMinute, ResidentMemory.mebibytes(checkpoint.rss),
                    ResidentMemory.mebibytes(endOfAudio.rss), ResidentMemory.mebibytes(growth), growth))
            print("\(verdict): difference under 2 MB (2,000,000 bytes) between minute \(Self.checkpointMinute) and the end")
        }
    }
}
