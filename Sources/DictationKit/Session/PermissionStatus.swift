/// Whether a session could start: the microphone and the recognizer model.
public enum PermissionStatus: Sendable, Hashable {
    /// Everything a session needs is there and may be used.
    case granted
    /// Access was refused; `reason` says why and what to do.
    case denied(reason: String)
    /// No capture device was found.
    case noDevice
    /// No recognition model was found.
    case noModel
}
