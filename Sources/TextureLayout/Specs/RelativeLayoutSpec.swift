/// Where a relative spec puts its child on one axis. `none` and `start` place alike; `none` also passes the range's
/// minimum down to the child, where `start` passes 0.
public enum RelativePosition: UInt8, Hashable, Sendable, CaseIterable {
    /// At the start, with the range's minimum passed to the child (Texture's default).
    case none
    /// At the start, with 0 as the child's minimum.
    case start
    /// In the middle of the free space.
    case center
    /// At the end.
    case end

    /// The share of the free space before the child.
    var fraction: Double {
        switch self {
        case .none, .start: return 0
        case .center: return 0.5
        case .end: return 1
        }
    }
}

/// Whether a relative spec shrinks to its child on an axis instead of taking its range's max.
public struct RelativeSizingOption: OptionSet, Hashable, Sendable {
    /// The option bits (Texture's values).
    public let rawValue: UInt8
    /// Options from Texture's bit values.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shrink to the child's width.
    public static let minimumWidth = RelativeSizingOption(rawValue: 1)
    /// Shrink to the child's height.
    public static let minimumHeight = RelativeSizingOption(rawValue: 2)
    /// Shrink to the child on both axes.
    public static let minimumSize: RelativeSizingOption = [.minimumWidth, .minimumHeight]
}

/// Places its child at the start, centre or end of each axis of the space it takes (Texture's
/// `ASRelativeLayoutSpec`). On a bounded axis the spec takes its range's max unless a minimum sizing option shrinks
/// it to the child; on an unbounded axis it takes the child's length.
open class RelativeLayoutSpec: LayoutSpec {
    /// Where the child goes horizontally.
    @exclusivity(unchecked) public final var horizontalPosition: RelativePosition { didSet { setNeedsLayout() } }
    /// Where the child goes vertically.
    @exclusivity(unchecked) public final var verticalPosition: RelativePosition { didSet { setNeedsLayout() } }
    /// The axes on which the spec shrinks to its child.
    @exclusivity(unchecked) public final var sizingOption: RelativeSizingOption { didSet { setNeedsLayout() } }

    /// A spec that places `child` at a position on each axis, shrinking to it on the axes `sizingOption` names.
    public init(
        horizontalPosition: RelativePosition = .none, verticalPosition: RelativePosition = .none,
        sizingOption: RelativeSizingOption = [], child: LayoutElement
    ) {
        self.horizontalPosition = horizontalPosition
        self.verticalPosition = verticalPosition
        self.sizingOption = sizingOption
        super.init(children: [child])
        measuresFromRangeAndStyle(asExactly: RelativeLayoutSpec.self)
    }

    open override func calculateSize(_ constrainedSize: SizeRange, context: LayoutContext) -> Size {
        guard let child else { return constrainedSize.min }
        let c = constrainedSize
        let bounded = c.boundedMaxOrUndefined
        let childRange = SizeRange(
            min: Size(horizontalPosition == .none ? c.min.width : 0, verticalPosition == .none ? c.min.height : 0),
            max: c.max)
        if !childRange.isValid { context.report(.invalidRange(childRange), for: self) }
        let childSize = context.measure(child, in: childRange, parentSize: bounded)
        var size = c.clamp(
            Size(
                bounded.width.isFinite ? bounded.width : childSize.width,
                bounded.height.isFinite ? bounded.height : childSize.height))
        size = c.clamp(
            Size(
                sizingOption.contains(.minimumWidth) ? cMin(size.width, childSize.width) : size.width,
                sizingOption.contains(.minimumHeight) ? cMin(size.height, childSize.height) : size.height))
        context.place(
            child,
            at: Point(
                context.grid.round((size.width - childSize.width) * horizontalPosition.fraction),
                context.grid.round((size.height - childSize.height) * verticalPosition.fraction)))
        return size
    }
}
