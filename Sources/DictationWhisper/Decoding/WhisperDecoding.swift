import CWhisper
import DictationKit
import Foundation
import Synchronization

/// How a decoder runs whisper.cpp on an utterance: the language, the search, the threads, and
/// the guard against text from silence.
struct WhisperDecoding: Sendable, Hashable {
    /// Whisper's language code (`"en"`, `"no"`).
    var language: String
    /// whisper.cpp's own threads for one decoding: the most it uses.
    var threads: Int
    /// Whether a decoding uses fewer threads while other work keeps the cores busy
    /// (``WhisperThreadShare``): live decodings, when the thread count was not fixed.
    var sharesCoresWithLoad = false
    /// The beam width; 1 for a greedy search, and for a live decoding while others of the
    /// process decode.
    var beamSize: Int
    /// Whether the audio comes as it is spoken: someone waits for each final.
    var isLive = false
    /// How much of the encoder's window each decoding runs.
    var encoderWindow: WhisperEncoderWindow
    /// Whether each decoding is a partial search of an utterance so far, which its final
    /// replaces: the encoder runs over the audio alone
    /// (``WhisperEncoderWindow/partialAudioContext(sampleCount:modelContext:)``) and the decoder
    /// stops at ``partialTokenLimit(sampleCount:)``.
    var isPartialSearch = false
    /// Whether a doubtful decoding is tried again at higher temperatures: surer, and up to ten
    /// times slower; not when someone waits for the final.
    var retriesDoubtfulDecodings: Bool
    /// A segment whose no-speech probability is above this, and whose tokens are unlikely, is
    /// taken as silence: Whisper otherwise writes "Thank you." over noise.
    var noSpeechThreshold: Float

    /// Whisper's code for a locale's language: BCP 47's `nb` (bokmål) is Whisper's `no`.
    static func language(of locale: String) -> String {
        let language = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { String($0).lowercased() } ?? ""
        return language == "nb" ? "no" : language
    }

    /// The prompt that biases Whisper towards a vocabulary: its entries as they are written, as
    /// if said just before.
    static func prompt(for vocabulary: Vocabulary) -> String {
        vocabulary.entries.map(\.writtenForm).joined(separator: ", ") + "."
    }

    /// The most tokens a partial search decodes: 8, and 8 for each second of audio, twice what
    /// the LibriVox readers say (about 4 a second). A search whose decoder loops on a short window
    /// then stops where the loop's words begin to repeat instead of running to whisper.cpp's 224
    /// tokens (1.3-1.6 s of decoding where a search takes 0.1), and ``RepetitionGuard`` drops the rest.
    static func partialTokenLimit(sampleCount: Int) -> Int32 {
        Int32(8 + 8 * sampleCount / 16_000)
    }

    /// Decodes one stretch of audio whole.
    /// - Parameters:
    ///   - samples: Mono audio at 16 kHz.
    ///   - model: The loaded model.
    ///   - prompt: Text to take as said just before, or `nil`.
    ///   - stops: For a search that may be dropped: asked between the steps of the network, and
    ///     the search stops once it says so.
    ///   - onFreeCoresOnly: For a search that gives way to every other decoding (a partial's): it
    ///     takes only the cores nothing else uses and holds none for this process's other
    ///     decodings (``WhisperThreadShare/startFreeSearch(wanted:)``), so a final that comes
    ///     meanwhile gets all it would have had. A final's search, even one that may be dropped,
    ///     takes its turn for the cores.
    /// - Returns: whisper.cpp's segments, with their words; `nil` when the search stopped early.
    /// - Throws: ``DictationError`` with ``DictationError/Code/recognitionFailed`` when whisper.cpp fails.
    func decode(
        _ samples: [Float], model: WhisperModel, prompt: String?,
        stoppingWhen stops: (@Sendable () -> Bool)? = nil, onFreeCoresOnly: Bool = false
    ) throws(DictationError) -> [WhisperSegment]? {
        let threadCount: Int
        var beamSize = beamSize
        if onFreeCoresOnly {
            threadCount = WhisperThreadShare.startFreeSearch(wanted: threads)
        } else {
            let reservation = WhisperThreadShare.reserve(wanted: threads, adapts: sharesCoresWithLoad)
            threadCount = reservation.threads
            // A live decoding that others of this process wait behind (a server's sessions ending
            // together) searches greedily: a third less work, so the queue drains and the finals
            // stay prompt (docs/benchmarks.md, server load). Only then: a greedy search hears
            // fewer words right, and with the beam narrowed whenever another decoding merely held
            // the cores, eight Wyoming clients got 6.5 % of the words wrong against 2.8 % alone;
            // with it narrowed only for a queue, 4.6-4.9 %. A file's never does: its transcript must
            // not depend on what else ran.
            if isLive, reservation.othersDelayed > 0 { beamSize = 1 }
        }
        defer {
            if onFreeCoresOnly {
                WhisperThreadShare.endFreeSearch(threads: threadCount)
            } else {
                WhisperThreadShare.release(threadCount)
            }
        }
        // A state of its own for each search, made once the cores are taken, so a decoding that
        // waits for its turn holds no working memory, and a server holds as many states as
        // searches run, not one per session. Never one a search used before: whisper.cpp's beam
        // search draws its candidates with a generator the state seeds once, when it is made,
        // so a reused state gave the same audio other words after other audio (LibriVox 0880
        // "old-sposed" for "ill-disposed"). Making one, and giving its pages back after, costs
        // some 30 ms against 0.4 s of search (docs/benchmarks.md, Wyoming).
        guard let state = whisper_init_state(model.context) else { throw WhisperProblem.stateFailed.error }
        defer {
            whisper_free_state(state)
            // The state's buffers go back to the system rather than staying in the heap between
            // searches (a long file otherwise peaked 50 MB higher).
            malloc_trim(0)
        }
        var parameters = whisper_full_default_params(beamSize > 1 ? WHISPER_SAMPLING_BEAM_SEARCH : WHISPER_SAMPLING_GREEDY)
        parameters.n_threads = Int32(threadCount)
        parameters.translate = false
        parameters.no_context = true
        parameters.print_progress = false
        parameters.print_realtime = false
        parameters.print_timestamps = false
        parameters.print_special = false
        parameters.token_timestamps = true
        parameters.suppress_blank = true
        parameters.suppress_nst = true
        parameters.no_speech_thold = noSpeechThreshold
        parameters.beam_search.beam_size = Int32(max(1, beamSize))
        parameters.greedy.best_of = Int32(max(1, beamSize))
        // whisper.cpp's default retries a doubtful decoding (a low log probability, a repetitive
        // text) at rising temperatures, sampling five candidates each time: a short command
        // could take 5-10 s instead of 0.3.
        if !retriesDoubtfulDecodings { parameters.temperature_inc = 0 }
        let modelContext = Int(whisper_model_n_audio_ctx(model.context))
        if isPartialSearch {
            parameters.audio_ctx = WhisperEncoderWindow.partialAudioContext(
                sampleCount: samples.count, modelContext: modelContext)
            parameters.max_tokens = Self.partialTokenLimit(sampleCount: samples.count)
        } else {
            parameters.audio_ctx = encoderWindow.audioContext(sampleCount: samples.count, modelContext: modelContext)
        }
        let giveWay = stops.map(GiveWay.init)
        if let giveWay {
            // whisper.cpp asks between the graph's steps, from its own threads.
            parameters.abort_callback = { data in
                guard let data else { return false }
                return Unmanaged<GiveWay>.fromOpaque(data).takeUnretainedValue().now()
            }
            parameters.abort_callback_user_data = Unmanaged.passUnretained(giveWay).toOpaque()
        }
        let status = withExtendedLifetime(giveWay) {
            language.withCString { language in
                (prompt ?? "").withCString { promptText in
                    parameters.language = language
                    parameters.initial_prompt = prompt == nil ? nil : promptText
                    return samples.withUnsafeBufferPointer { audio in
                        whisper_full_with_state(model.context, state, parameters, audio.baseAddress, Int32(audio.count))
                    }
                }
            }
        }
        if giveWay?.gaveWay == true { return nil }
        guard status == 0 else { throw WhisperProblem.decodingFailed(status: status).error }
        return (0..<whisper_full_n_segments_from_state(state)).map { index in
            WhisperSegment(model: model, state: state, index: index)
        }
    }
}

