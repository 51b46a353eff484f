import CALSA
import DictationKit

/// ALSA configurations of the caller's choosing, rather than the system's: tests open their
/// devices (the capture's `file` plugin on a FIFO, the playback's on a file) by a configuration
/// of their own, and so can an app that defines its devices itself.
package enum ALSAConfiguration {
    /// Opens a PCM by its name in the system's configuration, or in `configurationFile`.
    /// - Returns: libasound's result: 0, or a negative error the caller words.
    /// - Throws: ``DictationKit/DictationError`` only when the configuration file can't be read.
    package static func open(
        _ pcm: inout OpaquePointer?, name: String, stream: snd_pcm_stream_t, mode: Int32, configurationFile: String?
    ) throws(DictationError) -> Int32 {
        guard let configurationFile else { return snd_pcm_open(&pcm, name, stream, mode) }
        let configuration = try load(configurationFile)
        // The PCM keeps no reference into the tree: libasound frees its global one the same way.
        defer { snd_config_delete(configuration) }
        return snd_pcm_open_lconf(&pcm, name, stream, mode, configuration)
    }

    /// Reads an ALSA configuration file into a tree of its own, for `snd_pcm_open_lconf`; the
    /// caller deletes it (`snd_config_delete`) once the PCM is open: the PCM keeps no reference.
    private static func load(_ path: String) throws(DictationError) -> OpaquePointer {
        var top: OpaquePointer?
        guard snd_config_top(&top) >= 0, let top else {
            throw ALSAError.configurationNotCreated()
        }
        var input: OpaquePointer?
        guard snd_input_stdio_open(&input, path, "r") >= 0, let input else {
            snd_config_delete(top)
            throw ALSAError.configurationUnreadable(path, reason: systemErrorText())
        }
        let loaded = snd_config_load(top, input)
        _ = snd_input_close(input)
        guard loaded >= 0 else {
            snd_config_delete(top)
            throw ALSAError.configurationInvalid(path, code: Int(loaded))
        }
        return top
    }
}
