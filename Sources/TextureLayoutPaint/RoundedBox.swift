import TextureLayout

/// A rectangle with each corner rounded by its own radius (circular arcs): a node's box, its border's inner edge,
/// a clip.
public struct RoundedBox: Hashable, Sendable {
    /// The rectangle.
    public var rect: Rect
    /// The radius at each corner, each at most half the rectangle's smaller side.
    public var topLeft: Double, topRight: Double, bottomLeft: Double, bottomRight: Double

    /// `rect` with every corner square.
    public init(_ rect: Rect) {
        self.rect = rect
        (topLeft, topRight, bottomLeft, bottomRight) = (0, 0, 0, 0)
    }

    /// `rect` with the corners in `corners` rounded by `min(cornerRadius, width / 2, height / 2)` (Core
    /// Animation's clamp), the others square.
    public init(_ rect: Rect, cornerRadius: Double, corners: Corners = .all) {
        self.init(rect)
        let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
        guard r > 0 else { return }
        if corners.contains(.topLeft) { topLeft = r }
        if corners.contains(.topRight) { topRight = r }
        if corners.contains(.bottomLeft) { bottomLeft = r }
        if corners.contains(.bottomRight) { bottomRight = r }
    }

    /// Whether every corner is square.
    public var isRectangle: Bool { topLeft == 0 && topRight == 0 && bottomLeft == 0 && bottomRight == 0 }

    /// The box moved by `offset`.
    public func offsetBy(_ offset: Point) -> RoundedBox {
        var moved = self
        moved.rect.origin = Point(rect.minX + offset.x, rect.minY + offset.y)
        return moved
    }

    /// The inner edge of a border `width` wide: the rectangle inset by `width` (at most half its smaller side),
    /// each radius reduced by it (not below 0).
    public func inset(by width: Double) -> RoundedBox {
        let inset = max(0, min(width, rect.width / 2, rect.height / 2))
        var inner = self
        inner.rect = Rect(
            x: rect.minX + inset, y: rect.minY + inset, width: rect.width - 2 * inset,
            height: rect.height - 2 * inset)
        inner.topLeft = max(0, topLeft - width)
        inner.topRight = max(0, topRight - width)
        inner.bottomLeft = max(0, bottomLeft - width)
        inner.bottomRight = max(0, bottomRight - width)
        return inner
    }

    /// Whether `point` lies inside the box (its rounded corners included): what pixel tests check a picture by.
    public func contains(_ point: Point) -> Bool {
        let x = point.x, y = point.y
        guard x >= rect.minX, x <= rect.maxX, y >= rect.minY, y <= rect.maxY else { return false }
        func outside(_ r: Double, _ cx: Double, _ cy: Double, _ inCorner: Bool) -> Bool {
            guard r > 0, inCorner else { return false }
            let dx = x - cx, dy = y - cy
            return dx * dx + dy * dy > r * r
        }
        return
            !(outside(
                topLeft, rect.minX + topLeft, rect.minY + topLeft,
                x < rect.minX + topLeft && y < rect.minY + topLeft)
            || outside(
                topRight, rect.maxX - topRight, rect.minY + topRight,
                x > rect.maxX - topRight && y < rect.minY + topRight)
            || outside(
                bottomLeft, rect.minX + bottomLeft, rect.maxY - bottomLeft,
                x < rect.minX + bottomLeft && y > rect.maxY - bottomLeft)
            || outside(
                bottomRight, rect.maxX - bottomRight, rect.maxY - bottomRight,
                x > rect.maxX - bottomRight && y > rect.maxY - bottomRight))
    }
}

/// A gradient placed on the canvas: its geometry in the canvas's points, ready for a back end.
public struct PlacedGradient: Hashable, Sendable {
    /// Axial or radial.
    public var kind: Gradient.Kind
    /// The stops, locations never decreasing.
    public var stops: [Gradient.Stop]
    /// Axial: where location 0 is. Radial: the centre.
    public var start: Point
    /// Axial: where location 1 is. Radial: unused (the radii say where 1 is).
    public var end: Point
    /// Radial: the ellipse's horizontal and vertical radii (location 1).
    public var radiusX: Double, radiusY: Double

    /// `gradient` placed in `box`: a unit-square point `[x, y]` is `(x · width, y · height)` from the box's
    /// origin; a radial gradient's radii are the unit-square distance from start to end scaled by the width and
    /// the height. `nil` when the start and end coincide (the gradient is then drawn in its last colour).
    public init?(_ gradient: Gradient, in box: Rect) {
        let dx = gradient.endPoint.x - gradient.startPoint.x, dy = gradient.endPoint.y - gradient.startPoint.y
        func place(_ p: Point) -> Point { Point(box.minX + p.x * box.width, box.minY + p.y * box.height) }
        kind = gradient.kind
        stops = gradient.stops
        start = place(gradient.startPoint)
        end = place(gradient.endPoint)
        let distance = (dx * dx + dy * dy).squareRoot()
        radiusX = distance * box.width
        radiusY = distance * box.height
        switch kind {
        case .axial: if start == end { return nil }
        case .radial: if !(radiusX > 0 && radiusY > 0) { return nil }
        }
    }

    /// The stops to give a back end that interpolates unpremultiplied colours (Cairo, SVG) so that it draws what
    /// premultiplied interpolation (CSS's, Core Animation's) draws: between two stops of different alpha, 15 stops
    /// are added whose colours are the premultiplied mix. Between stops of equal alpha the two agree.
    public var stopsForUnpremultipliedInterpolation: [Gradient.Stop] {
        var result: [Gradient.Stop] = []
        result.reserveCapacity(stops.count)
        for (index, stop) in stops.enumerated() {
            if index > 0 {
                let previous = stops[index - 1]
                if previous.color.alpha != stop.color.alpha && stop.location > previous.location {
                    let steps = 16
                    for step in 1..<steps {
                        let t = Double(step) / Double(steps)
                        let location = previous.location + (stop.location - previous.location) * t
                        result.append(
                            Gradient.Stop(
                                Self.premultipliedMix(previous.color, stop.color, t),
                                at: location))
                    }
                }
            }
            result.append(stop)
        }
        return result
    }

    /// `a` and `b` mixed by `t` with premultiplied channels, then unpremultiplied.
    static func premultipliedMix(_ a: RGBA, _ b: RGBA, _ t: Double) -> RGBA {
        let aa = a.opacity * (1 - t), ba = b.opacity * t
        let alpha = aa + ba
        guard alpha > 0 else { return RGBA(0, 0, 0, 0) }
        func channel(_ x: UInt8, _ y: UInt8) -> Double { (Double(x) * aa + Double(y) * ba) / alpha / 255 }
        return RGBA(
            red: channel(a.red, b.red), green: channel(a.green, b.green), blue: channel(a.blue, b.blue),
            alpha: alpha)
    }
}
