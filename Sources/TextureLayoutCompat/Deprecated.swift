// The names of Texture 1.x and the 2.0 betas (ASRelativeDimension, ASRelativeSize, ASRelativeSizeRange,
// ASStaticLayoutSpec, the stack-child properties before they moved under `style`), kept as deprecated forwards to
// today's API so that old code compiles with warnings that name the replacement.

// MARK: - ASRelativeDimension

/// The 1.x name of ``ASDimension``.
@available(*, deprecated, renamed: "ASDimension")
public typealias ASRelativeDimension = ASDimension

/// The 1.x name of ``ASDimensionUnit``: `.points`, `.fraction` (and `.percent`, a 0…1 value like `.fraction`).
@available(*, deprecated, renamed: "ASDimensionUnit")
public typealias ASRelativeDimensionType = ASDimensionUnit

/// The dimension unit's 1.x spelling, kept so that code written against Texture 1.x compiles.
extension TextureLayout.Dimension.Unit {
    /// The oldest name of `.fraction`: a relative value from 0 to 1 (not 0 to 100).
    @available(*, deprecated, renamed: "fraction")
    public static var percent: TextureLayout.Dimension.Unit { .fraction }
}

/// The 1.x `ASRelativeDimensionMake(type, value)`: points or a fraction. Texture asserted on `.auto` and returned
/// 0 points; so does this, without trapping.
@available(*, deprecated, message: "use ASDimensionMakeWithPoints or ASDimensionMakeWithFraction")
public func ASRelativeDimensionMake(_ type: ASDimensionUnit, _ value: CGFloat) -> ASDimension {
    switch type {
    case .auto: return .points(0)
    case .points: return .points(Double(value))
    case .fraction: return .fraction(Double(value))
    }
}

/// The 1.x `ASRelativeDimensionMakeWithPoints`.
@available(*, deprecated, renamed: "ASDimensionMakeWithPoints")
public func ASRelativeDimensionMakeWithPoints(_ points: CGFloat) -> ASDimension {
    .points(Double(points))
}

/// The 1.x `ASRelativeDimensionMakeWithFraction`: `fraction` is 0…1.
@available(*, deprecated, renamed: "ASDimensionMakeWithFraction")
public func ASRelativeDimensionMakeWithFraction(_ fraction: CGFloat) -> ASDimension {
    .fraction(Double(fraction))
}

/// The oldest `ASRelativeDimensionMakeWithPercent`: despite the name, `percent` is a fraction from 0 to 1, so
/// `ASRelativeDimensionMakeWithPercent(0.4)` is 40 %.
@available(*, deprecated, renamed: "ASDimensionMakeWithFraction")
public func ASRelativeDimensionMakeWithPercent(_ percent: CGFloat) -> ASDimension {
    .fraction(Double(percent))
}

// MARK: - ASRelativeSize

/// The 1.x name of ``ASLayoutSize``.
@available(*, deprecated, renamed: "ASLayoutSize")
public typealias ASRelativeSize = ASLayoutSize

/// The 1.x `ASRelativeSizeMake(width, height)`.
@available(*, deprecated, renamed: "ASLayoutSizeMake")
public func ASRelativeSizeMake(_ width: ASDimension, _ height: ASDimension) -> ASLayoutSize {
    LayoutSize(width: width, height: height)
}

/// The 1.x `ASRelativeSizeMakeWithCGSize`: both dimensions in points.
@available(*, deprecated, message: "use ASLayoutSizeMake with ASDimensionMakeWithPoints")
public func ASRelativeSizeMakeWithCGSize(_ size: CGSize) -> ASLayoutSize {
    LayoutSize(width: .points(Double(size.width)), height: .points(Double(size.height)))
}

/// The 1.x `ASRelativeSizeMakeWithFraction`: the same fraction on both axes.
@available(*, deprecated, message: "use ASLayoutSizeMake with ASDimensionMakeWithFraction")
public func ASRelativeSizeMakeWithFraction(_ fraction: CGFloat) -> ASLayoutSize {
    LayoutSize(width: .fraction(Double(fraction)), height: .fraction(Double(fraction)))
}

// MARK: - ASRelativeSizeRange

/// The 1.x `ASRelativeSizeRange`: a minimum and a maximum ``ASLayoutSize``. It survives as an element's
/// `style.minLayoutSize` and `style.maxLayoutSize`, which the deprecated `sizeRange` property sets.
@available(*, deprecated, message: "use style.minLayoutSize and style.maxLayoutSize")
public struct ASRelativeSizeRange: Hashable, Sendable {
    /// The smallest size, as `style.minLayoutSize` keeps it.
    public var min: ASLayoutSize
    /// The largest size, as `style.maxLayoutSize` keeps it.
    public var max: ASLayoutSize

