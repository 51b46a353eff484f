import DictationKit
import DictationPreprocessing

/// Judges each period the capture thread reads as speech or silence, with the project's voice
/// detector, so that a queue that must shed audio can shed silence first (see ``CaptureQueue``).
///
/// The detector hears the period's mono mix (the channels averaged) in frames of its own
/// duration, cut by an ``AudioFramer`` across period boundaries. A period is speech when any frame
/// completed in it was; one too short to complete a frame takes the detector's current verdict.
/// It runs on the capture thread for every period, so it allocates nothing after it is made: the
/// framer and the mono mix reuse their storage.
///
/// A class, so that the framer's closure can reach the detector while the framer is being
/// mutated: only a class's distinct properties may be touched meanwhile. It belongs to one
/// capture thread and is never shared.
final class CaptureVoiceJudge {
    private var detector: EnergyVoiceActivityDetector
    private var framer: AudioFramer
    /// The mono mix of a multichannel period, kept to reuse its storage.
    private var mono: [Float] = []
    private let channelCount: Int
    /// The silence the queue keeps next to what this judge calls speech, in frames: the
    /// endpointer's pre-roll before it (the detector confirms speech only a few frames after its
    /// onset, and the pre-roll is what brings those back), the detector's hangover after it.
    let margins: CaptureQueue.SpeechMargins

    /// - Parameters:
    ///   - format: The device's negotiated layout.
    ///   - periodFrames: Frames per period, to size the mono mix once.
    init(format: AudioFormat, periodFrames: Int) {
        let rate = max(format.sampleRate, 1)
        channelCount = max(format.channelCount, 1)
        detector = EnergyVoiceActivityDetector(sampleRate: rate)
        framer = AudioFramer(sampleRate: rate, frameDuration: detector.frameDuration)
        if channelCount > 1 { mono.reserveCapacity(max(periodFrames, 1)) }
        margins = CaptureQueue.SpeechMargins(
            before: Int((EndpointingOptions().preRoll * Double(rate)).rounded()),
            after: Int((detector.hangover * Double(rate)).rounded()))
    }

    /// Judges the next period of the stream.
    /// - Parameter samples: The period's interleaved samples.
    /// - Returns: Whether it holds speech.
    func isSpeech(_ samples: [Float]) -> Bool {
        var sawSpeech = false
        var judgedAFrame = false
        if channelCount == 1 {
            samples.withUnsafeBufferPointer { period in
                framer.append(period) { frame in
                    judgedAFrame = true
                    if detector.process(frame: frame).isSpeech { sawSpeech = true }
                }
            }
        } else {
            mixToMono(samples)
            mono.withUnsafeBufferPointer { period in
                framer.append(period) { frame in
                    judgedAFrame = true
                    if detector.process(frame: frame).isSpeech { sawSpeech = true }
                }
            }
        }
        return judgedAFrame ? sawSpeech : detector.isSpeech
    }

    /// Averages the channels of each whole frame into ``mono``.
    private func mixToMono(_ samples: [Float]) {
        mono.removeAll(keepingCapacity: true)
        let scale = 1 / Float(channelCount)
        var index = 0
        while index + channelCount <= samples.count {
            var sum: Float = 0
            for channel in 0..<channelCount { sum += samples[index + channel] }
            mono.append(sum * scale)
            index += channelCount
        }
    }
}
