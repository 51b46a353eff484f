/// One PCM of a test ALSA configuration: ALSA's `file` plugin over the `null` plugin, which reads
/// the bytes of `infile` as captured audio through the real libasound capture path.
///
/// How the plugin behaves (libasound 1.2.8): it opens `infile` at `snd_pcm_open` (so a missing,
/// unreadable or busy infile fails the open with that errno); every read returns the full
/// period at once (no real-time pacing); at the end of `infile`, or on a read error, it leaves the
/// rest of the caller's buffer untouched and still reports full periods, forever. It writes a
/// copy of what is captured to `outfile` and fails the read with EIO when that write fails.
package struct ALSATestPCM: Sendable {
    /// The PCM name to open.
    package var name: String
    /// The file, FIFO or device whose bytes are "captured" (raw, in the negotiated format).
    package var infile: String
    /// Where the plugin writes what was captured; `/dev/full` makes reads fail once a buffer is written.
    package var outfile: String
    /// The slave PCM, as ALSA configuration: `"null"`, or a compound such as a format-restricting
    /// `{ type lfloat slave { pcm "null" format S32_LE } }`.
    package var slave: String
    /// The hint description, so that a device listing (`ALSACaptureSource.captureDevices()`) shows it.
    package var description: String

    package init(
        name: String, infile: String, outfile: String = "/dev/null", slave: String = "\"null\"",
        description: String = "DictationKit test capture"
    ) {
        self.name = name
        self.infile = infile
        self.outfile = outfile
        self.slave = slave
        self.description = description
    }

    /// The PCM's definition in ALSA configuration syntax.
    package var definition: String {
        """
        pcm.\(name) {
            type file
            slave.pcm \(slave)
            file \(ALSATestConfiguration.quoted(outfile))
            infile \(ALSATestConfiguration.quoted(infile))
            format "raw"
            hint {
                show on
                description \(ALSATestConfiguration.quoted(description))
            }
        }

        """
    }
}
