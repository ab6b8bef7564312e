/// The axis a stack lays its children along.
public enum StackDirection: UInt8, Hashable, Sendable, CaseIterable {
    /// Top to bottom (Texture's default).
    case vertical
    /// Left to right, or right to left where the node's content direction is (see <doc:RightToLeft>).
    case horizontal
    /// Goes beyond Texture (which lays it out as `horizontal`): like CSS `row-reverse`, children are placed from
    /// the right end, and `justifyContent: .start` packs them there (<doc:Errata#reverseDirectionsAreReal>).
    case horizontalReverse
    /// Goes beyond Texture (which lays it out as `horizontal`): like CSS `column-reverse`.
    case verticalReverse

    @usableFromInline @inline(__always) var axis: Axis {
        self == .vertical || self == .verticalReverse ? .vertical : .horizontal
    }
    @usableFromInline @inline(__always) var isReversed: Bool { self == .horizontalReverse || self == .verticalReverse }
}

/// Distribution of children along the main axis; it acts only when their total is outside the stack's range.
public enum StackJustifyContent: UInt8, Hashable, Sendable, CaseIterable {
    /// Packed at the start (Texture's default).
    case start
    /// Packed in the middle.
    case center
    /// Packed at the end.
    case end
    /// The free space split between children, none before the first or after the last.
    case spaceBetween
    /// The free space split around children, half a share at each end.
    case spaceAround
}

/// Alignment of children on the cross axis (default `stretch`).
public enum StackAlignItems: UInt8, Hashable, Sendable, BitwiseCopyable, CaseIterable {
    /// At the cross axis's start.
    case start
    /// At the cross axis's end.
    case end
    /// In the middle of the cross axis.
    case center
    /// As wide (or tall) as the stack's cross size, for a child whose own cross size is auto.
    case stretch
    /// Children's first baselines on one line (horizontal stacks of text).
    case baselineFirst
    /// Children's last baselines on one line.
    case baselineLast
}

/// Whether a stack breaks its children into several lines when they do not fit its max.
public enum StackFlexWrap: UInt8, Hashable, Sendable, CaseIterable {
    /// One line, however long (Texture's default).
    case noWrap
    /// A new line whenever the next child would pass the stack's max.
    case wrap
}

/// Distribution of lines on the cross axis of a wrapping stack.
public enum StackAlignContent: UInt8, Hashable, Sendable, CaseIterable {
    /// Lines packed at the cross axis's start (Texture's default).
    case start
    /// Lines packed in the middle.
    case center
    /// Lines packed at the end.
    case end
    /// The free space split between lines.
    case spaceBetween
    /// The free space split around lines, half a share at each end.
    case spaceAround
    /// The free space added to the lines' cross sizes.
    case stretch
}

/// A shortcut that sets `justifyContent` or `alignItems`, whichever lies on the horizontal axis.
public enum HorizontalAlignment: UInt8, Hashable, Sendable, CaseIterable {
    /// Leaves `justifyContent` and `alignItems` as they are.
    case none
    /// At the left.
    case left
    /// In the middle.
    case middle
    /// At the right.
    case right
}

/// A shortcut that sets `justifyContent` or `alignItems`, whichever lies on the vertical axis.
public enum VerticalAlignment: UInt8, Hashable, Sendable, CaseIterable {
    /// Leaves `justifyContent` and `alignItems` as they are.
    case none
    /// At the top.
    case top
    /// In the middle.
    case center
    /// At the bottom.
    case bottom
}

/// Lays its children out in a line, or several with `flexWrap` (Texture's `ASStackLayoutSpec`, a flexbox with
/// Texture's own rules: flexShrink defaults to 0, growth is floored to whole points, one flexing pass; see
/// <doc:Errata#shrinkDefaultsToZero> and <doc:Errata#growthFlooredPerChild>).
///
/// The algorithm runs in two phases, as in Texture: measuring (first measurement, lines, flexing, line cross
/// sizes, stretching) in `StackMeasurement.swift`, then positioning in `StackPositioning.swift`.
open class StackLayoutSpec: LayoutSpec {
    // The two lengths are declared first, so that the seven one-byte options after them share one word: in
    // another order the padding made the object 90 bytes, a 112-byte heap block instead of 96.

