/// An inclusive range of sizes per axis (Texture's `ASSizeRange`): the constraint an element is measured with.
///
/// Ranges are built without normalisation, as Texture builds them internally, so `min > max` can occur; every
/// operation accepts such an inverted range and gives Texture's answer for it.
public struct SizeRange: Hashable, Sendable, BitwiseCopyable {
    /// The smallest size, per axis.
    public var min: Size
    /// The largest size, per axis; `.infinity` for unbounded.
    public var max: Size

    /// A range as given: nothing is checked or normalised (see ``isValid``).
    @inlinable public init(min: Size, max: Size) {
        self.min = min
        self.max = max
    }

    /// The range holding exactly one size.
    @inlinable public init(exactly size: Size) {
        self.init(min: size, max: size)
    }

    /// Exactly zero.
    public static let zero = SizeRange(min: .zero, max: .zero)
    /// Any size: zero to unbounded on both axes.
    public static let unconstrained = SizeRange(min: .zero, max: .infinity)

    /// `ASSizeRangeClamp`: `MAX(min, MIN(max, size))` per axis, so the min wins in an inverted range.
    @inlinable public func clamp(_ size: Size) -> Size {
        Size(
            width: cMax(min.width, cMin(max.width, size.width)),
            height: cMax(min.height, cMin(max.height, size.height)))
    }

    /// `ASSizeRangeIntersect`: the overlap per axis; when the ranges are disjoint the receiver wins with the single
    /// point of it nearest to `other` (its max if it lies below, else its min). Callers pass the parent's range
    /// as the receiver, so it wins any conflict with a style (<doc:Errata#parentRangeWins>).
    @inlinable public func intersection(_ other: SizeRange) -> SizeRange {
        let (minW, maxW) = Self.intersect(min.width, max.width, other.min.width, other.max.width)
        let (minH, maxH) = Self.intersect(min.height, max.height, other.min.height, other.max.height)
        return SizeRange(min: Size(width: minW, height: minH), max: Size(width: maxW, height: maxH))
    }

    @inlinable static func intersect(
        _ aMin: Double, _ aMax: Double, _ bMin: Double, _ bMax: Double
    )
        -> (Double, Double)
    {
        let lo = cMax(aMin, bMin), hi = cMin(aMax, bMax)
        if lo <= hi { return (lo, hi) }
        return aMin < bMin ? (aMax, aMax) : (aMin, aMin)
    }

    /// Whether Texture's `ASSizeRangeMake` would accept it: finite non-negative min, non-negative max (infinity
    /// allowed), and `min <= max` on both axes.
    @inlinable public var isValid: Bool {
        func ok(_ lo: Double, _ hi: Double) -> Bool {
            lo.isFinite && lo >= 0 && !hi.isNaN && hi >= 0 && lo <= hi
        }
        return ok(min.width, max.width) && ok(min.height, max.height)
    }

    /// The max on each axis where it is a usable size (Texture's `ASPointsValidForSize`), NaN (undefined) where it
    /// is unbounded or invalid: the parent size the relative, absolute and corner specs give their children.
    var boundedMaxOrUndefined: Size {
        Size(isValidForSize(max.width) ? max.width : .nan, isValidForSize(max.height) ? max.height : .nan)
    }

    /// Whether `0 <= min <= max` on both axes (false with NaN): intersecting such a range with `[0, ∞]` returns
    /// it unchanged.
    var isOrdered: Bool {
        min.width >= 0 && min.width <= max.width && min.height >= 0 && min.height <= max.height
    }

    /// Bitwise equality (NaN equals NaN), for cache keys.
    @inlinable func isIdentical(to other: SizeRange) -> Bool {
        min.isIdentical(to: other.min) && max.isIdentical(to: other.max)
    }
}

extension SizeRange: CustomStringConvertible {
    /// Texture's format: `{{w, h}}` for an exact range, `{{minW, minH}, {maxW, maxH}}` otherwise.
    public var description: String {
        func text(_ s: Size) -> String { "{\(s.width.layoutDescription), \(s.height.layoutDescription)}" }
        return min == max ? "{\(text(min))}" : "{\(text(min)), \(text(max))}"
    }
}

extension Double {
    /// Whole numbers without a fraction, `inf` for unbounded.
    var layoutDescription: String {
        if self == .infinity { return "inf" }
        if let whole = Int(exactly: self) { return String(whole) }
        return String(self)
    }
}
