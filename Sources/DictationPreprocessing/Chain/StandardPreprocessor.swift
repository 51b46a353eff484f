import DictationKit

/// Runs one session's audio through a ``StandardPreprocessing``: the format conversion stages,
/// then the high-pass filter, noise suppression, voice activity detection and gain control.
///
/// One detector judges each frame of the session's audio once, and everything that needs to know
/// where the speech is reads that verdict: the endpointer (``AudioFrame/voiceActivity``), the gain
/// control, and noise suppression, which waits for a pause to engage and decides whether to engage
/// by how far the speech stands above the noise.
///
/// Voice activity is judged on the speech band of the audio (``VoiceActivityTracker``): a copy
/// through a 4th-order high-pass at 200 Hz, without the hum, its first harmonics and the rumble
/// that would otherwise raise the detector's noise floor until quiet speech falls under it. (The
/// recognizer's front end starts at 130 Hz, so little that matters for words lies below.) It is
/// judged on what the recognizer gets, after noise suppression, so that where noise is lowered
/// the endpointer hears the words the noise hid; and before gain control, whose changing gain
/// would hide the real level. The gain holds while no speech is heard, so pauses don't pump the
/// background up.
///
/// Whether automatic noise suppression engages is decided on the audio *before* suppression
/// (``SpeechToNoiseEstimator``): judged after it, the audio would look clean as soon as
/// suppression made it so, and the suppression would flicker. The verdicts are the one detector's;
/// beside each, the tracker measures the frame's level in the unsuppressed speech band (the same
/// audio until suppression first engages). The decisions for each 10 ms block of the stream are
/// the ones the verdicts before the block made, whatever buffers the audio came in, so the output
/// does not depend on how the input was cut. The first engagement waits for a pause in the
/// speech, where the audio can fall back by the suppressor's latency unheard
/// (``NoiseSuppressionStage``). Clean audio is never delayed, and comes out exactly as with
/// suppression off.
///
/// Start times are counted in output samples, so a frame's time is exactly where its first
/// sample lies in what the recognizer has been given, whatever the filters' delays.
final class StandardPreprocessor: AudioProcessor {
    private let stages: [any AudioConversionStage]
    private let outputSampleRate: Int
    private var highPass: HighPassFilter?
    private let noiseSuppressor: NoiseSuppressionStage?
    private var gainControl: AutomaticGainControl?
    private let voiceActivity: VoiceActivityTracker
    private var producedSamples = 0
    /// Whether the detector's latest verdict was speech.
    private var speechHeard = false
    /// Samples conditioned so far, at the output rate, not counting the suppressor's tail.
    private var conditionedSamples = 0
    /// The decisions for the block being conditioned.
    private var decisions = Decisions()
    /// The samples between decisions, 10 ms: each block is suppressed and levelled as the
    /// verdicts before it decided. Decided at these fixed places in the stream, not once per
    /// buffer, the output does not depend on how the input was cut: a server session that fell
    /// behind reads its client's audio in larger buffers, and with per-buffer decisions the gain
    /// came out different and Whisper heard other words.
    private let decisionBlock: Int
    /// The piece of a block being conditioned: one buffer for the session, not one per 10 ms.
    private var piece: [Float] = []

    /// - Parameters:
    ///   - stages: The format conversion stages, in order.
    ///   - outputSampleRate: The recognizer's rate.
    ///   - options: Which conditioning to do.
    ///   - voiceActivityDetector: The detector whose settings judge voice activity; the session
    ///     gets a fresh one at `outputSampleRate`.
    init(
        stages: [any AudioConversionStage], outputSampleRate: Int, options: StandardPreprocessing.Options,
        voiceActivityDetector: any VoiceActivityDetecting = EnergyVoiceActivityDetector.standard()
    ) {
        self.stages = stages
        self.outputSampleRate = outputSampleRate
        decisionBlock = max(1, outputSampleRate / 100)
        highPass = options.highPassCutoff.map { HighPassFilter(sampleRate: outputSampleRate, cutoff: $0) }
        let suppressor = NoiseSuppressionStage(mode: options.noiseSuppression, sampleRate: outputSampleRate)
        noiseSuppressor = suppressor
        gainControl = options.automaticGainControl ? AutomaticGainControl(sampleRate: outputSampleRate) : nil
        // Always-on suppression starts with its latency's silence, which the detector must not learn from.
        voiceActivity = VoiceActivityTracker(
            detector: voiceActivityDetector.makeDetector(sampleRate: outputSampleRate), sampleRate: outputSampleRate,
            skipping: suppressor?.delay ?? 0,
            measuresSpeechToNoise: suppressor != nil && options.noiseSuppression == .automatic)
    }

