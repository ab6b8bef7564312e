/// A length that is automatic, a number of points, or a fraction of the parent's length (Texture's `ASDimension`).
public struct Dimension: Hashable, Sendable, BitwiseCopyable {
    /// What ``value`` measures.
    public enum Unit: UInt8, Hashable, Sendable, BitwiseCopyable {
        /// No length of its own: the element's range or intrinsic size decides.
        case auto = 0
        /// A fixed length in points.
        case points = 1
        /// A fraction (0…1) of the parent size; `"50%"` is the fraction 0.5.
        case fraction = 2
    }

    /// Auto, points or a fraction of the parent.
    public var unit: Unit
    /// Points, or a fraction (0.5 is 50%); 0 for auto.
    public var value: Double

    /// Builds a dimension without validation, as Texture's setters do; see ``isValid`` for Texture's assertions.
    @inlinable public init(unit: Unit, value: Double) {
        self.unit = unit
        self.value = unit == .auto ? 0 : value
    }

    /// A dimension exactly as stored, without ``init(unit:value:)``'s zeroing of an auto value: ``Style`` keeps
    /// units and values apart and gives back what was set (a value changed through `value` after the
    /// dimension was made included).
    @inline(__always) init(stored unit: Unit, value: Double) {
        self.unit = unit
        self.value = value
    }

    /// No length of its own.
    public static let auto = Dimension(unit: .auto, value: 0)

    /// A length in points.
    @inlinable public static func points(_ value: Double) -> Dimension { Dimension(unit: .points, value: value) }
    /// A fraction (0…1) of the parent's length; `.fraction(0.5)` is `"50%"`.
    @inlinable public static func fraction(_ value: Double) -> Dimension { Dimension(unit: .fraction, value: value) }

    /// Whether Texture's `ASDimensionMake` would accept it: points in `0...Double.greatestFiniteMagnitude`,
    /// fractions in `0...1`. The engine never traps on an invalid one; see the DocC article "Bad input".
    @inlinable public var isValid: Bool {
        switch unit {
        case .auto: return true
        case .points: return value >= 0 && value <= .greatestFiniteMagnitude
        case .fraction: return value >= 0 && value <= 1
        }
    }

    /// `ASDimensionResolve`: points ignore the parent, fractions scale it (NaN for an undefined parent), auto
    /// yields `autoSize`.
    @inlinable public func resolve(parent: Double, auto autoSize: Double) -> Double {
        switch unit {
        case .auto: return autoSize
        case .points: return value
        case .fraction: return value * parent
        }
    }
}

extension Dimension {
    /// Parses Texture's dimension strings the way `ASDimensionMake(NSString *)` does: `""` and `"auto"` are auto,
    /// `"<n>pt"` points, `"<n>%"` a fraction; any other string is silently auto.
    public init(parsing text: String) {
        if text.isEmpty {
            self = .auto
        } else if text.hasSuffix("pt") {
            self = .points(leadingNumber(of: text))
        } else if text == "auto" {
            self = .auto
        } else if text.hasSuffix("%") {
            self = .fraction(leadingNumber(of: text) / 100)
        } else {
            self = .auto
        }
    }

    /// Strictly parses `"auto"`, `"<number>pt"` or `"<number>%"`; `nil` for anything else.
    public init?(strictlyParsing text: String) {
        if text == "auto" {
            self = .auto
        } else if text.hasSuffix("pt"), let value = Double(text.dropLast(2)), value.isFinite {
            self = .points(value)
        } else if text.hasSuffix("%"), let value = Double(text.dropLast()), value.isFinite {
            self = .fraction(value / 100)
        } else {
            return nil
        }
    }
}

extension Dimension: CustomStringConvertible {
    /// Texture's description: `"70pt"`, `"50%"`, `"Auto"` (rounded to whole numbers, as `%.0f` does).
    public var description: String {
        switch unit {
        case .auto: return "Auto"
        case .points: return "\(formatWhole(value))pt"
        case .fraction: return "\(formatWhole(value * 100))%"
        }
    }
}

extension Dimension: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// A bare number is points, as `ASDimensionMake(CGFloat)` is.
    public init(floatLiteral value: Double) { self = .points(value) }
    /// A bare integer is points.
    public init(integerLiteral value: Int) { self = .points(Double(value)) }
}

/// `NSString.doubleValue`: skips leading spaces, reads the longest numeric prefix, 0 when there is none.
func leadingNumber(of text: String) -> Double {
    let chars = Array(text.utf8.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A }))
    var end = 0
    var best: Double = 0
    while end < chars.count {
        end += 1
        if let value = Double(String(decoding: chars[0..<end], as: UTF8.self)) { best = value }
    }
    return best
}

/// `%.0f`-style whole-number text (half to even, as printf rounds), without Foundation.
func formatWhole(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    let rounded = value.rounded(.toNearestOrEven)
    if let whole = Int(exactly: rounded) { return String(whole) }
    return String(rounded)
}
