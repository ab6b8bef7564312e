/// Texture computes with the C macros `MIN`/`MAX` (`a < b ? a : b`), whose answers for NaN and signed zeros
/// differ from `Swift.min`/`Swift.max`. These reproduce them literally
/// (<doc:Errata#cMacrosForMinAndMax>).
@inlinable func cMin(_ a: Double, _ b: Double) -> Double { a < b ? a : b }

/// See ``cMin(_:_:)``.
@inlinable func cMax(_ a: Double, _ b: Double) -> Double { a < b ? b : a }

/// C's `x ?: y` on doubles: `x` unless it is zero (NaN counts as non-zero).
@inlinable func elvis(_ x: Double, _ y: Double) -> Double { x != 0 ? x : y }

/// `ASPointsValidForSize`: finite or zero, not negative, below 10⁷ points (NaN and subnormals fail).
@inline(__always) package func isValidForSize(_ p: Double) -> Bool {
    p == 0 || (p >= .leastNormalMagnitude && p < 10_000_000)
}

extension Size {
    /// Both dimensions pass Texture's `ASPointsValidForSize`.
    @inline(__always) package var isValidForLayout: Bool { isValidForSize(width) && isValidForSize(height) }
}
