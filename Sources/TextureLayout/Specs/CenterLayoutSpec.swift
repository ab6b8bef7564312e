/// The axes a center spec centres its child on.
public struct CenteringOptions: OptionSet, Hashable, Sendable {
    /// The axes as bits (x is 1, y is 2), which `OptionSet` needs.
    public let rawValue: UInt8
    /// The options whose bits are `rawValue`, which `OptionSet` needs.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Centre horizontally.
    public static let x = CenteringOptions(rawValue: 1)
    /// Centre vertically.
    public static let y = CenteringOptions(rawValue: 2)
    /// Centre on both axes.
    public static let xy: CenteringOptions = [.x, .y]
}

/// The axes on which a center spec shrinks to its child instead of taking its range's max.
public struct CenterSizingOptions: OptionSet, Hashable, Sendable {
    /// The axes as bits (x is 1, y is 2), which `OptionSet` needs.
    public let rawValue: UInt8
    /// The options whose bits are `rawValue`, which `OptionSet` needs.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shrink to the child's width.
    public static let minimumX = CenterSizingOptions(rawValue: 1)
    /// Shrink to the child's height.
    public static let minimumY = CenterSizingOptions(rawValue: 2)
    /// Shrink to the child on both axes.
    public static let minimumXY: CenterSizingOptions = [.minimumX, .minimumY]
}

/// Centres its child (Texture's `ASCenterLayoutSpec`): a relative spec whose positions are `center` on the chosen
/// axes and `none` on the others. With no centering options it does not centre at all.
open class CenterLayoutSpec: RelativeLayoutSpec {
    /// The axes the child is centred on.
    @exclusivity(unchecked) public final var centeringOptions: CenteringOptions {
        didSet { applyOptions() }
    }

    /// The axes on which the spec shrinks to its child.
    @exclusivity(unchecked) public final var sizingOptions: CenterSizingOptions {
        didSet { applyOptions() }
    }

    /// A center spec; the defaults neither centre nor shrink, as Texture's do.
    public init(
        centeringOptions: CenteringOptions = [], sizingOptions: CenterSizingOptions = [],
        child: LayoutElement
    ) {
        self.centeringOptions = centeringOptions
        self.sizingOptions = sizingOptions
        super.init(child: child)
        measuresFromRangeAndStyle(asExactly: CenterLayoutSpec.self)
        applyOptions()
    }

    private func applyOptions() {
        horizontalPosition = centeringOptions.contains(.x) ? .center : .none
        verticalPosition = centeringOptions.contains(.y) ? .center : .none
        sizingOption = RelativeSizingOption(rawValue: sizingOptions.rawValue)
    }
}
