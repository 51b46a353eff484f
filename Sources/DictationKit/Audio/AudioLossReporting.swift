/// A reader of a live source that may have to drop audio, and tells the session what it lost.
///
/// A microphone can't be asked to wait: a source that falls further behind than it can hold sheds
/// audio (DictationCapture's live capture does), and reports each episode of losses here once it
/// is over. The session's run takes the reports after every read and turns each into one
/// ``DictationError/Code/captureOverrun`` warning, having judged the gaps the episode left with the
/// session's one voice activity verdict: the source never judges speech itself. A reader that
/// wraps another (``RecordingSource``, ``SuspendableSource``) passes the other's reports on.
package protocol AudioLossReporting: AnyObject {
    /// The episodes that ended since the last call, oldest first; those that end with
    /// ``AudioReader/close()`` are here after it.
    func takeAudioLosses() -> [AudioLoss]
}