    var detectsVoiceActivity: Bool { true }

    /// Whether automatic noise suppression finds the audio noisy, as of the last buffer; `nil`
    /// unless suppression is automatic.
    var findsNoisy: Bool? { voiceActivity.speechToNoise?.isNoisy }

    func process(_ frame: AudioFrame) throws(DictationError) -> AudioFrame {
        var samples = frame.samples
        for stage in stages {
            samples = try stage.process(samples)
        }
        return condition(&samples, last: false)
    }

    func flush() throws(DictationError) -> AudioFrame {
        // Each stage's tail still goes through the stages after it.
        var samples: [Float] = []
        for stage in stages {
            samples = try stage.process(samples)
            samples.append(contentsOf: try stage.flush())
        }
        return condition(&samples, last: true)
    }

    /// Filters, judges and levels the converted samples and wraps them in a frame: block by
    /// block (``decisionBlock``), each with the decisions the verdicts before it made.
    private func condition(_ samples: inout [Float], last: Bool) -> AudioFrame {
        var conditioned: [Float] = []
        conditioned.reserveCapacity(samples.count)
        var activity: [VoiceActivityFrame] = []
        var offset = 0
        while offset < samples.count {
            let intoBlock = conditionedSamples % decisionBlock
            if intoBlock == 0 { decisions = decide() }
            let length = min(samples.count - offset, decisionBlock - intoBlock)
            piece.removeAll(keepingCapacity: true)
            piece.append(contentsOf: samples[offset..<offset + length])
            activity += conditionPiece()
            conditioned += piece
            offset += length
            conditionedSamples += length
        }
        if last, var tail = noiseSuppressor?.flush(), !tail.isEmpty {
            // The suppressor's latency: the last samples, behind the silence it was given.
            let unsuppressed = noiseSuppressor?.unsuppressedOutput
            activity += voiceActivity.judge(tail, unsuppressed: unsuppressed)
            gainControl?.process(&tail)
            conditioned += tail
        }
        if last { activity += voiceActivity.flush() }
        let startTime = Double(producedSamples) / Double(outputSampleRate)
        producedSamples += conditioned.count
        var frame = AudioFrame(samples: conditioned, sampleRate: outputSampleRate, channelCount: 1, startTime: startTime)
        frame.voiceActivity = activity
        return frame
    }

    /// ``piece``, in place: filtered, suppressed as decided, judged, levelled.
    private func conditionPiece() -> [VoiceActivityFrame] {
        highPass?.process(&piece)
        noiseSuppressor?.process(&piece, engaged: decisions.suppressionEngaged, inPause: decisions.inPause)
        let verdicts = voiceActivity.judge(piece, unsuppressed: noiseSuppressor?.unsuppressedOutput)
        if let verdict = verdicts.last { speechHeard = verdict.isSpeech }
        gainControl?.holdsGain = decisions.holdsGain
        gainControl?.process(&piece)
        return verdicts
    }

    /// What the verdicts so far decide for the next block.
    private func decide() -> Decisions {
        Decisions(
            suppressionEngaged: voiceActivity.speechToNoise?.isNoisy ?? true, inPause: !voiceActivity.isSpeech,
            // The gain follows speech only: in pauses it holds, so background is not pumped up.
            holdsGain: !(speechHeard || voiceActivity.isSpeechStarting))
    }

    /// The decisions a block is conditioned with.
    private struct Decisions {
        /// Whether automatic noise suppression is engaged.
        var suppressionEngaged = true
        /// Whether the speaker is in a pause, where suppression may start.
        var inPause = true
        /// Whether the gain holds.
        var holdsGain = true
    }
}
