// Latency of live dictation, release build:
//
//     swift run -c release dictation-latency [--utterances 50] [--stops 50] [--model DIR] [--rescoring] [--noise-suppression auto|on|off] [--decoder -NAME=VALUE ...]
//
// A microphone is played by a thread that appends 20 ms of real speech to a PushAudioSource at
// real time, so the wall-clock moment each sample became available is known. Two figures, each
// as p50 / p95 / max:
// - partial latency: from the moment the last frame of a word is available to the first event
//   (partial, or the final when no partial had it) that holds that word near its place;
// - stop latency: from calling stop() in the middle of an utterance to stop() returning (the
//   captured audio decoded, the final delivered, the source released).
import DictationCapture
import DictationKit
import DictationPocketSphinx
import DictationPreprocessing
import Foundation

let arguments = CommandLine.arguments
func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let number = Int(arguments[index + 1]) else {
        return value
    }
    return number
}
let utteranceCount = option("--utterances", default: 50)
let stopCount = option("--stops", default: 50)

let recordings = try SpeechCorpus.load()
// PocketSphinx options to try, e.g. `--decoder -vad_postspeech=30`.
// `--rescoring` starts from PocketSphinxRecognizer.rescoringDecoderOptions (PocketSphinx's own
// flat-lexicon and best-path passes), to compare with the default one forward pass.
var decoderOptions: [String: String] =
    arguments.contains("--rescoring") ? PocketSphinxRecognizer.rescoringDecoderOptions : [:]
for (index, argument) in arguments.enumerated() where argument == "--decoder" && index + 1 < arguments.count {
    let pair = arguments[index + 1].split(separator: "=", maxSplits: 1).map(String.init)
    if pair.count == 2 { decoderOptions[pair[0]] = pair[1] }
}
// The chain's noise suppression, automatic unless `--noise-suppression on|off` says otherwise.
let suppression = arguments.firstIndex(of: "--noise-suppression").flatMap {
    $0 + 1 < arguments.count ? NoiseSuppression(rawValue: arguments[$0 + 1]) : nil
} ?? .automatic
let sessionOptions = DictationOptions(reportsPartials: true, preprocessing: AudioPreprocessingOptions(noiseSuppression: suppression))
print("noise suppression: \(suppression.rawValue)")
// The best installed model unless `--model DIR` names one.
let modelDirectory = arguments.firstIndex(of: "--model").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
let recognizer = PocketSphinxRecognizer(modelDirectory: modelDirectory, decoderOptions: decoderOptions)
if !decoderOptions.isEmpty { print("decoder options: \(decoderOptions)") }
print("model: \((try? recognizer.model(for: "en-US").directory) ?? "none")")

print("partial latency over \(utteranceCount) utterances, paced at real time…")
let partials = try await PartialLatencyRun(recordings: recordings, utterances: utteranceCount, recognizer: recognizer, options: sessionOptions).run()
print("stop() latency over \(stopCount) sessions…")
let stops = stopCount > 0 ? try await StopLatencyRun(recordings: recordings, sessions: stopCount, recognizer: recognizer, options: sessionOptions).run() : []

print("")
print("measure                          count     p50 ms     p95 ms     max ms   target p95")
print(Percentiles(partials.latencies).row("partial latency (word end → event)", target: "< 300 ms"))
print(Percentiles(stops).row("stop() to return", target: "< 500 ms"))
print(Percentiles(partials.partialOnly).row("  words first seen in a partial", target: ""))
print(Percentiles(partials.finalOnly).row("  words seen only in the final", target: ""))
print(Percentiles(partials.afterFirstUtterance).row("  after the first utterance", target: ""))
