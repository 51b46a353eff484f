/// How long a test waits for something before it fails: far beyond any normal run, so that a
/// loaded two-core CI machine (every suite at once, the build beside them) is slow, not failed,
/// and a test that would hang fails with what it waited for instead of holding up the run.
///
/// Not a speed bound: nothing is measured against it.
package enum HangGuard {
    /// The usual guard of a wait in a test.
    package static let standard: Duration = .seconds(120)
}
