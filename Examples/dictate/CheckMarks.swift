/// How `dictate doctor` marks its findings: symbols on a terminal, words in plain output, since a
/// screen reader reads "✘" as "heavy ballot X", or as nothing at all.
struct CheckMarks {
    let passed: String
    let failed: String
    /// Could be had, but is not needed.
    let optional: String
    /// How the closing advice points at the failed lines.
    let failedLines: String

    static let symbols = CheckMarks(passed: "✔", failed: "✘", optional: "–", failedLines: "the ✘ lines")
    static let words = CheckMarks(passed: "ok", failed: "failed", optional: "optional", failedLines: "the lines marked failed")

    /// The mark, padded to the longest one, so that the lines after it line up.
    func padded(_ mark: String) -> String {
        let width = [passed, failed, optional].map(\.count).max() ?? 0
        return mark.padding(toLength: width, withPad: " ", startingAt: 0)
    }
}
