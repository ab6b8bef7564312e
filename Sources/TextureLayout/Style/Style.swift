/// How a stack child lines up on the cross axis, overriding the stack's `alignItems` unless `.auto`.
public enum AlignSelf: UInt8, Hashable, Sendable, BitwiseCopyable, CaseIterable {
    /// Follows the stack's `alignItems` (the default).
    case auto
    /// At the cross axis's start.
    case start
    /// At the cross axis's end.
    case end
    /// In the middle of the cross axis.
    case center
    /// As wide (or tall) as the stack's cross size.
    case stretch
}

/// The layout properties of an element (Texture's `ASLayoutElementStyle`), with Texture's defaults.
///
/// Only six sizing dimensions are stored; `preferredSize`, `minSize`, `maxSize` and the `…LayoutSize` properties
/// read and write them, so the last write wins. Texture's precedence applies when they are resolved: the min
/// overrides the max, which overrides `width`/`height`.
///
/// Elements hold their styles through shared blocks (``SharedStyle``), and a style is stored densely (128 bytes):
/// the seven dimensions keep their values and their units apart, the units in one word with `alignSelf`, instead
/// of padding each dimension's one-byte unit to eight bytes. The default style is all zero bits.
public struct Style: Hashable, Sendable, BitwiseCopyable {
    // Stored in the order a parent stack reads them (the units' word, then its per-child values), so that a
    // stack's pass over its children reads the start of each style only.

    /// Bytes 0–6: the units of width, height, minWidth, maxWidth, minHeight, maxHeight and flexBasis
    /// (``Dimension/Unit``'s raw values, 0 for auto); byte 7: `alignSelf`'s raw value.
    private var units: UInt64 = 0

    // Read by a parent stack.
    /// 0 by default: a child does not grow unless asked.
    public var flexGrow: Double = 0
    /// 0 by default (CSS says 1): a child does not shrink unless asked.
    public var flexShrink: Double = 0
    /// Extra space before this child along a parent stack's main axis (may be negative).
    public var spacingBefore: Double = 0
    /// Extra space after this child along a parent stack's main axis (may be negative).
    public var spacingAfter: Double = 0
    private var flexBasisValue = 0.0

    // The values of the six sizing dimensions.
    private var widthValue = 0.0
    private var heightValue = 0.0
    private var minWidthValue = 0.0
    private var maxWidthValue = 0.0
    private var minHeightValue = 0.0
    private var maxHeightValue = 0.0

    /// Distance from the top to the baseline, for baseline alignment. A vertical stack sets its own from its
    /// first child each time it is laid out.
    public var ascender: Double = 0
    /// Distance from the baseline to the bottom (usually ≤ 0); a vertical stack sets its own from its last child.
    public var descender: Double = 0

    // Read by a parent absolute spec.
    /// Where a parent absolute spec places this child.
    public var layoutPosition: Point = .zero

    @inline(__always) private func unit(_ index: UInt64) -> Dimension.Unit {
        Dimension.Unit(rawValue: UInt8(truncatingIfNeeded: units >> (index * 8))) ?? .auto
    }

    @inline(__always) private mutating func setUnit(_ unit: Dimension.Unit, _ index: UInt64) {
        units = units & ~(0xFF << (index * 8)) | UInt64(unit.rawValue) << (index * 8)
    }

    // General sizing (every element).
    /// The exact width; `minWidth` and `maxWidth` override it.
    public var width: Dimension {
        @inline(__always) get { Dimension(stored: unit(0), value: widthValue) }
        set { setUnit(newValue.unit, 0); widthValue = newValue.value }
    }
    /// The exact height; `minHeight` and `maxHeight` override it.
    public var height: Dimension {
        @inline(__always) get { Dimension(stored: unit(1), value: heightValue) }
        set { setUnit(newValue.unit, 1); heightValue = newValue.value }
    }
    /// The smallest width; it overrides `maxWidth` and `width`.
    public var minWidth: Dimension {
        @inline(__always) get { Dimension(stored: unit(2), value: minWidthValue) }
        set { setUnit(newValue.unit, 2); minWidthValue = newValue.value }
    }
    /// The largest width; it overrides `width`.
    public var maxWidth: Dimension {
        @inline(__always) get { Dimension(stored: unit(3), value: maxWidthValue) }
        set { setUnit(newValue.unit, 3); maxWidthValue = newValue.value }
    }
    /// The smallest height; it overrides `maxHeight` and `height`.
    public var minHeight: Dimension {
        @inline(__always) get { Dimension(stored: unit(4), value: minHeightValue) }
        set { setUnit(newValue.unit, 4); minHeightValue = newValue.value }
    }
    /// The largest height; it overrides `height`.
    public var maxHeight: Dimension {
        @inline(__always) get { Dimension(stored: unit(5), value: maxHeightValue) }
        set { setUnit(newValue.unit, 5); maxHeightValue = newValue.value }
    }
    /// The main-axis length a parent stack first measures this child at; auto measures it unconstrained.
    public var flexBasis: Dimension {
        @inline(__always) get { Dimension(stored: unit(6), value: flexBasisValue) }
        set { setUnit(newValue.unit, 6); flexBasisValue = newValue.value }
    }
    /// This child's cross-axis alignment in a parent stack, overriding the stack's `alignItems`.
    public var alignSelf: AlignSelf {
        @inline(__always) get { AlignSelf(rawValue: UInt8(truncatingIfNeeded: units >> 56)) ?? .auto }
        set { units = units & 0x00FF_FFFF_FFFF_FFFF | UInt64(newValue.rawValue) << 56 }
    }

