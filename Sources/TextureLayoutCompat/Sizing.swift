// Texture's sizing value types and their C-style functions (ASDimension.h), over the engine's Dimension,
// LayoutSize and SizeRange.
//
// Texture's constructors assert on invalid values in debug builds; these keep the value as given, like the
// engine's initializers (`Dimension.isValid` and `SizeRange.isValid` tell whether Texture would have accepted it).

// MARK: - ASDimension

/// Texture's `ASDimension`: a length that is automatic, in points, or a fraction of the parent.
public typealias ASDimension = TextureLayout.Dimension

/// Texture's `ASDimensionUnit`: `.auto`, `.points` or `.fraction`.
public typealias ASDimensionUnit = TextureLayout.Dimension.Unit

/// Texture's `ASDimensionAuto`.
public let ASDimensionAuto = Dimension.auto

/// `ASDimensionMake(unit, value)`. An auto dimension has the value 0 whatever `value` says.
@inlinable public func ASDimensionMake(_ unit: ASDimensionUnit, _ value: CGFloat) -> ASDimension {
    TextureLayout.Dimension(unit: unit, value: Double(value))
}

/// `ASDimensionMake(points)`: a bare number is a length in points.
@inlinable public func ASDimensionMake(_ points: CGFloat) -> ASDimension {
    .points(Double(points))
}

/// `ASDimensionMake(string)`: `"70pt"` is points, `"50%"` the fraction 0.5, `""` and `"auto"` are auto, and any
/// other text is auto too, silently, as in Texture.
@inlinable public func ASDimensionMake(_ text: String) -> ASDimension {
    TextureLayout.Dimension(parsing: text)
}

/// `ASDimensionMakeWithPoints(points)`.
@inlinable public func ASDimensionMakeWithPoints(_ points: CGFloat) -> ASDimension {
    .points(Double(points))
}

/// `ASDimensionMakeWithFraction(fraction)`: `fraction` is 0…1, so `0.5` is half of the parent.
@inlinable public func ASDimensionMakeWithFraction(_ fraction: CGFloat) -> ASDimension {
    .fraction(Double(fraction))
}

/// `ASDimensionEqualToDimension`: same unit and same value.
@inlinable public func ASDimensionEqualToDimension(_ lhs: ASDimension, _ rhs: ASDimension) -> Bool {
    lhs == rhs
}

/// `ASDimensionResolve`: points as they are, a fraction of `parentSize`, `autoSize` for auto.
@inlinable public func ASDimensionResolve(
    _ dimension: ASDimension, _ parentSize: CGFloat, _ autoSize: CGFloat
)
    -> CGFloat
{
    CGFloat(dimension.resolve(parent: Double(parentSize), auto: Double(autoSize)))
}

// MARK: - ASLayoutSize

/// Texture's `ASLayoutSize`: a width and a height as ``ASDimension``s.
public typealias ASLayoutSize = LayoutSize

/// Texture's `ASLayoutSizeAuto`: both dimensions auto.
public let ASLayoutSizeAuto = LayoutSize.auto

/// `ASLayoutSizeMake(width, height)`.
@inlinable public func ASLayoutSizeMake(_ width: ASDimension, _ height: ASDimension) -> ASLayoutSize {
    LayoutSize(width: width, height: height)
}

/// `ASLayoutSizeResolveSize`: each axis resolved against `parentSize`, auto axes taking `autoSize`.
@inlinable public func ASLayoutSizeResolveSize(
    _ layoutSize: ASLayoutSize, _ parentSize: CGSize, _ autoSize: CGSize
)
    -> CGSize
{
    CGSize(layoutSize.resolve(parent: Size(parentSize), auto: Size(autoSize)))
}

// MARK: - ASSizeRange

/// Texture's `ASSizeRange`: a minimum and a maximum size. Its `min` and `max` are the engine's `Size` (Double
/// `width`/`height`, which mix freely with CGFloat); `CGSize(range.max)` converts.
public typealias ASSizeRange = SizeRange

/// Texture's `ASSizeRangeZero`.
public let ASSizeRangeZero = SizeRange.zero

/// Texture's `ASSizeRangeUnconstrained`: from zero to infinity on both axes.
public let ASSizeRangeUnconstrained = SizeRange.unconstrained