/// A search's question whether to give way, and whether it did: whisper.cpp's abort callback's data.
private final class GiveWay: Sendable {
    private let check: @Sendable () -> Bool
    private let gave = Atomic(false)

    init(_ check: @escaping @Sendable () -> Bool) { self.check = check }

    /// Whether to stop now; once yes, always yes.
    func now() -> Bool {
        if gave.load(ordering: .relaxed) { return true }
        guard check() else { return false }
        gave.store(true, ordering: .relaxed)
        return true
    }

    /// Whether the search stopped because it was told to.
    var gaveWay: Bool { gave.load(ordering: .relaxed) }
}

/// One segment of whisper.cpp's result: its words with their times and confidences.
struct WhisperSegment: Sendable, Hashable {
    /// The words, times in seconds from the decoded audio's start.
    var words: [Word]
    /// whisper.cpp's probability that the segment holds no speech.
    var noSpeechProbability: Float

    init(words: [Word], noSpeechProbability: Float) {
        self.words = words
        self.noSpeechProbability = noSpeechProbability
    }

    /// Reads segment `index` of a finished decoding.
    init(model: WhisperModel, state: OpaquePointer, index: Int32) {
        let endOfText = whisper_token_eot(model.context)
        var words: [Word] = []
        var bytes: [UInt8] = []
        var start = 0.0
        var end = 0.0
        var probabilities: [Float] = []
        func closeWord() {
            let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            if !text.isEmpty {
                let confidence = probabilities.isEmpty ? 0 : Double(probabilities.reduce(0, +)) / Double(probabilities.count)
                words.append(Word(text: text, start: start, end: max(start, end), confidence: confidence))
            }
            bytes.removeAll()
            probabilities.removeAll()
        }
        for token in 0..<whisper_full_n_tokens_from_state(state, index) {
            let data = whisper_full_get_token_data_from_state(state, index, token)
            // Every id from end-of-text up is a special token: start, language, task, timestamps.
            guard data.id < endOfText, let text = whisper_full_get_token_text_from_state(model.context, state, index, token)
            else { continue }
            let piece = Array(
                UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text)))
            // A token that starts with a space starts a word; others (the rest of a word, its
            // punctuation, the bytes of one character split over two tokens) continue it.
            if piece.first == UInt8(ascii: " ") || bytes.isEmpty {
                closeWord()
                start = Double(data.t0) / 100
            }
            bytes += piece
            end = Double(data.t1) / 100
            probabilities.append(data.p)
        }
        closeWord()
        self.words = words
        noSpeechProbability = whisper_full_get_segment_no_speech_prob_from_state(state, index)
    }

    /// The segment as a final, its times moved by `offset` seconds; `nil` when it has no words.
    func transcript(offset: Double) -> Transcript? {
        guard !words.isEmpty else { return nil }
        let moved = words.map { Word(text: $0.text, start: $0.start + offset, end: $0.end + offset, confidence: $0.confidence) }
        return Transcript(
            text: moved.map(\.text).joined(separator: " "), words: moved, utteranceIndex: 0,
            startTime: moved[0].start, endTime: moved[moved.count - 1].end)
    }
}
