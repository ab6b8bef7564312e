// Texture's layout spec classes and their enum and option types, over the engine's specs. The engine's
// initializers already have Texture's Swift spellings (`ASStackLayoutSpec(direction:spacing:justifyContent:
// alignItems:children:)`, `ASInsetLayoutSpec(insets:child:)`, `ASCenterLayoutSpec(centeringOptions:sizingOptions:
// child:)`, ...), and the engine's enum cases have Texture's Swift names (`.horizontal`, `.spaceBetween`,
// `.stretch`, `.minimumXY`, ...). This file adds the names the engine spells differently.

/// Texture's `ASLayoutSpec`: the base spec; used as it is, a spacer that takes its range's minimum.
public typealias ASLayoutSpec = LayoutSpec
/// Texture's `ASWrapperLayoutSpec`.
public typealias ASWrapperLayoutSpec = WrapperLayoutSpec
/// Texture's `ASStackLayoutSpec`.
public typealias ASStackLayoutSpec = StackLayoutSpec
/// Texture's `ASInsetLayoutSpec`.
public typealias ASInsetLayoutSpec = InsetLayoutSpec
/// Texture's `ASOverlayLayoutSpec`.
public typealias ASOverlayLayoutSpec = OverlayLayoutSpec
/// Texture's `ASBackgroundLayoutSpec`.
public typealias ASBackgroundLayoutSpec = BackgroundLayoutSpec
/// Texture's `ASCenterLayoutSpec`.
public typealias ASCenterLayoutSpec = CenterLayoutSpec
/// Texture's `ASRelativeLayoutSpec`.
public typealias ASRelativeLayoutSpec = RelativeLayoutSpec
/// Texture's `ASRatioLayoutSpec`.
public typealias ASRatioLayoutSpec = RatioLayoutSpec
/// Texture's `ASAbsoluteLayoutSpec`.
public typealias ASAbsoluteLayoutSpec = AbsoluteLayoutSpec
/// Texture's `ASCornerLayoutSpec`.
public typealias ASCornerLayoutSpec = CornerLayoutSpec

// MARK: Stack

/// Texture's `ASStackLayoutDirection`: `.vertical`, `.horizontal` (the reverse directions go beyond Texture).
public typealias ASStackLayoutDirection = StackDirection
/// Texture's `ASStackLayoutJustifyContent`: `.start`, `.center`, `.end`, `.spaceBetween`, `.spaceAround`.
public typealias ASStackLayoutJustifyContent = StackJustifyContent
/// Texture's `ASStackLayoutAlignItems`: `.start`, `.end`, `.center`, `.stretch`, `.baselineFirst`,
/// `.baselineLast`.
public typealias ASStackLayoutAlignItems = StackAlignItems
/// Texture's `ASStackLayoutFlexWrap`: `.noWrap`, `.wrap`.
public typealias ASStackLayoutFlexWrap = StackFlexWrap
/// Texture's `ASStackLayoutAlignContent`: `.start`, `.center`, `.end`, `.spaceBetween`, `.spaceAround`,
/// `.stretch`.
public typealias ASStackLayoutAlignContent = StackAlignContent
/// Texture's `ASHorizontalAlignment`: `.none`, `.left`, `.middle`, `.right`.
public typealias ASHorizontalAlignment = HorizontalAlignment
/// Texture's `ASVerticalAlignment`: `.none`, `.top`, `.center`, `.bottom`.
public typealias ASVerticalAlignment = VerticalAlignment

// MARK: Center and relative

/// Texture's `ASCenterLayoutSpecCenteringOptions`: `.X`, `.Y`, `.XY`, or `[]` for none.
public typealias ASCenterLayoutSpecCenteringOptions = CenteringOptions
/// Texture's `ASCenterLayoutSpecSizingOptions`: `.minimumX`, `.minimumY`, `.minimumXY`, or `[]` for the default.
public typealias ASCenterLayoutSpecSizingOptions = CenterSizingOptions
/// Texture's `ASRelativeLayoutSpecPosition`: `.none`, `.start`, `.center`, `.end`.
public typealias ASRelativeLayoutSpecPosition = RelativePosition
/// Texture's `ASRelativeLayoutSpecSizingOption`: `.minimumWidth`, `.minimumHeight`, `.minimumSize`, or `[]`.
public typealias ASRelativeLayoutSpecSizingOption = RelativeSizingOption

/// Texture's capitalized centering option names, so `ASCenterLayoutSpec` code compiles unchanged.
extension CenteringOptions {
    /// Texture's `ASCenterLayoutSpecCenteringX` (Swift: `.X`); the engine's `x`.
    public static let X = CenteringOptions.x
    /// Texture's `ASCenterLayoutSpecCenteringY` (Swift: `.Y`); the engine's `y`.
    public static let Y = CenteringOptions.y
    /// Texture's `ASCenterLayoutSpecCenteringXY` (Swift: `.XY`); the engine's `xy`.
    public static let XY = CenteringOptions.xy
}

// MARK: Absolute and corner

/// Texture's `ASAbsoluteLayoutSpecSizing`: `.default`, `.sizeToFit`.
public typealias ASAbsoluteLayoutSpecSizing = AbsoluteSizing
/// Texture's `ASCornerLayoutLocation`: `.topLeft`, `.topRight`, `.bottomLeft`, `.bottomRight`.
public typealias ASCornerLayoutLocation = CornerLocation

#if canImport(CoreGraphics) || (canImport(Foundation) && !TEXTURE_COMPAT_NO_FOUNDATION)
/// The corner spec's offset as a `CGPoint`, the type Texture code gives it.
extension CornerLayoutSpec {
    /// Texture's `offset`: moves the corner element from its default spot. In files that import
    /// TextureLayoutCompat it is a `CGPoint`; the engine's `Point` is `spec.TextureLayout::offset`.
    public var offset: CGPoint {
        get { CGPoint(self.TextureLayout::offset) }
        set { self.TextureLayout::offset = Point(newValue) }
    }
}
#endif

// MARK: UIKit's insets

#if canImport(UIKit)
extension EdgeInsets {
    /// The engine's insets for UIKit's.
    public init(_ insets: UIEdgeInsets) {
        self.init(
            top: Double(insets.top), left: Double(insets.left), bottom: Double(insets.bottom),
            right: Double(insets.right))
    }
}

extension UIEdgeInsets {
    /// UIKit's insets for the engine's.
    public init(_ insets: EdgeInsets) {
        self.init(
            top: CGFloat(insets.top), left: CGFloat(insets.left), bottom: CGFloat(insets.bottom),
            right: CGFloat(insets.right))
    }
}

extension InsetLayoutSpec {
    /// Texture's `ASInsetLayoutSpec(insets:child:)` with UIKit's insets.
    public convenience init(insets: UIEdgeInsets, child: LayoutElement) {
        self.init(insets: EdgeInsets(insets), child: child)
    }

    /// Texture's `insets`, as UIKit's type.
    public var insets: UIEdgeInsets {
        get { UIEdgeInsets(self.TextureLayout::insets) }
        set { self.TextureLayout::insets = EdgeInsets(newValue) }
    }
}
#endif