#if canImport(CoreGraphics) || (canImport(Foundation) && !TEXTURE_COMPAT_NO_FOUNDATION)
/// Texture's size range initializer with CoreGraphics sizes, so `ASSizeRange(min:max:)` compiles unchanged.
extension SizeRange {
    /// Texture's memberwise `ASSizeRange(min:max:)` with CoreGraphics sizes.
    @inlinable public init(min: CGSize, max: CGSize) {
        self.init(min: Size(min), max: Size(max))
    }
}
#endif

/// `ASSizeRangeMake(min, max)`. Texture asserts on a negative or infinite min, a negative max, or `min > max`;
/// here the range is kept as given.
@inlinable public func ASSizeRangeMake(_ min: CGSize, _ max: CGSize) -> ASSizeRange {
    SizeRange(min: Size(min), max: Size(max))
}

/// `ASSizeRangeMake(exactSize)`: the range holding only `exactSize`.
@inlinable public func ASSizeRangeMake(_ exactSize: CGSize) -> ASSizeRange {
    SizeRange(exactly: Size(exactSize))
}

#if canImport(CoreGraphics) || (canImport(Foundation) && !TEXTURE_COMPAT_NO_FOUNDATION)
/// `ASSizeRangeMake(min, max)` for the engine's sizes, e.g. `ASSizeRangeMake(.zero, constrainedSize.max)`.
@_disfavoredOverload
@inlinable public func ASSizeRangeMake(_ min: Size, _ max: Size) -> ASSizeRange {
    SizeRange(min: min, max: max)
}

/// `ASSizeRangeMake(exactSize)` for an engine size, e.g. `ASSizeRangeMake(constrainedSize.max)`.
@_disfavoredOverload
@inlinable public func ASSizeRangeMake(_ exactSize: Size) -> ASSizeRange {
    SizeRange(exactly: exactSize)
}
#endif

/// `ASSizeRangeClamp`: `size` brought into the range per axis (the min wins in an inverted range).
@inlinable public func ASSizeRangeClamp(_ sizeRange: ASSizeRange, _ size: CGSize) -> CGSize {
    CGSize(sizeRange.clamp(Size(size)))
}

/// `ASSizeRangeIntersect`: the overlap; on an axis where the two do not overlap, the first range wins.
@inlinable public func ASSizeRangeIntersect(_ sizeRange: ASSizeRange, _ otherSizeRange: ASSizeRange) -> ASSizeRange {
    sizeRange.intersection(otherSizeRange)
}

/// `ASSizeRangeEqualToSizeRange`: all four numbers equal.
@inlinable public func ASSizeRangeEqualToSizeRange(_ lhs: ASSizeRange, _ rhs: ASSizeRange) -> Bool {
    lhs == rhs
}

/// `ASSizeRangeHasSignificantArea`: both max dimensions above 0.1 points.
@inlinable public func ASSizeRangeHasSignificantArea(_ sizeRange: ASSizeRange) -> Bool {
    sizeRange.max.width > 0.1 && sizeRange.max.height > 0.1
}

// MARK: - Validity predicates

/// `ASPointsValidForLayout`: finite (or zero), not negative, below half the largest CGFloat.
@inlinable public func ASPointsValidForLayout(_ points: CGFloat) -> Bool {
    let p = Double(points)
    return (p.isNormal || p == 0) && p >= 0 && p < Double.greatestFiniteMagnitude / 2
}

/// `ASPointsValidForSize`: finite (or zero), not negative, below 10⁷ points.
public func ASPointsValidForSize(_ points: CGFloat) -> Bool {
    isValidForSize(Double(points))
}

/// `ASIsCGSizeValidForLayout`: both dimensions pass ``ASPointsValidForLayout(_:)``.
@inlinable public func ASIsCGSizeValidForLayout(_ size: CGSize) -> Bool {
    ASPointsValidForLayout(size.width) && ASPointsValidForLayout(size.height)
}

/// `ASIsCGSizeValidForSize`: both dimensions pass ``ASPointsValidForSize(_:)``.
public func ASIsCGSizeValidForSize(_ size: CGSize) -> Bool {
    Size(size).isValidForLayout
}
