import DictationKit
import DictationPreprocessing
import Testing

@Suite("StandardPreprocessing", .timeLimit(.minutes(25)))
struct StandardPreprocessingTests {
    /// Runs a whole stream through a processor in reads of `framesPerRead`, as a session does.
    static func run(
        _ processor: any AudioProcessor, _ interleaved: [Float], format: AudioFormat, framesPerRead: Int
    ) throws -> [AudioFrame] {
        var frames: [AudioFrame] = []
        let step = framesPerRead * format.channelCount
        for start in stride(from: 0, to: interleaved.count, by: step) {
            let samples = Array(interleaved[start..<min(interleaved.count, start + step)])
            let time = Double(start / format.channelCount) / Double(format.sampleRate)
            frames.append(
                try processor.process(
                    AudioFrame(
                        samples: samples, sampleRate: format.sampleRate, channelCount: format.channelCount, startTime: time)))
        }
        frames.append(try processor.flush())
        return frames
    }

    @Test("Mono audio at the output rate passes through bit for bit")
    func passthroughIsBitExact() throws {
        let format = AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .float32)
        let processor = try StandardPreprocessing(options: .none).makeProcessor(input: format, outputSampleRate: 16_000)
        // Values a filter would alter: signed zero, the smallest subnormal, out-of-range peaks.
        let input =
            SignalAnalysis.noise(count: 4_000, amplitude: 1, seed: 1)
            + [-0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 1.5, -3, .ulpOfOne]
        let frames = try Self.run(processor, input, format: format, framesPerRead: 1_600)
        let output = frames.flatMap(\.samples)
        #expect(output.map(\.bitPattern) == input.map(\.bitPattern))
        #expect(frames.allSatisfy { $0.channelCount == 1 && $0.sampleRate == 16_000 })
        #expect(frames.last?.samples.isEmpty == true)
    }

    @Test(
        "Any input becomes mono at 16 kHz, timed by output samples",
        arguments: [(8_000, 1), (22_050, 2), (44_100, 2), (48_000, 6), (16_000, 2)])
    func convertsAndKeepsTime(sampleRate: Int, channelCount: Int) throws {
        let format = AudioFormat(sampleRate: sampleRate, channelCount: channelCount, encoding: .int16)
        let processor = try StandardPreprocessing(options: .none).makeProcessor(input: format, outputSampleRate: 16_000)
        let mono = SignalAnalysis.sine(frequency: 1_000, amplitude: 0.5, sampleRate: sampleRate, seconds: 2)
        // Every channel carries the tone, so the mean is the tone again.
        let interleaved = mono.flatMap { repeatElement($0, count: channelCount) }
        let frames = try Self.run(processor, interleaved, format: format, framesPerRead: sampleRate / 10)

        var produced = 0
        for frame in frames {
            #expect(frame.channelCount == 1)
            #expect(frame.sampleRate == 16_000)
            #expect(frame.startTime == Double(produced) / 16_000)
            produced += frame.samples.count
        }
        #expect(abs(Double(produced) - Double(mono.count) * 16_000 / Double(sampleRate)) <= 0.5)

        let output = frames.flatMap(\.samples)
        let level = SignalAnalysis.amplitude(
            of: SignalAnalysis.window(output, sampleRate: 16_000, from: 0.5, to: 1.5), at: 1_000, sampleRate: 16_000)
        #expect(abs(SignalAnalysis.decibels(level / 0.5)) < 0.1)
    }

    @Test("The chain gives what downmixing and resampling give one after the other")
    func matchesItsStages() throws {
        let format = AudioFormat(sampleRate: 44_100, channelCount: 2, encoding: .int16)
        let processor = try StandardPreprocessing(options: .none).makeProcessor(input: format, outputSampleRate: 16_000)
        let interleaved = SignalAnalysis.noise(count: 2 * 44_100, amplitude: 0.8, seed: 9)
        let output = try Self.run(processor, interleaved, format: format, framesPerRead: 4_410).flatMap(\.samples)

        var downmixer = try ChannelDownmixer(channelCount: 2)
        let resampler = try SoxrResampler(inputSampleRate: 44_100, outputSampleRate: 16_000)
        let expected = try resampler.process(downmixer.downmix(interleaved)) + resampler.flush()
        #expect(output == expected)
    }

    @Test("Empty frames and a second flush are safe")
    func emptyFramesAndRepeatedFlush() throws {
        let format = AudioFormat(sampleRate: 48_000, channelCount: 2, encoding: .int16)
        let processor = try StandardPreprocessing(options: .none).makeProcessor(input: format, outputSampleRate: 16_000)
        let empty = AudioFrame(samples: [], sampleRate: 48_000, channelCount: 2, startTime: 0)
        #expect(try processor.process(empty).samples.isEmpty)
        #expect(try processor.flush().samples.isEmpty)

        let tone = SignalAnalysis.sine(frequency: 440, amplitude: 0.5, sampleRate: 48_000, seconds: 0.3)
        let stereo = tone.flatMap { [$0, $0] }
        let body = try processor.process(AudioFrame(samples: stereo, sampleRate: 48_000, channelCount: 2, startTime: 0))
        let tail = try processor.flush()
        let again = try processor.flush()
        #expect(body.samples.count + tail.samples.count == tone.count / 3)
        #expect(again.samples.isEmpty)
        #expect(again.startTime == Double(tone.count / 3) / 16_000)
    }

    @Test(
        "Formats without channels or rate are invalid audio",
        arguments: [
            AudioFormat(sampleRate: 44_100, channelCount: 0, encoding: .int16),
            AudioFormat(sampleRate: 0, channelCount: 1, encoding: .int16),
            AudioFormat(sampleRate: -16_000, channelCount: 2, encoding: .float32),
        ])
    func rejectsEmptyFormats(format: AudioFormat) {
        #expect {
            _ = try StandardPreprocessing(options: .none).makeProcessor(input: format, outputSampleRate: 16_000)
        } throws: { error in
            (error as? DictationError)?.code == .invalidAudio
        }
    }

    @Test("An output rate that isn't positive is an internal error")
    func rejectsBadOutputRate() {
        #expect {
            _ = try StandardPreprocessing(options: .none).makeProcessor(input: .recognizer, outputSampleRate: 0)
        } throws: { error in
            (error as? DictationError)?.code == .internal
        }
    }

    @Test("The standard chain judges every analysis frame once, in order, and finds speech between silences")
    func voiceActivityCoversTheStream() throws {
        let speech = try SpeechRecordings.libriVox()
        let silence = [Float](repeating: 0, count: 32_000)
        let input = silence + speech + silence
        let processor = try StandardPreprocessing().makeProcessor(input: .recognizer, outputSampleRate: 16_000)
        #expect(processor.detectsVoiceActivity)
        var verdicts: [VoiceActivityFrame] = []
        var produced = 0
        var start = 0
        while start < input.count {
            let end = min(input.count, start + 1_234)
            let frame = try processor.process(
                AudioFrame(samples: Array(input[start..<end]), sampleRate: 16_000, channelCount: 1, startTime: 0))
            produced += frame.samples.count
            verdicts += frame.voiceActivity
            start = end
        }
        let tail = try processor.flush()
        produced += tail.samples.count
        verdicts += tail.voiceActivity
        #expect(verdicts.first?.startSample == 0)
        #expect(zip(verdicts, verdicts.dropFirst()).allSatisfy { $0.endSample == $1.startSample })
        #expect(verdicts.last?.endSample == produced)
        let speechFrames = verdicts.filter(\.isSpeech)
        #expect(speechFrames.count > speech.count / 320 / 2, "most of the recording is speech")
        #expect(speechFrames.allSatisfy { $0.startSample >= 32_000 - 320 && $0.endSample <= 32_000 + speech.count + 4_000 })
    }

    @Test("The standard chain removes 50 Hz hum and keeps the speech band")
    func standardChainFiltersHum() throws {
        // The suppressor would also lower the steady 1 kHz tone, which it takes for noise.
        let processor = try StandardPreprocessing(options: .init(noiseSuppression: .off, automaticGainControl: false))
            .makeProcessor(input: .recognizer, outputSampleRate: 16_000)
        let hum = SignalAnalysis.sine(frequency: 50, amplitude: 0.3, sampleRate: 16_000, seconds: 2)
        let voice = SignalAnalysis.sine(frequency: 1_000, amplitude: 0.3, sampleRate: 16_000, seconds: 2)
        let output = try processor.process(
            AudioFrame(samples: zip(hum, voice).map { $0 + $1 }, sampleRate: 16_000, channelCount: 1, startTime: 0)
        ).samples
        let settled = output[16_000...]
        let humLeft = SignalAnalysis.amplitude(of: settled, at: 50, sampleRate: 16_000)
        let voiceLeft = SignalAnalysis.amplitude(of: settled, at: 1_000, sampleRate: 16_000)
        #expect(SignalAnalysis.decibels(humLeft / 0.3) < -10)
        #expect(abs(SignalAnalysis.decibels(voiceLeft / 0.3)) < 0.1)
    }

    @Test("With noise suppression always on, the verdicts sit where their audio comes out, after its delay")
    func voiceActivityFollowsTheSuppressorsDelay() throws {
        let input = [Float](repeating: 0, count: 16_000) + (try SpeechRecordings.libriVox())
        let processor = try StandardPreprocessing(options: .init(noiseSuppression: .on))
            .makeProcessor(input: .recognizer, outputSampleRate: 16_000)
        var produced = 0
        var verdicts: [VoiceActivityFrame] = []
        let body = try processor.process(AudioFrame(samples: input, sampleRate: 16_000, channelCount: 1, startTime: 0))
        let tail = try processor.flush()
        produced = body.samples.count + tail.samples.count
        verdicts = body.voiceActivity + tail.voiceActivity
        let delay = 320  // the speex suppressor's latency: two 10 ms frames
        #expect(produced == input.count + delay)
        #expect(verdicts.first?.startSample == delay)
        #expect(verdicts.last?.endSample == produced)
    }
}
