import TextureLayout

/// How an image fills its node's bounds: UIKit's `UIViewContentMode`, which `ASImageNode` follows (its default is
/// ``scaleAspectFill``).
public enum ContentMode: Sendable, Hashable, CaseIterable {
    /// Stretched to the bounds, its aspect ratio not kept.
    case scaleToFill
    /// Scaled to fit inside the bounds keeping its aspect ratio, centred (bands of the bounds stay empty).
    case scaleAspectFit
    /// Scaled to cover the bounds keeping its aspect ratio, centred (what spills over is clipped).
    case scaleAspectFill
    /// Its own size, centred.
    case center
    /// Its own size, centred horizontally at the top edge.
    case top
    /// Its own size, centred horizontally at the bottom edge.
    case bottom
    /// Its own size, centred vertically at the left edge.
    case left
    /// Its own size, centred vertically at the right edge.
    case right
    /// Its own size, at the top left corner.
    case topLeft
    /// Its own size, at the top right corner.
    case topRight
    /// Its own size, at the bottom left corner.
    case bottomLeft
    /// Its own size, at the bottom right corner.
    case bottomRight

    /// Where an image of `imageSize` points goes for `bounds`: a rectangle that may spill over the bounds (the
    /// drawing is clipped to them). An image or bounds without area give an empty rectangle at the bounds' origin.
    public func imageRect(imageSize: Size, in bounds: Rect) -> Rect {
        let w = imageSize.width, h = imageSize.height
        guard w > 0, h > 0, bounds.width > 0, bounds.height > 0 else {
            return Rect(x: bounds.minX, y: bounds.minY, width: 0, height: 0)
        }
        let size: Size
        switch self {
        case .scaleToFill: return bounds
        case .scaleAspectFit, .scaleAspectFill:
            let sx = bounds.width / w, sy = bounds.height / h
            let s = self == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
            size = Size(w * s, h * s)
        default: size = imageSize
        }
        // Where the image sits on each axis: 0 at the start edge, 0.5 centred, 1 at the end edge.
        let (ax, ay): (Double, Double) =
            switch self {
            case .scaleToFill, .scaleAspectFit, .scaleAspectFill, .center: (0.5, 0.5)
            case .top: (0.5, 0)
            case .bottom: (0.5, 1)
            case .left: (0, 0.5)
            case .right: (1, 0.5)
            case .topLeft: (0, 0)
            case .topRight: (1, 0)
            case .bottomLeft: (0, 1)
            case .bottomRight: (1, 1)
            }
        return Rect(
            x: bounds.minX + (bounds.width - size.width) * ax, y: bounds.minY + (bounds.height - size.height) * ay,
            width: size.width, height: size.height)
    }
}
