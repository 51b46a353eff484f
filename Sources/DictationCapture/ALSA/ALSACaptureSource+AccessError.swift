import DictationKit

extension ALSACaptureSource {
    /// Opens the device without blocking and closes it at once, and says why a session could not
    /// open it: ``checkAccess()`` with the coded error rather than a status.
    /// - Returns: `nil` when the device opens; otherwise the error a session would end with:
    ///   `DictationError.Code.microphoneUnavailable` when there is no such device,
    ///   `DictationError.Code.deviceBusy` when another program has it,
    ///   `DictationError.Code.permissionDenied` when the user may not use it.
    public func accessError() -> DictationError? {
        do {
            let pcm = try ALSAPCM(name: device, configurationFile: configurationFile)
            pcm.close()
            return nil
        } catch {
            return error
        }
    }
}