    /// Texture 1.x's `ASRelativeSizeRangeMake`, for code that builds the range itself.
    public init(min: ASLayoutSize, max: ASLayoutSize) {
        self.min = min
        self.max = max
    }
}

/// The 1.x `ASRelativeSizeRangeUnconstrained`: every dimension auto.
@available(*, deprecated, message: "use style.minLayoutSize and style.maxLayoutSize")
public let ASRelativeSizeRangeUnconstrained = ASRelativeSizeRange(min: .auto, max: .auto)

/// The 1.x `ASRelativeSizeRangeMake(min, max)`.
@available(*, deprecated, message: "use style.minLayoutSize and style.maxLayoutSize")
public func ASRelativeSizeRangeMake(_ min: ASLayoutSize, _ max: ASLayoutSize) -> ASRelativeSizeRange {
    ASRelativeSizeRange(min: min, max: max)
}

/// The 1.x `ASRelativeSizeRangeMakeWithExactRelativeSize`: min and max both `exact`.
@available(*, deprecated, message: "use style.preferredLayoutSize")
public func ASRelativeSizeRangeMakeWithExactRelativeSize(_ exact: ASLayoutSize) -> ASRelativeSizeRange {
    ASRelativeSizeRange(min: exact, max: exact)
}

/// The 1.x `ASRelativeSizeRangeMakeWithExactCGSize`: min and max both `exact`, in points.
@available(*, deprecated, message: "use style.preferredSize")
public func ASRelativeSizeRangeMakeWithExactCGSize(_ exact: CGSize) -> ASRelativeSizeRange {
    let size = LayoutSize(width: .points(Double(exact.width)), height: .points(Double(exact.height)))
    return ASRelativeSizeRange(min: size, max: size)
}

/// The 1.x `ASRelativeSizeRangeMakeWithExactFraction`: min and max both `fraction` of the parent on both axes.
@available(*, deprecated, message: "use style.preferredLayoutSize")
public func ASRelativeSizeRangeMakeWithExactFraction(_ fraction: CGFloat) -> ASRelativeSizeRange {
    let size = LayoutSize(width: .fraction(Double(fraction)), height: .fraction(Double(fraction)))
    return ASRelativeSizeRange(min: size, max: size)
}

/// The 1.x `ASRelativeSizeRangeMakeWithExactRelativeDimensions`: min and max both `(width, height)`.
@available(*, deprecated, message: "use style.width and style.height")
public func ASRelativeSizeRangeMakeWithExactRelativeDimensions(
    _ width: ASDimension, _ height: ASDimension
)
    -> ASRelativeSizeRange
{
    let size = LayoutSize(width: width, height: height)
    return ASRelativeSizeRange(min: size, max: size)
}

/// The 1.x `ASRelativeSizeRangeResolve`: both sizes resolved against `parentSize`, where an auto dimension
/// resolves to the parent's length itself.
@available(*, deprecated, message: "sizes resolve against the parent during layout")
public func ASRelativeSizeRangeResolve(
    _ relativeSizeRange: ASRelativeSizeRange, _ parentSize: CGSize
)
    -> ASSizeRange
{
    let parent = Size(parentSize)
    return SizeRange(
        min: relativeSizeRange.min.resolve(parent: parent, auto: parent),
        max: relativeSizeRange.max.resolve(parent: parent, auto: parent))
}

/// The 1.x `ASSizeRangeMakeExactSize`.
@available(*, deprecated, renamed: "ASSizeRangeMake")
public func ASSizeRangeMakeExactSize(_ size: CGSize) -> ASSizeRange {
    SizeRange(exactly: Size(size))
}

// MARK: - Elements

/// The 1.x name of ``ASLayoutElement``.
@available(*, deprecated, renamed: "ASLayoutElement")
public typealias ASLayoutable = ASLayoutElement

/// Texture 1.x's `ASStaticLayoutSpec`: an ``ASAbsoluteLayoutSpec`` that always sizes itself to fit its children
/// (each child at its `layoutPosition`, sized by its `sizeRange`).
@available(*, deprecated, message: "use ASAbsoluteLayoutSpec(sizing: .sizeToFit, children:)")
open class ASStaticLayoutSpec: AbsoluteLayoutSpec {
    /// 1.x code made a static spec from its children only; the sizing it implied is now explicit.
    public init(children: [ASLayoutElement]) {
        super.init(sizing: .sizeToFit, children: children)
    }
}

