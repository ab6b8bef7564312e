/// The screen's pixel grid. Texture snaps sizes and node positions to it, so every result depends on the scale.
public struct PixelGrid: Hashable, Sendable {
    /// Pixels per point (Texture's `ASScreenScale()`); 2 is the scale of Texture's reference images.
    public let scale: Double

    /// `FLT_EPSILON` used as a double, as in Texture's rounding helpers.
    @usableFromInline static let epsilon = 1.1920928955078125e-7

    /// A scale that is not a positive finite number falls back to 1 so that no rounding produces NaN.
    @inlinable public init(scale: Double = 2) {
        self.scale = (scale.isFinite && scale > 0) ? scale : 1
    }

    /// `ASCeilPixelValue`: sizes and flattened node positions. Texture's `ceilPx(0)` is -0; adding 0 makes it 0
    /// (<doc:Errata#negativeZeroNormalised>).
    @inlinable public func ceil(_ value: Double) -> Double {
        ((value - Self.epsilon) * scale).rounded(.up) / scale + 0
    }

    /// `ASFloorPixelValue`: ratio candidates and the stack's centred cross offset.
    @inlinable public func floor(_ value: Double) -> Double {
        ((value + Self.epsilon) * scale).rounded(.down) / scale
    }

    /// `ASRoundPixelValue` (halves away from zero): inset centring and relative/center positions.
    @inlinable public func round(_ value: Double) -> Double {
        (value * scale).rounded(.toNearestOrAwayFromZero) / scale
    }

    @inlinable func ceil(_ size: Size) -> Size { Size(width: ceil(size.width), height: ceil(size.height)) }
    @inlinable func ceil(_ point: Point) -> Point { Point(x: ceil(point.x), y: ceil(point.y)) }
}
