import ArgumentParser
import DictationKit
import DictationPocketSphinx
import Foundation

extension DictationSoak {
    /// The cost of the whole preprocessing chain next to the decoder's, on the same speech.
    struct ChainCost: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "chain-cost",
            abstract: "Time StandardPreprocessing against the PocketSphinx decoder, in ns per sample.",
            discussion: """
                StandardPreprocessing() with default options runs over the clip at 16 kHz mono and over a \
                44.1 kHz stereo copy (resampled with soxr and duplicated in-process, so the downmixer and \
                resampler run too), in 100 ms reads; the PocketSphinx decoder (endpointer segmentation, \
                one utterance per recording, no partials) decodes the same 16 kHz audio. The three \
                alternate in every run; medians of the runs are compared. The check is that the chain \
                costs under 5 % of the decoder's time for the same audio.
                """
        )

        @Option(help: "Seconds of LibriVox speech (the recordings looped).")
        var seconds: Double = 60

        @Option(help: "Runs of each; medians are reported.")
        var runs: Int = 5

        static let allowedShare = 0.05

        func validate() throws {
            guard seconds.isFinite, seconds >= 1 else { throw ValidationError("--seconds must be at least 1") }
            guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
        }

        func run() throws {
            let clip = SpeechClip(recordings: try LibriVoxRecordings.load(), seconds: seconds)
            let workloads = [
                ChainWorkload(name: "chain, 16 kHz mono", samples: clip.samples, sampleRate: 16_000, channelCount: 1),
                ChainWorkload(
                    name: "chain, 44.1 kHz stereo", samples: try clip.converted(to: 44_100, channelCount: 2),
                    sampleRate: 44_100, channelCount: 2),
            ]
            let decoder = DecoderWorkload(
                decoder: try PocketSphinxRecognizer().makeUtteranceDecoder(DecoderConfiguration(locale: "en-US")), clip: clip)
            print(
                String(
                    format: "chain-cost: %.1f s of speech (%d utterances), %d runs, release build",
                    clip.duration, decoder.utterances.count, runs))

            var chainSeconds = [[Double]](repeating: [], count: workloads.count)
            var decoderSeconds: [Double] = []
            for run in 1...runs {
                var line = "run \(run):"
                for (index, workload) in workloads.enumerated() {
                    let result = try workload.measure()
                    chainSeconds[index].append(result.seconds)
                    line += String(
                        format: " %@ %.1f ms (%d out);", workload.name as NSString, result.seconds * 1000, result.outputCount)
                }
                let decoded = try decoder.measure()
                decoderSeconds.append(decoded.seconds)
                line += String(format: " decoder %.0f ms (%d words)", decoded.seconds * 1000, decoded.words)
                print(line)
                fflush(nil)
            }

            let decoderMedian = RunStatistics.median(decoderSeconds)
            print("")
            print(
                "medians of \(runs) runs".padding(toLength: 24, withPad: " ", startingAt: 0)
                    + "        ms   ns/input sample   ns/16 kHz sample   share of decoder")
            for (index, workload) in workloads.enumerated() {
                let median = RunStatistics.median(chainSeconds[index])
                let share = median / decoderMedian
                print(
                    workload.name.padding(toLength: 24, withPad: " ", startingAt: 0)
                        + String(
                            format: "%10.2f %17.2f %18.2f %16.2f %%  %@",
                            median * 1000, median * 1e9 / Double(workload.sampleCount),
                            median * 1e9 / Double(decoder.sampleCount), share * 100,
                            (share < Self.allowedShare ? "PASS" : "FAIL") as NSString))
            }
            print(
                "decoder (reference)".padding(toLength: 24, withPad: " ", startingAt: 0)
                    + String(
                        format: "%10.2f %17.2f %18.2f",
                        decoderMedian * 1000, decoderMedian * 1e9 / Double(decoder.sampleCount),
                        decoderMedian * 1e9 / Double(decoder.sampleCount)))
            print(
                String(
                    format: "decoder real-time factor %.3f; check: chain under %.0f %% of the decoder's time",
                    decoderMedian / clip.duration, Self.allowedShare * 100))
        }
    }
}
