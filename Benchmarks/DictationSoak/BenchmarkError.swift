/// A benchmark that can't run or whose session failed, with a message saying why.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
