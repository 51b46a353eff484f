import CALSA
import DictationKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The sample formats the capture path reads, in order of preference.
enum ALSASampleFormat: CaseIterable, Sendable {
    /// Signed 16-bit little-endian: what nearly every microphone offers, and what recognizers take.
    case s16
    /// Signed 32-bit little-endian: some USB and professional interfaces offer only this.
    case s32
    /// 32-bit float little-endian: some plugins and virtual devices.
    case float

    /// libasound's constant.
    var alsa: snd_pcm_format_t {
        switch self {
        case .s16: SND_PCM_FORMAT_S16_LE
        case .s32: SND_PCM_FORMAT_S32_LE
        case .float: SND_PCM_FORMAT_FLOAT_LE
        }
    }

    /// How the samples are decoded.
    var encoding: AudioFormat.SampleEncoding {
        switch self {
        case .s16: .int16
        case .s32: .int32
        case .float: .float32
        }
    }

    /// The most preferred format that `isAllowed` accepts.
    /// - Parameter isAllowed: Whether the device can deliver a format.
    /// - Returns: The format to use, or `nil` when the device offers none of them.
    static func preferred(where isAllowed: (ALSASampleFormat) -> Bool) -> ALSASampleFormat? {
        allCases.first(where: isAllowed)
    }
}

extension ALSAPCM {
    /// What the device and DictationKit agreed on.
    struct Negotiated {
        var format: AudioFormat
        var periodFrames: Int
        var bufferFrames: Int
    }

    /// The longest period asked for: the capture thread hands audio on once per period, and a
    /// partial transcript can't come sooner than the period that holds its last word.
    static let maximumPeriodMicroseconds: UInt32 = 20_000
    /// Periods in the device's ring buffer: slack for a capture thread that is briefly not scheduled.
    static let preferredPeriodCount: UInt32 = 8

    /// Sets the hardware parameters: interleaved access; 16-bit, else 32-bit, else float samples;
    /// one channel or the nearest count; the preferred rate or the nearest; periods of at most
    /// 20 ms where the device allows it.
    /// - Throws: ``DictationKit/DictationError`` when the device offers nothing usable.
    static func negotiate(
        _ pcm: OpaquePointer, device: String, preferredSampleRate: Int
    ) throws(DictationError) -> Negotiated {
        var allocated: OpaquePointer?
        guard snd_pcm_hw_params_malloc(&allocated) >= 0, let params = allocated else {
            throw ALSAError.hardwareParametersNotAllocated()
        }
        defer { snd_pcm_hw_params_free(params) }

        func check(_ result: Int32) throws(DictationError) {
            if result < 0 { throw ALSAError.openFailure(Int(result), device: device) }
        }
        try check(snd_pcm_hw_params_any(pcm, params))
        guard snd_pcm_hw_params_set_access(pcm, params, SND_PCM_ACCESS_RW_INTERLEAVED) >= 0 else {
            throw ALSAError.unsupportedDevice(device, .noInterleavedAccess)
        }
        guard
            let sampleFormat = ALSASampleFormat.preferred(where: {
                snd_pcm_hw_params_test_format(pcm, params, $0.alsa) == 0
            })
        else {
            throw ALSAError.unsupportedDevice(device, .noReadableSampleFormat)
        }
        try check(snd_pcm_hw_params_set_format(pcm, params, sampleFormat.alsa))

        var channels: UInt32 = 1
        try check(snd_pcm_hw_params_set_channels_near(pcm, params, &channels))
        let wantedRate = min(
            max(preferredSampleRate, AudioFormat.readableSampleRates.lowerBound),
            AudioFormat.readableSampleRates.upperBound)
        var rate = UInt32(wantedRate)
        var direction: Int32 = 0
        try check(snd_pcm_hw_params_set_rate_near(pcm, params, &rate, &direction))

        // Cap the period first, then ask for 20 ms; a device whose shortest period is longer
        // refuses the cap (libasound then leaves the parameters as they were) and keeps its own.
        var longest = maximumPeriodMicroseconds
        direction = 0
        _ = snd_pcm_hw_params_set_period_time_max(pcm, params, &longest, &direction)
        var period = maximumPeriodMicroseconds
        direction = 0
        _ = snd_pcm_hw_params_set_period_time_near(pcm, params, &period, &direction)
        var periods = preferredPeriodCount
        direction = 0
        _ = snd_pcm_hw_params_set_periods_near(pcm, params, &periods, &direction)
        try check(snd_pcm_hw_params(pcm, params))

        // Read back what was installed rather than trusting the requests.
        var installedRate: UInt32 = 0
        var installedChannels: UInt32 = 0
        var periodSize: snd_pcm_uframes_t = 0
        var bufferSize: snd_pcm_uframes_t = 0
        direction = 0
        try check(snd_pcm_hw_params_get_rate(params, &installedRate, &direction))
        try check(snd_pcm_hw_params_get_channels(params, &installedChannels))
        direction = 0
        try check(snd_pcm_hw_params_get_period_size(params, &periodSize, &direction))
        try check(snd_pcm_hw_params_get_buffer_size(params, &bufferSize))

        let format = AudioFormat(
            sampleRate: Int(installedRate), channelCount: Int(installedChannels), encoding: sampleFormat.encoding)
        guard AudioFormat.readableChannelCounts.contains(format.channelCount) else {
            throw ALSAError.unsupportedDevice(device, .tooManyChannels(format.channelCount))
        }
        guard AudioFormat.readableSampleRates.contains(format.sampleRate) else {
            throw ALSAError.unsupportedDevice(device, .sampleRate(format.sampleRate))
        }
        // A period of more than a few seconds is a broken driver; bound the capture buffer anyway.
        let frames = min(max(Int(periodSize), 1), format.sampleRate * 4)
        return Negotiated(format: format, periodFrames: frames, bufferFrames: max(Int(bufferSize), frames))
    }
}