    /// Whether none of the six sizing dimensions is set, so that the style allows any size: one test of the
    /// units' word.
    @inline(__always) var hasAutoSize: Bool { units & 0x0000_FFFF_FFFF_FFFF == 0 }

    /// Every stored field's bits, the units' word first: styles with equal bits give the same result in every
    /// computation, which `==` does not promise (it takes 0 and −0 as equal, and a NaN as unequal to itself), so
    /// ``StylePool`` shares a block only between those. The default style's bits are all zero.
    var bits: SIMD16<UInt64> {
        SIMD16(
            units, flexGrow.bitPattern, flexShrink.bitPattern, spacingBefore.bitPattern, spacingAfter.bitPattern,
            flexBasisValue.bitPattern, widthValue.bitPattern, heightValue.bitPattern, minWidthValue.bitPattern,
            maxWidthValue.bitPattern, minHeightValue.bitPattern, maxHeightValue.bitPattern, ascender.bitPattern,
            descender.bitPattern, layoutPosition.x.bitPattern, layoutPosition.y.bitPattern)
    }

    /// A style with Texture's defaults: every dimension auto, no flexing, no spacing.
    public init() {}

    /// The exact size in points. Reading it gives 0 for an auto axis and `.zero` when either axis is a fraction
    /// (Texture asserts there).
    public var preferredSize: Size {
        get {
            guard width.unit != .fraction, height.unit != .fraction else { return .zero }
            return Size(width: width.value, height: height.value)
        }
        set {
            width = .points(newValue.width)
            height = .points(newValue.height)
        }
    }

    /// The minimum size in points (Texture offers only a setter; reading gives the stored values).
    public var minSize: Size {
        get { Size(width: minWidth.value, height: minHeight.value) }
        set {
            minWidth = .points(newValue.width)
            minHeight = .points(newValue.height)
        }
    }

    /// The maximum size in points (Texture offers only a setter; reading gives the stored values).
    public var maxSize: Size {
        get { Size(width: maxWidth.value, height: maxHeight.value) }
        set {
            maxWidth = .points(newValue.width)
            maxHeight = .points(newValue.height)
        }
    }

    /// `width` and `height` together.
    public var preferredLayoutSize: LayoutSize {
        get { LayoutSize(width: width, height: height) }
        set {
            width = newValue.width
            height = newValue.height
        }
    }

    /// `minWidth` and `minHeight` together.
    public var minLayoutSize: LayoutSize {
        get { LayoutSize(width: minWidth, height: minHeight) }
        set {
            minWidth = newValue.width
            minHeight = newValue.height
        }
    }

    /// `maxWidth` and `maxHeight` together.
    public var maxLayoutSize: LayoutSize {
        get { LayoutSize(width: maxWidth, height: maxHeight) }
        set {
            maxWidth = newValue.width
            maxHeight = newValue.height
        }
    }
}

extension Style {
    /// `ASLayoutElementSizeResolve`: the range the style allows, resolved against `parent` (NaN axes are undefined).
    public func resolvedRange(parent: Size) -> SizeRange {
        var undefined = false
        return resolvedRange(parent: parent, auto: .unconstrained, undefined: &undefined)
    }

    /// `ASLayoutElementSizeResolveAutoSize`: auto min/max take `autoRange`'s values. `undefined` becomes true when a
    /// min or max resolves to NaN (a fraction of an undefined parent), which Texture asserts on; the range then
    /// treats that bound as absent.
    func resolvedRange(parent: Size, auto autoRange: SizeRange, undefined: inout Bool) -> SizeRange {
        Self.resolvedRange(
            width: width, height: height, minWidth: minWidth, maxWidth: maxWidth,
            minHeight: minHeight, maxHeight: maxHeight, parent: parent, auto: autoRange,
            undefined: &undefined)
    }

    /// The resolution on the six stored dimensions, so that the layout pass can call it with fields read in
    /// place instead of a copy of the whole style.
    @inline(__always) static func resolvedRange(
        width: Dimension, height: Dimension, minWidth: Dimension, maxWidth: Dimension, minHeight: Dimension,
        maxHeight: Dimension, parent: Size, auto autoRange: SizeRange, undefined: inout Bool
    ) -> SizeRange {
        let (minW, maxW) = constrain(
            min: minWidth.resolve(parent: parent.width, auto: autoRange.min.width),
            exact: width.resolve(parent: parent.width, auto: .nan),
            max: maxWidth.resolve(parent: parent.width, auto: autoRange.max.width),
            autoMin: autoRange.min.width, autoMax: autoRange.max.width, undefined: &undefined)
        let (minH, maxH) = constrain(
            min: minHeight.resolve(parent: parent.height, auto: autoRange.min.height),
            exact: height.resolve(parent: parent.height, auto: .nan),
            max: maxHeight.resolve(parent: parent.height, auto: autoRange.max.height),
            autoMin: autoRange.min.height, autoMax: autoRange.max.height, undefined: &undefined)
        return SizeRange(min: Size(width: minW, height: minH), max: Size(width: maxW, height: maxH))
    }

    /// `ASLayoutElementSizeConstrain`: min overrides max overrides exact.
    static func constrain(
        min: Double, exact: Double, max: Double, autoMin: Double, autoMax: Double, undefined: inout Bool
    ) -> (Double, Double) {
        var min = min, max = max
        if min.isNaN { undefined = true; min = autoMin }
        if max.isNaN { undefined = true; max = autoMax }
        if max <= min { return (min, min) }
        if exact.isNaN { return (min, max) }
        if exact > max { return (max, max) }
        if exact < min { return (min, min) }
        return (exact, exact)
    }
}