// The properties a parent stack or absolute spec reads lived on the element itself before 2.0; they forward to
// `style`.
/// Texture 1.x's layout properties on the element itself, kept so that code written against 1.x compiles.
extension LayoutElement {
    /// The 1.x Boolean `flexGrow`: `true` is `style.flexGrow = 1`; reading says whether `style.flexGrow > 0`.
    @available(*, deprecated, message: "use style.flexGrow (a CGFloat: true is 1.0)")
    public var flexGrow: Bool {
        get { style.flexGrow > 0 }
        set { style.flexGrow = newValue ? 1 : 0 }
    }

    /// The 1.x Boolean `flexShrink`: `true` is `style.flexShrink = 1`; reading says whether `style.flexShrink > 0`.
    @available(*, deprecated, message: "use style.flexShrink (a CGFloat: true is 1.0)")
    public var flexShrink: Bool {
        get { style.flexShrink > 0 }
        set { style.flexShrink = newValue ? 1 : 0 }
    }

    /// The 1.x `flexBasis`.
    @available(*, deprecated, message: "use style.flexBasis")
    public var flexBasis: ASDimension {
        get { style.flexBasis }
        set { style.flexBasis = newValue }
    }

    /// The 1.x `alignSelf`.
    @available(*, deprecated, message: "use style.alignSelf")
    public var alignSelf: ASStackLayoutAlignSelf {
        get { style.alignSelf }
        set { style.alignSelf = newValue }
    }

    /// The 1.x `spacingBefore`.
    @available(*, deprecated, message: "use style.spacingBefore")
    public var spacingBefore: CGFloat {
        get { CGFloat(style.spacingBefore) }
        set { style.spacingBefore = Double(newValue) }
    }

    /// The 1.x `spacingAfter`.
    @available(*, deprecated, message: "use style.spacingAfter")
    public var spacingAfter: CGFloat {
        get { CGFloat(style.spacingAfter) }
        set { style.spacingAfter = Double(newValue) }
    }

    /// The 1.x `ascender`.
    @available(*, deprecated, message: "use style.ascender")
    public var ascender: CGFloat {
        get { CGFloat(style.ascender) }
        set { style.ascender = Double(newValue) }
    }

    /// The 1.x `descender`.
    @available(*, deprecated, message: "use style.descender")
    public var descender: CGFloat {
        get { CGFloat(style.descender) }
        set { style.descender = Double(newValue) }
    }

    /// The 1.x `layoutPosition`, read by a parent static (absolute) spec.
    @available(*, deprecated, message: "use style.layoutPosition")
    public var layoutPosition: CGPoint {
        get { style.layoutPosition }
        set { style.layoutPosition = newValue }
    }

    /// The 1.x `sizeRange`, read by a parent static spec: its min and max become `style.minLayoutSize` and
    /// `style.maxLayoutSize`.
    @available(*, deprecated, message: "use style.minLayoutSize and style.maxLayoutSize")
    public var sizeRange: ASRelativeSizeRange {
        get { ASRelativeSizeRange(min: style.minLayoutSize, max: style.maxLayoutSize) }
        set {
            var style = self.style
            style.minLayoutSize = newValue.min
            style.maxLayoutSize = newValue.max
            self.style = style
        }
    }

    /// The 1.x `measureWithSizeRange:`.
    @available(*, deprecated, renamed: "layoutThatFits(_:)")
    public func measureWithSizeRange(_ constrainedSize: ASSizeRange) -> ASLayout {
        layoutThatFits(constrainedSize)
    }
}

extension ASDisplayNode {
    /// The 1.x `preferredFrameSize`: the node's `style.preferredSize`.
    @available(*, deprecated, message: "use style.preferredSize")
    public var preferredFrameSize: CGSize {
        get { style.preferredSize }
        set { style.preferredSize = newValue }
    }

    /// The 1.x `measure:`: the node's size laid out between zero and `constrainedSize`.
    @available(*, deprecated, message: "use layoutThatFits(ASSizeRangeMake(.zero, constrainedSize)).size")
    public func measure(_ constrainedSize: CGSize) -> CGSize {
        layoutThatFits(SizeRange(min: .zero, max: Size(constrainedSize))).size
    }
}
