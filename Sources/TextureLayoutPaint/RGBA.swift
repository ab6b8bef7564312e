/// An sRGB colour with 8-bit channels and an alpha channel (255 = opaque), not premultiplied: what every paint
/// property, text run and picture holds. A document's CSS colours become this type when it is read, so nothing
/// past the reader handles colour text.
public struct RGBA: Hashable, Sendable {
    /// The red channel, as a PNG pixel stores it and SVG's `#rrggbb` writes it.
    public var red: UInt8
    /// The green channel, as a PNG pixel stores it and SVG's `#rrggbb` writes it.
    public var green: UInt8
    /// The blue channel, as a PNG pixel stores it and SVG's `#rrggbb` writes it.
    public var blue: UInt8
    /// Kept apart from the colour because SVG 1.1 writes it as a separate opacity and PNG pixels blend it away.
    public var alpha: UInt8

    /// A colour from its channels; opaque unless `alpha` says otherwise.
    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from components between 0 and 1 (clamped; NaN counts as 0), rounded to the nearest channel value:
    /// how UIKit's `UIColor(red:green:blue:alpha:)` components become a paint colour.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func channel(_ value: Double) -> UInt8 { value >= 0 ? UInt8((min(value, 1) * 255).rounded()) : 0 }
        self.init(channel(red), channel(green), channel(blue), channel(alpha))
    }

    /// Opaque black: UIKit's default `borderColor` and `shadowColor`, and a text's default colour.
    public static let black = RGBA(0, 0, 0)
    /// Fully transparent.
    public static let clear = RGBA(0, 0, 0, 0)

    /// `#rrggbb`, the form SVG 1.1 readers understand (the alpha is written separately).
    public var hex: String {
        "#" + red.twoHexDigits + green.twoHexDigits + blue.twoHexDigits
    }

    /// `#rrggbb`, or `#rrggbbaa` when the colour is translucent: CSS text for the colour, the same for equal
    /// colours however the document spelled them.
    public var cssHex: String { alpha == 255 ? hex : hex + alpha.twoHexDigits }

    /// The alpha as an opacity between 0 and 1.
    public var opacity: Double { Double(alpha) / 255 }

    /// The colour with its alpha multiplied by `factor` (0…1): a shadow's colour at its `shadowOpacity`.
    public func withOpacity(multipliedBy factor: Double) -> RGBA {
        var color = self
        color.alpha = UInt8((Double(alpha) * min(max(factor, 0), 1)).rounded())
        return color
    }
}

extension UInt8 {
    /// The byte as two lowercase hexadecimal digits, zero-padded (`String(_:radix:)` drops the leading zero).
    package var twoHexDigits: String {
        String([UInt8.hexDigits[Int(self >> 4)], UInt8.hexDigits[Int(self & 0x0F)]])
    }

    private static let hexDigits = Array("0123456789abcdef")
}
