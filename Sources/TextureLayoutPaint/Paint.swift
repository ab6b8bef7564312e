import TextureLayout

/// What a display element draws besides its content: Texture's (UIKit's, Core Animation's) display properties of
/// a node, with their defaults. A node with the default paint draws nothing of its own.
public struct Paint: Hashable, Sendable {
    /// `backgroundColor`: filled behind the content; `nil` is transparent.
    public var backgroundColor: RGBA?
    /// Beyond Texture: a `CAGradientLayer` filling the box over the background colour.
    public var backgroundGradient: Gradient?
    /// `cornerRadius`, ≥ 0: rounds the corners in ``maskedCorners`` by at most half the box's smaller side.
    public var cornerRadius: Double
    /// `maskedCorners`: which corners ``cornerRadius`` rounds.
    public var maskedCorners: Corners
    /// `borderWidth`, ≥ 0: a band inside the box's edge, drawn over the content and the subnodes.
    public var borderWidth: Double
    /// `borderColor`.
    public var borderColor: RGBA
    /// `clipsToBounds`: subnodes and content are clipped to the (rounded) box, and the shadow is not drawn.
    public var clipsToBounds: Bool
    /// `alpha`, 0…1: the opacity the node and its subtree are composited with, as one group.
    public var alpha: Double
    /// `isHidden`: neither the node nor its subtree is drawn.
    public var isHidden: Bool
    /// The layer's shadow (drawn when its opacity is above 0).
    public var shadow: Shadow

    /// UIKit's defaults: nothing drawn.
    public init(
        backgroundColor: RGBA? = nil, backgroundGradient: Gradient? = nil, cornerRadius: Double = 0,
        maskedCorners: Corners = .all, borderWidth: Double = 0, borderColor: RGBA = .black,
        clipsToBounds: Bool = false, alpha: Double = 1, isHidden: Bool = false, shadow: Shadow = Shadow()
    ) {
        self.backgroundColor = backgroundColor
        self.backgroundGradient = backgroundGradient
        self.cornerRadius = cornerRadius
        self.maskedCorners = maskedCorners
        self.borderWidth = borderWidth
        self.borderColor = borderColor
        self.clipsToBounds = clipsToBounds
        self.alpha = alpha
        self.isHidden = isHidden
        self.shadow = shadow
    }

    /// Whether the node (and so its subtree) shows at all: not hidden, and not fully transparent.
    public var isVisible: Bool { !isHidden && alpha > 0 }

    /// The node's box within `frame`: its masked corners rounded by ``cornerRadius`` (clamped to half the smaller
    /// side).
    public func box(in frame: Rect) -> RoundedBox {
        RoundedBox(frame, cornerRadius: cornerRadius, corners: maskedCorners)
    }
}

/// The corners of a box (Core Animation's `CACornerMask`).
public struct Corners: OptionSet, Hashable, Sendable {
    /// The corners' bits.
    public let rawValue: UInt8
    /// A mask from its bits: `topLeft` 1, `topRight` 2, `bottomLeft` 4, `bottomRight` 8.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The corner at the box's smallest x and y.
    public static let topLeft = Corners(rawValue: 1)
    /// The corner at the largest x and smallest y.
    public static let topRight = Corners(rawValue: 2)
    /// The corner at the smallest x and largest y.
    public static let bottomLeft = Corners(rawValue: 4)
    /// The corner at the largest x and y.
    public static let bottomRight = Corners(rawValue: 8)
    /// Every corner: `maskedCorners`' default.
    public static let all: Corners = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// A layer's shadow (`shadowColor`, `shadowOpacity`, `shadowOffset`, `shadowRadius`), with Core Animation's
/// defaults: black, transparent, 3 points up, a blur of 3.
public struct Shadow: Hashable, Sendable {
    /// `shadowColor`.
    public var color: RGBA
    /// `shadowOpacity`, 0…1: 0 draws no shadow.
    public var opacity: Double
    /// `shadowOffset`: how far the shadow is moved from the box (y down).
    public var offset: Point
    /// `shadowRadius`, ≥ 0: the standard deviation of the Gaussian blur, in points.
    public var radius: Double

    /// A shadow; the defaults are Core Animation's.
    public init(color: RGBA = .black, opacity: Double = 0, offset: Point = Point(0, -3), radius: Double = 3) {
        self.color = color
        self.opacity = opacity
        self.offset = offset
        self.radius = radius
    }

    /// Whether anything is drawn: some opacity and a colour that is not transparent.
    public var isVisible: Bool { opacity > 0 && color.alpha > 0 }
}

/// A gradient filling a box, as `CAGradientLayer` draws one.
public struct Gradient: Hashable, Sendable {
    /// How colours spread from the start point.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Along the line from the start point to the end point: lines of equal colour are perpendicular to it.
        case axial
        /// Outwards from the start point in an ellipse whose radii are the distance to the end point, scaled by
        /// the box's width and height.
        case radial
    }

    /// One colour of the gradient and where it is, from 0 (the start point) to 1 (the end point).
    public struct Stop: Hashable, Sendable {
        /// The colour.
        public var color: RGBA
        /// Where the colour is, 0…1.
        public var location: Double

        /// A stop of `color` at `location`.
        public init(_ color: RGBA, at location: Double) {
            self.color = color
            self.location = location
        }
    }

    /// The stops, at least two, their locations in 0…1 and never decreasing (equal neighbours make a hard stop).
    public var stops: [Stop]
    /// The start point in the unit square of the box (`[0.5, 0]`: the middle of the top edge).
    public var startPoint: Point
    /// The end point in the unit square of the box.
    public var endPoint: Point
    /// Axial or radial.
    public var kind: Kind

    /// A gradient through `stops`; the defaults are `CAGradientLayer`'s (top to bottom, axial).
    public init(
        stops: [Stop], startPoint: Point = Point(0.5, 0), endPoint: Point = Point(0.5, 1),
        kind: Kind = .axial
    ) {
        self.stops = stops
        self.startPoint = startPoint
        self.endPoint = endPoint
        self.kind = kind
    }

    /// `colors` spread evenly from 0 to 1, as `CAGradientLayer` spreads colours without `locations`.
    public static func evenLocations(count: Int) -> [Double] {
        count < 2 ? [0] : (0..<count).map { Double($0) / Double(count - 1) }
    }
}
