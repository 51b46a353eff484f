extension DictationError.Code {
    /// A model file could not be downloaded from its address: the host can't be reached or
    /// resolved, the server answered with an error status (404, 403, ...), the transfer broke off
    /// before the whole file came, or a `file://` address names no readable file. Nothing was
    /// installed; trying again later, or with the address checked, may work.
    public static let modelDownloadFailed = DictationError.Code(rawValue: "modelDownloadFailed")
    /// A downloaded model file is not the one its pinned hash names (SHA-256 or SHA-1): the
    /// address serves another file (a newer version, a web page instead of the file) or the hash
    /// given is wrong. Nothing was installed; trying again gives the same file, so check the
    /// address and the hash instead.
    public static let modelChecksumMismatch = DictationError.Code(rawValue: "modelChecksumMismatch")
}
