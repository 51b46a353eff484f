// Latency of live dictation, release build:
//
//     swift run -c release dictation-latency [--utterances 44] [--stops 30] [--model DIR]
//         [--noise-suppression auto|on|off] [--decoder -NAME=VALUE ...] [--no-confirmation] [--no-partials]
//         [--recognizer pocketsphinx|whisper|standard] [--whisper-model FILE.bin] [--whisper-threads N]
//         [--whisper-window full|fitted] [--whisper-beam N] [--list-finals]
//         [--history-store none|sqlite|slow] [--voice-detector energy|silero] [--trailing-silence S]
//
// `--voice-detector silero` judges voice activity with SileroVoiceActivityDetector instead of
// the energy detector, for the endpointer's part of the final latency.
//
// `--history-store` gives the sessions a transcript history: `sqlite`, an SQLiteTranscriptStore in
// a fresh database in the temporary folder (as `dictate listen` keeps one), `slow`, the same behind
// a store that sleeps 300 ms before each save; `none`, the default, keeps nothing. The finals wait
// for their saves (and stop() for the last one's); the partials must not.
//
// `--recognizer whisper` decodes the finals with Whisper (`--whisper-model` names a ggml file, by
// default the best installed one; `--whisper-threads`, whisper.cpp's threads, by default one per
// core; `--whisper-window`, how much of the encoder's 30-s window a decoding runs;
// `--whisper-beam`, the beam width, 5 by default, 1 greedy): its partials are its own searches
// of the utterance so far (a redecoding pass), stable where two agree. `--recognizer standard` is what `dictate
// listen` runs where both are installed: PocketSphinx's partials (its stable words confirmed by a
// Whisper decoder) beside Whisper's finals, with the same Whisper options.
//
// A microphone is played by a thread that appends 20 ms of real speech to a PushAudioSource at
// real time, so the wall-clock moment each sample became available is known. The speech is the
// LibriVox sentences, goforward and the cards commands, in turn, each followed by 2 s of
// silence. Each figure as p50 / p95 / max, with the load average of the machine:
// - partial latency: from the moment the last frame of a word is available to the first
//   partial that holds that word near its place, as the streaming search heard it (words first
//   shown once the whole-utterance search confirmed them, and words only the final has, are
//   counted apart);
// - final latency: from the end of an utterance's last word to its final, and its two parts:
//   until the endpointer decided the utterance ended (its speechEnded event), and after;
// - stable latency: from a word's end to the partial that marks it stable, and how much of the
//   stable words the finals took back (word edits over stable words, case and punctuation aside);
// - stop latency: from calling stop() in the middle of an utterance to stop() returning (the
//   captured audio decoded, the final delivered), to the source's release, and to the last final.
import Dictation
import DictationWhisper
import Foundation

let arguments = CommandLine.arguments
func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let number = Int(arguments[index + 1]) else {
        return value
    }
    return number
}
let utteranceCount = option("--utterances", default: 44)
let stopCount = option("--stops", default: 30)

/// The 1-, 5- and 15-minute load averages, from /proc/loadavg.
func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
}

let recordings = try SpeechCorpus.load()
// PocketSphinx options to try, e.g. `--decoder -maxwpf=10`.
let decoderSettings = arguments.indices.dropLast().filter { arguments[$0] == "--decoder" }.map { arguments[$0 + 1] }
let decoderOptions: [String: String]
do {
    decoderOptions = try PocketSphinxRecognizer.decoderOptions(parsing: decoderSettings)
} catch {
    print("--decoder: \(error.message)")
    exit(64)
}
// The chain's noise suppression, automatic unless `--noise-suppression on|off` says otherwise.
let suppression =
    arguments.firstIndex(of: "--noise-suppression").flatMap {
        $0 + 1 < arguments.count ? StandardPreprocessing.NoiseSuppression(rawValue: arguments[$0 + 1]) : nil
    } ?? .automatic
let voiceDetector = arguments.firstIndex(of: "--voice-detector").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
let detector: any VoiceActivityDetecting
do {
    detector = voiceDetector == "silero" ? try SileroVoiceActivityDetector() : EnergyVoiceActivityDetector.standard()
} catch {
    print("--voice-detector silero: \(error.message)")
    exit(69)
}
print("voice activity detector: \(type(of: detector))")
let preprocessing = StandardPreprocessing(
    options: StandardPreprocessing.Options(noiseSuppression: suppression), voiceActivityDetector: detector)
// `--no-partials`: finals alone, the reference the partials' cost to the finals is measured against.
var sessionOptions = DictationOptions(reports: arguments.contains("--no-partials") ? [] : .partials)
// `--trailing-silence S`: the pause that ends an utterance, for the endpointer's part of the
// final latency (a shorter one may cut sentences at their commas: the count of finals tells).
if let index = arguments.firstIndex(of: "--trailing-silence"), index + 1 < arguments.count,
    let seconds = Double(arguments[index + 1])
{
    sessionOptions.endpointing = EndpointingOptions(trailingSilence: seconds)
}
print("trailing silence: \(sessionOptions.endpointing.trailingSilence) s")
print("partials: \(sessionOptions.reports.contains(.partials))")
print("noise suppression: \(suppression.rawValue)")
// `--no-confirmation`: stable words by time alone, no third decoder.
sessionOptions.confirmsStableWords = !arguments.contains("--no-confirmation")
print(
    "streaming partials' stable words confirmed by the whole-utterance search: \(sessionOptions.confirmsStableWords)"
        + " (Whisper alone: stable where two searches agree)")
