/// Gives a session's utterances the indices consumers see (``Transcript/utteranceIndex``): 0, 1,
/// 2, … in the order of the audio, with no gaps.
///
/// An utterance gets its index when it first shows something, a partial or its final; one that
/// shows nothing and whose final is empty is not reported and gets none. Finals come in order,
/// but with two passes the next utterance's partials may come before an utterance's final: then
/// the earlier utterance is given its index first, and so must deliver its final even if empty.
struct UtteranceNumbering {
    /// The indices of utterances that showed something and have not had their final yet.
    private var indices: [Int: Int] = [:]
    private var nextIndex = 0
    /// Every utterance before this one has had its final, or was not reported.
    private var firstUnsettled = 0

    /// The index of an utterance that shows something now.
    /// - Parameter utterance: The session's count of the utterance (its n-th, from 0).
    mutating func index(showing utterance: Int) -> Int {
        if let index = indices[utterance] { return index }
        // Earlier utterances whose finals are still coming take the indices before it.
        for earlier in firstUnsettled..<max(firstUnsettled, utterance) where indices[earlier] == nil {
            indices[earlier] = nextIndex
            nextIndex += 1
        }
        let index = nextIndex
        indices[utterance] = index
        nextIndex += 1
        return index
    }

    /// Whether an utterance has an index, and so must get its final even if it is empty.
    func isShown(_ utterance: Int) -> Bool {
        indices[utterance] != nil
    }

    /// Whether an utterance has had its final (finals come in order), so shows nothing more.
    /// - Parameter utterance: The session's count of the utterance.
    func isSettled(_ utterance: Int) -> Bool {
        utterance < firstUnsettled
    }

    /// Settles an utterance by its final.
    /// - Parameters:
    ///   - utterance: The session's count of the utterance.
    ///   - isEmpty: Whether the final has no text.
    /// - Returns: The final's index; `nil` when the utterance showed nothing and its final is
    ///   empty, so it is not reported.
    mutating func settle(_ utterance: Int, isEmpty: Bool) -> Int? {
        defer {
            indices[utterance] = nil
            firstUnsettled = max(firstUnsettled, utterance + 1)
        }
        if let index = indices[utterance] { return index }
        return isEmpty ? nil : index(showing: utterance)
    }
}
