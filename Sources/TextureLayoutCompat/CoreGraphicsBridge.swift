// Where CGFloat, CGSize, CGPoint, CGRect and UIEdgeInsets come from.
//
// * Apple platforms: CoreGraphics' types (and UIKit's UIEdgeInsets where UIKit exists), re-exported with Foundation.
// * Linux and other platforms with Foundation: swift-corelibs-foundation's CGFloat, CGSize, CGPoint and CGRect, with
//   the rest of Foundation re-exported, as `import AsyncDisplayKit` gives Texture users Foundation
//   (NSAttributedString, URL, ...). Foundation's `Dimension` (a unit of measure) then shares its name with the
//   engine's: Texture code writes `ASDimension`, which is the engine's.
// * Without Foundation (or when built with `-D TEXTURE_COMPAT_NO_FOUNDATION`): the names are aliases of the
//   engine's own Double-based types.
//
// UIEdgeInsets is an alias of the engine's `EdgeInsets` wherever UIKit is missing: they have the same fields and
// the same initializer, so `ASInsetLayoutSpec(insets:child:)` needs no conversion.
//
// The compat module converts at its boundary with `Size(_:)`, `CGSize(_:)` and friends, defined below.

#if canImport(CoreGraphics)
@_exported import CoreGraphics
@_exported import Foundation
#elseif canImport(Foundation) && !TEXTURE_COMPAT_NO_FOUNDATION
@_exported import Foundation
#else
/// Without Foundation, CoreGraphics' scalar is the engine's `Double`.
public typealias CGFloat = Double
/// Without Foundation, CoreGraphics' size is the engine's ``Size``.
public typealias CGSize = Size
/// Without Foundation, CoreGraphics' point is the engine's ``Point``.
public typealias CGPoint = Point
/// Without Foundation, CoreGraphics' rectangle is the engine's ``Rect``.
public typealias CGRect = Rect

extension Rect {
    /// CoreGraphics' null rectangle: an infinite origin and a zero size.
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)
    /// Whether it is the null rectangle (an infinite origin).
    public var isNull: Bool { origin.x.isInfinite || origin.y.isInfinite }
}

// The conversions are the identity here; they exist so that code written against the other platforms compiles.
extension Size {
    /// `Size(cgSize)`: the same value, as on platforms where CGSize is a separate type.
    @inlinable public init(_ size: Size) { self = size }
}

extension Point {
    /// `Point(cgPoint)`: the same value, as on platforms where CGPoint is a separate type.
    @inlinable public init(_ point: Point) { self = point }
}

extension Rect {
    /// `Rect(cgRect)`: the same value, as on platforms where CGRect is a separate type.
    @inlinable public init(_ rect: Rect) { self = rect }
}
#endif

#if canImport(CoreGraphics) || (canImport(Foundation) && !TEXTURE_COMPAT_NO_FOUNDATION)
/// Conversion from CoreGraphics, so Texture code that measures in `CGSize` can hand its sizes to the engine.
extension Size {
    /// The engine's size for a CoreGraphics size.
    @inlinable public init(_ size: CGSize) {
        self.init(width: Double(size.width), height: Double(size.height))
    }
}

/// Conversion from the engine, so a layout's sizes can go back to Texture code that works in `CGSize`.
extension CGSize {
    /// The CoreGraphics size for an engine size.
    @inlinable public init(_ size: Size) {
        self.init(width: CGFloat(size.width), height: CGFloat(size.height))
    }
}

/// Conversion from CoreGraphics, so Texture code's `CGPoint`s (positions, offsets) reach the engine.
extension Point {
    /// The engine's point for a CoreGraphics point.
    @inlinable public init(_ point: CGPoint) {
        self.init(x: Double(point.x), y: Double(point.y))
    }
}

/// Conversion from the engine, so a layout's positions can go back to Texture code that works in `CGPoint`.
extension CGPoint {
    /// The CoreGraphics point for an engine point.
    @inlinable public init(_ point: Point) {
        self.init(x: CGFloat(point.x), y: CGFloat(point.y))
    }
}

/// Conversion from CoreGraphics, so Texture code's `CGRect`s reach the engine.
extension Rect {
    /// The engine's rectangle for a CoreGraphics rectangle.
    @inlinable public init(_ rect: CGRect) {
        self.init(origin: Point(rect.origin), size: Size(rect.size))
    }
}

/// Conversion from the engine, so a layout's frames can go back to Texture code that works in `CGRect`.
extension CGRect {
    /// The CoreGraphics rectangle for an engine rectangle.
    @inlinable public init(_ rect: Rect) {
        self.init(origin: CGPoint(rect.origin), size: CGSize(rect.size))
    }
}
#endif

#if canImport(UIKit)
@_exported import UIKit
#else
/// Texture takes insets as UIKit's `UIEdgeInsets`; without UIKit it is the engine's `EdgeInsets`, which has the
/// same fields (`top`, `left`, `bottom`, `right`) and the same memberwise initializer.
public typealias UIEdgeInsets = EdgeInsets
#endif