// The best installed model unless `--model DIR` names one.
let modelDirectory = arguments.firstIndex(of: "--model").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
let pocketSphinx = PocketSphinxRecognizer(modelDirectory: modelDirectory, decoderOptions: decoderOptions)
// `--recognizer whisper [--whisper-model FILE.bin] [--whisper-threads N]`: Whisper's finals.
let recognizer: any SpeechRecognizer
let recognizerName = arguments.firstIndex(of: "--recognizer").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
if recognizerName == "whisper" || recognizerName == "standard" {
    let whisperModel = arguments.firstIndex(of: "--whisper-model").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    // One per core by default.
    let threads = arguments.contains("--whisper-threads") ? option("--whisper-threads", default: 1) : nil
    let window =
        arguments.firstIndex(of: "--whisper-window").flatMap {
            $0 + 1 < arguments.count ? WhisperEncoderWindow(rawValue: arguments[$0 + 1]) : nil
        } ?? .automatic
    let beam = option("--whisper-beam", default: 5)
    let whisper = WhisperRecognizer(modelPath: whisperModel, threads: threads, beamSize: beam, encoderWindow: window)
    // `standard`: what `dictate listen` runs, PocketSphinx's partials beside Whisper's finals.
    recognizer =
        recognizerName == "standard"
        ? StandardRecognizer(choice: .automatic, whisper: whisper, pocketSphinx: pocketSphinx) : whisper
    print(
        "recognizer: \(recognizerName ?? ""), model: \(whisperModel ?? WhisperModelLocator().model(forLanguage: "en")?.path ?? "none"), threads: \(threads.map(String.init) ?? "one per core"), beam: \(beam), encoder window: \(window.rawValue)"
    )
} else {
    recognizer = pocketSphinx
    if !decoderOptions.isEmpty { print("decoder options: \(decoderOptions)") }
    print("model: \((try? pocketSphinx.model(for: "en-US").directory) ?? "none")")
}
// `--history-store none|sqlite|slow`: what the sessions keep their finals in.
guard let historyChoice = HistoryStoreChoice.parse(arguments) else {
    print("--history-store: one of \(HistoryStoreChoice.allCases.map(\.rawValue).joined(separator: ", "))")
    exit(64)
}
let history = try historyChoice.makeStore()
let slowNote = historyChoice == .slow ? " (\(SlowTranscriptStore.delay) s before each save)" : ""
print("history store: \(historyChoice.rawValue)\(slowNote)")
let loadBefore = loadAverage()

print("latency over \(utteranceCount) utterances, paced at real time…")
var liveRun = PartialLatencyRun(
    recordings: recordings, utterances: utteranceCount, recognizer: recognizer, options: sessionOptions,
    preprocessing: preprocessing)
liveRun.transcriptStore = history?.store
// `--list-finals`: each partial and final as it comes, with the final's latency and its words' partial latencies.
liveRun.listsFinals = arguments.contains("--list-finals")
let live = try await liveRun.run()
print("stop() latency over \(stopCount) sessions…")
let stops =
    stopCount > 0
    ? try await StopLatencyRun(
        recordings: recordings, sessions: stopCount, recognizer: recognizer, options: sessionOptions,
        preprocessing: preprocessing, transcriptStore: history?.store
    ).run()
    : StopLatencyRun.Result()

print("")
print("load average before: \(loadBefore), after: \(loadAverage())")
print("measure                          count     p50 ms     p95 ms     max ms   target")
print(Percentiles(live.partials).row("partial latency (word end → partial)", target: "p95 < 300 ms"))
print(Percentiles(live.finals).row("final latency (last word end → final)", target: "p50 ≤ 900, p95 ≤ 1500 ms"))
print("  (\(live.finals.count) finals for \(utteranceCount) utterances spoken: more means some were cut in two)")
print(Percentiles(live.shortFinals).row("— utterances under 2.5 s (commands)", target: ""))
print(Percentiles(live.longFinals).row("— longer utterances (sentences)", target: ""))
print(Percentiles(live.untilEndDecision).row("— last word end → end decided", target: ""))
print(Percentiles(live.afterEndDecision).row("— end decided → final", target: ""))
print(Percentiles(stops.returns).row("stop() to return", target: "p95 ≤ 1000 ms"))
print(Percentiles(stops.releases).row("stop() to source released", target: "p95 ≤ 150 ms"))
print(Percentiles(stops.lastFinals).row("stop() to the last final", target: ""))
print(Percentiles(live.stable).row("stable latency (word end → stable)", target: ""))
print(Percentiles(live.confirmed).row("words first shown confirmed", target: ""))
print(Percentiles(live.finalOnly).row("words only in the final", target: ""))
let shown = live.finalWords - live.finalOnly.count
print(
    String(
        format: "final words shown in a partial first: %d of %d (%.1f %%)", shown, live.finalWords,
        100 * Double(shown) / Double(max(1, live.finalWords))))
print(
    String(
        format: "stable words the finals took back: %d edits in %d words (%.1f %%)", live.takenBack.errors,
        live.takenBack.referenceWords, 100 * live.takenBack.rate))
if let folder = history?.folder { try? FileManager.default.removeItem(at: folder) }
