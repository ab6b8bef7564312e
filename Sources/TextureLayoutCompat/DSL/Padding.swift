/// A side of a rectangle, for ``LayoutContent/padding(_:_:)``.
public enum Edge: Int8, CaseIterable, Sendable {
    /// The top side.
    case top
    /// The left side.
    case left
    /// The bottom side.
    case bottom
    /// The right side.
    case right

    /// Some sides of a rectangle: `.top`, `[.left, .right]`, `.horizontal`, `.all`, ...
    public struct Set: OptionSet, Sendable, Hashable {
        /// The sides as bits, `1 << Edge.rawValue`.
        public let rawValue: Int8

        /// The sides `rawValue`'s bits name.
        public init(rawValue: Int8) { self.rawValue = rawValue }

        /// The set of one side.
        public init(_ edge: Edge) { rawValue = 1 << edge.rawValue }

        /// The top side.
        public static let top = Set(.top)
        /// The left side.
        public static let left = Set(.left)
        /// The bottom side.
        public static let bottom = Set(.bottom)
        /// The right side.
        public static let right = Set(.right)
        /// The left and right sides.
        public static let horizontal: Set = [.left, .right]
        /// The top and bottom sides.
        public static let vertical: Set = [.top, .bottom]
        /// All four sides.
        public static let all: Set = [.top, .left, .bottom, .right]
    }
}

/// Insets around any content.
extension LayoutContent {
    /// The content inside `value` points of inset on every side.
    public func padding(_ value: CGFloat) -> InsetLayout {
        padding(UIEdgeInsets(top: value, left: value, bottom: value, right: value))
    }

    /// The content inside `insets`.
    public func padding(_ insets: UIEdgeInsets) -> InsetLayout {
        InsetLayout(insets: insets, child: layoutContentElement)
    }

    /// The content inside `value` points of inset on `edges` and none on the other sides:
    /// `.padding(.top, 24)`, `.padding(.horizontal, 16)`.
    public func padding(_ edges: Edge.Set, _ value: CGFloat) -> InsetLayout {
        func on(_ edge: Edge.Set) -> CGFloat { edges.contains(edge) ? value : 0 }
        return padding(UIEdgeInsets(top: on(.top), left: on(.left), bottom: on(.bottom), right: on(.right)))
    }
}
