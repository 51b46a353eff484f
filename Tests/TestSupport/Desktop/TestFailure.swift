/// A test's setup that could not be made (a server that did not start, a window that never
/// showed), with what went wrong.
package struct TestFailure: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
