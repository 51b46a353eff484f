/// Parameters out of range are clamped rather than rejected: a stage of the audio path must not
/// crash or throw on a setting (a slider at its end, a value from a config file), and a NaN falls
/// back to the default instead of poisoning every sample after it.
extension Double {
    /// This value limited to `range`, or `fallback` when it is NaN.
    package func clamped(to range: ClosedRange<Double>, orIfNaN fallback: Double) -> Double {
        isNaN ? fallback : Swift.min(range.upperBound, Swift.max(range.lowerBound, self))
    }
}

extension Float {
    /// This value limited to `range`, or `fallback` when it is NaN.
    package func clamped(to range: ClosedRange<Float>, orIfNaN fallback: Float) -> Float {
        isNaN ? fallback : Swift.min(range.upperBound, Swift.max(range.lowerBound, self))
    }

    /// The sample, or 0 when it is NaN or infinite: every stage treats such samples as silence, so
    /// one bad value from an app's buffer can't stick in a filter's state or a level average.
    @inline(__always)
    package var finiteOrZero: Float { isFinite ? self : 0 }
}
