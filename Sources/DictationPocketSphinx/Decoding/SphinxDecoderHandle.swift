import CPocketSphinx
import DictationKit
import Foundation

/// Owns one PocketSphinx decoder (`ps_decoder_t`) and its configuration, and turns the C calls
/// the segmentation needs into Swift calls that throw ``DictationError``.
///
/// Not thread-safe, like the decoder it wraps: one thread uses it at a time.
final class SphinxDecoderHandle {
    /// The decoder; its extensions (vocabulary, alternatives) call it too. One thread at a time.
    let decoder: OpaquePointer
    private let config: OpaquePointer
    private var buffer: [Int16] = []
    /// Whether the search runs its best-path pass, which gives each segment its posterior.
    private let keepsBestPath: Bool

    /// Frames per second of the acoustic features (PocketSphinx's `-frate`, 100 by default).
    let frameRate: Int
    /// Frames of audio before speech that the voice activity detector keeps (`-vad_prespeech`, 20).
    let preSpeechFrames: Int
    /// Whether an utterance searched whole is normalised by its own audio alone: its own cepstral
    /// mean (`-cmn batch`, or none), no gain or noise estimate carried over from the utterances
    /// before (`-agc none` or `max`, `-remove_noise no`). Its result then does not depend on them.
    let normalisesEachUtteranceAlone: Bool

    /// Loads a model.
    /// - Parameters:
    ///   - model: The three model parts.
    ///   - options: Further PocketSphinx options (`["-beam": "1e-60"]`); PocketSphinx's defaults
    ///     stay in force for everything not given.
    /// - Throws: ``DictationError`` with ``DictationError/Code/recognitionFailed`` when PocketSphinx
    ///   rejects an option, ``DictationError/Code/modelNotFound`` when it can't load the model.
    init(model: PocketSphinxModel, options: [String: String]) throws(DictationError) {
        SphinxLogging.silence()
        var arguments = ["-hmm", model.acousticModel, "-lm", model.languageModel, "-dict", model.dictionary]
        for (name, value) in options.sorted(by: { $0.key < $1.key }) {
            arguments += [name.hasPrefix("-") ? name : "-" + name, value]
        }
        // C variadic cmd_ln_init can't be called from Swift, so the options go through the
        // argv parser; strdup'd copies stay alive until it has copied them into the config.
        let argv = arguments.map { strdup($0) }
        defer { for copy in argv { free(copy) } }
        let parsed = argv.withUnsafeBufferPointer { pointers in
            sphinxLoadLock.withLock {
                cmd_ln_parse_r(
                    nil, ps_args(), Int32(pointers.count), UnsafeMutablePointer(mutating: pointers.baseAddress), 1)
            }
        }
        guard let parsed else {
            let names = options.keys.sorted().joined(separator: " ")
            throw ModelProblem.optionsRejected(names).error
        }
        guard let decoder = sphinxLoadLock.withLock({ ps_init(parsed) }) else {
            cmd_ln_free_r(parsed)
            throw ModelProblem.unloadable(model).error
        }
        self.config = parsed
        self.decoder = decoder
        keepsBestPath = options["-bestpath"].map { !["no", "false", "0"].contains($0.lowercased()) } ?? true
        let rate = Int(dk_cmd_ln_int32(ps_get_config(decoder), "-frate"))
        frameRate = rate > 0 ? rate : 100
        preSpeechFrames = max(0, Int(dk_cmd_ln_int32(ps_get_config(decoder), "-vad_prespeech")))
        let configuration = ps_get_config(decoder)
        let meanNormalisation = cmd_ln_str_r(configuration, "-cmn").map { String(cString: $0) } ?? ""
        let gainControl = cmd_ln_str_r(configuration, "-agc").map { String(cString: $0) } ?? ""
        normalisesEachUtteranceAlone =
            ["batch", "none"].contains(meanNormalisation) && ["none", "max"].contains(gainControl)
            && dk_cmd_ln_int32(configuration, "-remove_noise") == 0
    }

    deinit {
        ps_free(decoder)
        cmd_ln_free_r(config)
    }

    /// Starts an utterance: the search starts afresh, the stream clock runs on.
    func startUtterance() throws(DictationError) {
        if ps_start_utt(decoder) < 0 {
            throw ModelProblem.utteranceNotStarted.error
        }
    }

    /// Ends the utterance and runs the final search passes over it (best path, posteriors).
    func endUtterance() throws(DictationError) {
        if ps_end_utt(decoder) < 0 {
            throw ModelProblem.utteranceNotFinished.error
        }
    }

    /// Feeds samples to the voice activity detector and the search.
    /// - Parameters:
    ///   - samples: Mono samples in -1...1; louder ones are clipped, NaN is silence.
    ///   - wholeUtterance: Whether these samples are the whole utterance. PocketSphinx then
    ///     computes the cepstral mean over all of it (the model's batch normalisation) instead of
    ///     estimating it as it goes, which is what its batch tools do and why they are more accurate.
    func process(_ samples: ArraySlice<Float>, wholeUtterance: Bool = false) throws(DictationError) {
        buffer.removeAll(keepingCapacity: true)
        buffer.reserveCapacity(samples.count)
        for sample in samples {
            let scaled = (sample.isNaN ? 0 : min(1, max(-1, sample))) * 32767
            buffer.append(Int16(scaled.rounded()))
        }
        let fullUtterance: Int32 = wholeUtterance ? 1 : 0
        let result = buffer.withUnsafeBufferPointer {
            ps_process_raw(decoder, $0.baseAddress, $0.count, 0, fullUtterance)
        }
        if result < 0 {
            throw ModelProblem.decodingFailed.error
        }
    }

