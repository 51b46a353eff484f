import CALSA

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// An ALSA PCM that can capture, as listed by ``ALSACaptureSource/captureDevices()``.
public struct ALSADevice: Sendable, Hashable {
    /// The name to open it by, e.g. `default` or `plughw:CARD=USB,DEV=0`.
    public var name: String
    /// What ALSA says about it, e.g. "USB Audio Device, USB Audio"; empty when it says nothing.
    public var description: String

    /// Creates a device entry.
    /// - Parameters:
    ///   - name: The name to open it by.
    ///   - description: What it is, for people.
    public init(name: String, description: String) {
        self.name = name
        self.description = description
    }
}

extension ALSACaptureSource {
    /// The PCMs ALSA knows that can capture, `default` first when it is there.
    ///
    /// This is ALSA's own list (`snd_device_name_hint`, as `arecord -L` prints it): cards, the
    /// plugins of the system and user configuration that have a hint, `null`. Output-only devices
    /// are left out. Without a sound card it may hold no more than `null`.
    /// - Returns: The devices, in ALSA's order except for `default`; empty when ALSA can't list them.
    public static func captureDevices() -> [ALSADevice] {
        var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        guard snd_device_name_hint(-1, "pcm", &hints) >= 0, let hints else { return [] }
        defer { _ = snd_device_name_free_hint(hints) }

        var devices: [ALSADevice] = []
        var seen: Set<String> = []
        var cursor = hints
        while let hint = cursor.pointee {
            cursor += 1
            guard let name = takeHint(hint, "NAME"), !name.isEmpty else { continue }
            // IOID is absent for devices that do both, "Input" or "Output" for one-way ones.
            if takeHint(hint, "IOID") == "Output" { continue }
            guard seen.insert(name).inserted else { continue }
            // Descriptions come in lines ("HDA Intel PCH, ALC3246 Analog\nDefault Audio Device");
            // one line reads better in a list.
            let description = (takeHint(hint, "DESC") ?? "")
                .split(whereSeparator: \.isNewline)
                .map { String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
                .filter { !$0.isEmpty }
                .joined(separator: ", ")
            devices.append(ALSADevice(name: name, description: description))
        }
        if let index = devices.firstIndex(where: { $0.name == "default" }), index > 0 {
            devices.insert(devices.remove(at: index), at: 0)
        }
        return devices
    }

    /// Reads one field of a hint; libasound hands it over malloc'ed, so it is freed here.
    private static func takeHint(_ hint: UnsafeMutableRawPointer, _ field: String) -> String? {
        guard let value = snd_device_name_get_hint(hint, field) else { return nil }
        defer { free(value) }
        return String(cString: value)
    }
}

extension ALSACaptureSource {
    /// Turns libasound's own diagnostics on standard error ("ALSA lib pcm.c:...: Unknown PCM x")
    /// off or back on. They repeat what DictationKit reports as a `DictationError`, so a
    /// command-line tool usually turns them off. This is a process-wide setting of libasound.
    /// - Parameter printed: `false` to discard them, `true` for libasound's default handler.
    public static func setLibraryMessagesPrinted(_ printed: Bool) {
        ALSAPCM.setLibraryMessagesPrinted(printed)
    }
}