    /// Space between adjacent children on the main axis (may be negative).
    @exclusivity(unchecked) public final var spacing: Double { didSet { setNeedsLayout() } }
    /// Space between lines of a wrapping stack.
    @exclusivity(unchecked) public final var lineSpacing: Double { didSet { setNeedsLayout() } }
    /// The main axis. Changing it re-applies the alignment shortcuts, as Texture's setter does.
    @exclusivity(unchecked) public final var direction: StackDirection {
        didSet {
            if direction != oldValue { applyAlignmentShortcuts() }
            setNeedsLayout()
        }
    }
    /// How children are distributed on the main axis when their total is outside the range.
    @exclusivity(unchecked) public final var justifyContent: StackJustifyContent { didSet { setNeedsLayout() } }
    /// Cross-axis alignment of children whose `alignSelf` is auto (default stretch).
    @exclusivity(unchecked) public final var alignItems: StackAlignItems { didSet { setNeedsLayout() } }
    /// Whether children break into several lines.
    @exclusivity(unchecked) public final var flexWrap: StackFlexWrap { didSet { setNeedsLayout() } }
    /// How lines of a wrapping stack are distributed on the cross axis.
    @exclusivity(unchecked) public final var alignContent: StackAlignContent { didSet { setNeedsLayout() } }

    /// Setting it (to a new value) sets `justifyContent` of a horizontal stack or `alignItems` of a vertical one;
    /// `none` leaves them as they are.
    @exclusivity(unchecked) public final var horizontalAlignment: HorizontalAlignment = .none {
        didSet { if horizontalAlignment != oldValue { applyAlignmentShortcuts() } }
    }

    /// Setting it (to a new value) sets `alignItems` of a horizontal stack or `justifyContent` of a vertical one;
    /// `none` leaves them as they are.
    @exclusivity(unchecked) public final var verticalAlignment: VerticalAlignment = .none {
        didSet { if verticalAlignment != oldValue { applyAlignmentShortcuts() } }
    }

    /// A stack with Texture's defaults: horizontal, no spacing, start, stretch, no wrapping.
    public init(
        direction: StackDirection = .horizontal, spacing: Double = 0,
        justifyContent: StackJustifyContent = .start, alignItems: StackAlignItems = .stretch,
        flexWrap: StackFlexWrap = .noWrap, alignContent: StackAlignContent = .start, lineSpacing: Double = 0,
        children: [LayoutElement] = []
    ) {
        self.direction = direction
        self.spacing = spacing
        self.justifyContent = justifyContent
        self.alignItems = alignItems
        self.flexWrap = flexWrap
        self.alignContent = alignContent
        self.lineSpacing = lineSpacing
        super.init(children: children)
        measuresFromRangeAndStyle(asExactly: StackLayoutSpec.self)
    }

    /// A vertical stack with Texture's defaults.
    public static func vertical(children: [LayoutElement] = []) -> StackLayoutSpec {
        StackLayoutSpec(direction: .vertical, children: children)
    }

    /// A horizontal stack with Texture's defaults.
    public static func horizontal(children: [LayoutElement] = []) -> StackLayoutSpec {
        StackLayoutSpec(direction: .horizontal, children: children)
    }

    /// Texture's setters: each shortcut that is not `none` overwrites the property on its axis; values set by an
    /// earlier shortcut stay when the direction changes.
    private func applyAlignmentShortcuts() {
        let horizontal = direction.axis == .horizontal
        if let h = horizontalAlignment.mapped {
            if horizontal { justifyContent = StackJustifyContent(h) } else { alignItems = StackAlignItems(h) }
        }
        if let v = verticalAlignment.mapped {
            if horizontal { alignItems = StackAlignItems(v) } else { justifyContent = StackJustifyContent(v) }
        }
    }

    open override func calculateSize(_ constrainedSize: SizeRange, context: LayoutContext) -> Size {
        guard !children.isEmpty else {
            state.derivedBaseline = nil
            return constrainedSize.min
        }
        let size = layOutChildren(in: constrainedSize, context: context)
        // Texture's vertical stack passes its first child's ascender and last child's descender up, so it can take
        // part in a parent's baseline alignment. Texture writes them into the stack's style, where they outlive the
        // pass; they are kept with the pass's results instead, so that a layout never depends on an earlier one
        // (Errata#baselineKeptWithPass). Set once, after the children: a change of it unmarks the cached entries.
        state.derivedBaseline =
            direction.axis == .vertical
            ? (children[0].layoutAscender, children[children.count - 1].layoutDescender) : nil
        return size
    }
}

/// Where an alignment shortcut puts things, as start, center or end.
enum ShortcutAlignment { case start, center, end }

extension HorizontalAlignment {
    var mapped: ShortcutAlignment? {
        switch self {
        case .none: return nil
        case .left: return .start
        case .middle: return .center
        case .right: return .end
        }
    }
}

extension VerticalAlignment {
    var mapped: ShortcutAlignment? {
        switch self {
        case .none: return nil
        case .top: return .start
        case .center: return .center
        case .bottom: return .end
        }
    }
}

extension StackJustifyContent {
    init(_ alignment: ShortcutAlignment) {
        switch alignment {
        case .start: self = .start
        case .center: self = .center
        case .end: self = .end
        }
    }
}

extension StackAlignItems {
    init(_ alignment: ShortcutAlignment) {
        switch alignment {
        case .start: self = .start
        case .center: self = .center
        case .end: self = .end
        }
    }
}