    /// Whether the voice activity detector hears speech at the end of the audio given so far.
    var inSpeech: Bool { ps_get_in_speech(decoder) != 0 }

    /// How many frames the search has consumed in the current utterance.
    var framesSearched: Int {
        // ps_get_n_frames returns the index of the next frame plus one, so 1 when none was searched.
        max(0, Int(ps_get_n_frames(decoder)) - 1)
    }

    /// The live cepstral mean the front end subtracts from each frame, or `nil` when the model
    /// uses none.
    var cepstralMean: [Float]? {
        let length = Int(dk_cmn_length(decoder))
        guard length > 0 else { return nil }
        var mean = [Float](repeating: 0, count: length)
        let read = mean.withUnsafeMutableBufferPointer { dk_cmn_get(decoder, $0.baseAddress, Int32(length)) }
        return read == 1 ? mean : nil
    }

    /// Replaces the live cepstral mean, e.g. with one a previous decoder learnt.
    /// - Parameter mean: A mean of the model's cepstrum length; others are ignored.
    func setCepstralMean(_ mean: [Float]) {
        _ = mean.withUnsafeBufferPointer { dk_cmn_set(decoder, $0.baseAddress, Int32(mean.count)) }
    }

    /// The best hypothesis so far (mid-utterance) or the final one (after ``endUtterance()``).
    func hypothesis() -> String {
        guard let text = ps_get_hyp(decoder, nil) else { return "" }
        return String(cString: text)
    }

    /// The segments of the best hypothesis, fillers included, with frames and posteriors.
    /// - Parameter confidences: Whether to work out posteriors; mid-utterance (a partial's words)
    ///   there are none, and every segment's confidence reads 0.
    func segments(confidences: Bool = true) -> [RecognizedSegment] {
        let logmath = ps_get_logmath(decoder)
        var segments: [RecognizedSegment] = []
        // ps_seg_next frees the iterator when it returns NULL, so a full walk leaks nothing.
        var iterator = ps_seg_iter(decoder)
        while let segment = iterator {
            var startFrame: Int32 = 0
            var endFrame: Int32 = 0
            ps_seg_frames(segment, &startFrame, &endFrame)
            let word = ps_seg_word(segment).map { String(cString: $0) } ?? ""
            let posterior = confidences ? logmath_exp(logmath, ps_seg_prob(segment, nil, nil, nil)) : 0
            segments.append(
                RecognizedSegment(
                    word: word, startFrame: Int(startFrame), endFrame: Int(endFrame),
                    confidence: posterior.isFinite ? min(1, max(0, posterior)) : 0))
            iterator = ps_seg_next(segment)
        }
        if confidences, !keepsBestPath { addLatticeConfidences(to: &segments) }
        return segments
    }

    /// Without the best-path pass every segment's posterior reads 1; the word lattice of the
    /// forward search gives the real ones (see `dk_lattice_confidences`).
    private func addLatticeConfidences(to segments: inout [RecognizedSegment]) {
        guard !segments.isEmpty else { return }
        let words = segments.map { strdup($0.word) }
        defer { for word in words { free(word) } }
        let starts = segments.map { Int32($0.startFrame) }
        var confidences = [Double](repeating: -1, count: segments.count)
        let found = words.map { UnsafePointer($0) }.withUnsafeBufferPointer { words in
            starts.withUnsafeBufferPointer { starts in
                dk_lattice_confidences(decoder, Int32(segments.count), words.baseAddress, starts.baseAddress, &confidences)
            }
        }
        guard found != 0 else { return }
        for index in segments.indices where confidences[index] >= 0 {
            segments[index].confidence = min(1, max(0, confidences[index]))
        }
    }
}

/// Serializes model loading. Loading touches sphinxbase's process-wide state (its log file
/// pointer and its option parser's diagnostics), and two sessions may load models at once.
/// (An `NSLock` rather than a `Mutex`: what is loaded are C pointers, which aren't `Sendable`
/// and so can't be returned out of `Mutex.withLock`.)
let sphinxLoadLock = NSLock()

/// Keeps sphinxbase from writing its log to stderr.
private enum SphinxLogging {
    /// Turns sphinxbase's process-wide log off, once.
    ///
    /// We don't pass `-logfn /dev/null`: `ps_init` would then open the file and `fclose` the log
    /// file pointer that decoders of other sessions may be writing to at that moment. With the log
    /// disabled there is no file to swap.
    static func silence() { _ = silenced }

    private static let silenced: Void = {
        err_set_logfp(nil)
        _ = err_set_debug_level(0)
    }()
}
