#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An sRGB colour with 8-bit channels and an alpha channel (255 = opaque).
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

    /// `#rrggbb`, the form SVG 1.1 readers understand (the alpha is written separately).
    public var hex: String {
        "#" + red.twoHexDigits + green.twoHexDigits + blue.twoHexDigits
    }

    /// The alpha as an opacity between 0 and 1.
    public var opacity: Double { Double(alpha) / 255 }

    /// WCAG 2's relative luminance (0 for black, 1 for white): the channels made linear and weighted by how
    /// bright the eye finds them. Alpha is ignored: blend a translucent colour first (``over(_:)``).
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio between two opaque colours, from 1 (the same) to 21 (black on white).
    public func contrastRatio(with other: RGBA) -> Double {
        let a = relativeLuminance, b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// This colour drawn over an opaque `backdrop`, as the eye sees it.
    public func over(_ backdrop: RGBA) -> RGBA {
        let a = opacity
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(top) * a + Double(bottom) * (1 - a)).rounded())
        }
        return RGBA(mix(red, backdrop.red), mix(green, backdrop.green), mix(blue, backdrop.blue))
    }

    /// Parses a CSS colour: a named colour (`tomato`, `transparent`), `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`,
    /// `rgb(r, g, b)` or `rgba(r, g, b, a)` (channels as 0–255 numbers or percentages, space- or comma-separated,
    /// an optional `/ alpha`). Returns `nil` for anything else.
    public init?(css text: String) {
        let trimmed = String(text.unicodeScalars.filter { !$0.properties.isWhitespace || $0 == " " })
            .trimmingSpaces().lowercased()
        if trimmed.hasPrefix("#") {
            guard let color = RGBA(hexDigits: trimmed.dropFirst()) else { return nil }
            self = color
        } else if trimmed.hasPrefix("rgb(") || trimmed.hasPrefix("rgba(") {
            guard let color = RGBA(functional: trimmed) else { return nil }
            self = color
        } else if let named = namedColors[trimmed] {
            self = RGBA(UInt8(named >> 16), UInt8((named >> 8) & 0xFF), UInt8(named & 0xFF))
        } else if trimmed == "transparent" {
            self = RGBA(0, 0, 0, 0)
        } else {
            return nil
        }
    }

    private init?(hexDigits: Substring) {
        var values: [UInt8] = []
        for character in hexDigits {
            guard let digit = character.hexDigitValue else { return nil }
            values.append(UInt8(digit))
        }
        switch values.count {
        case 3, 4:
            let expanded = values.map { $0 * 17 }
            self.init(expanded[0], expanded[1], expanded[2], values.count == 4 ? expanded[3] : 255)
        case 6, 8:
            let bytes = stride(from: 0, to: values.count, by: 2).map { values[$0] * 16 + values[$0 + 1] }
            self.init(bytes[0], bytes[1], bytes[2], bytes.count == 4 ? bytes[3] : 255)
        default:
            return nil
        }
    }

    private init?(functional text: String) {
        guard text.hasSuffix(")"), let open = text.firstIndex(of: "(") else { return nil }
        let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
        var parts = inside.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" }).map(String.init)
        guard parts.count == 3 || parts.count == 4 else { return nil }
        var channels: [UInt8] = []
        for part in parts.prefix(3) {
            guard let value = RGBA.component(part, full: 255) else { return nil }
            channels.append(value)
        }
        var alpha: UInt8 = 255
        if parts.count == 4 {
            let last = parts.removeLast()
            guard let value = RGBA.component(last, full: last.hasSuffix("%") ? 255 : 1, scale: 255) else {
                return nil
            }
            alpha = value
        }
        self.init(channels[0], channels[1], channels[2], alpha)
    }

    /// A channel: a number in `0…full` (scaled by `scale / full`) or a percentage.
    private static func component(_ text: String, full: Double, scale: Double = 255) -> UInt8? {
        let isPercent = text.hasSuffix("%")
        guard let number = Double(isPercent ? String(text.dropLast()) : text), number.isFinite else { return nil }
        let fraction = isPercent ? number / 100 : number / full
        return UInt8((min(max(fraction, 0), 1) * scale).rounded())
    }
}

extension UInt8 {
    /// The byte as two lowercase hexadecimal digits, zero-padded (`String(_:radix:)` drops the leading zero).
    var twoHexDigits: String {
        String([UInt8.hexDigits[Int(self >> 4)], UInt8.hexDigits[Int(self & 0x0F)]])
    }

    private static let hexDigits = Array("0123456789abcdef")
}

extension StringProtocol {
    /// The text without leading and trailing U+0020 spaces (other whitespace is kept). Colour values and the
    /// command line's `W,H` pairs are trimmed this way, without Foundation (which these modules do not use).
    public func trimmingSpaces() -> String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}

/// The CSS Color Module's named colours, as 0xRRGGBB.
private let namedColors: [String: UInt32] = [
    "aliceblue": 0xF0F8FF, "antiquewhite": 0xFAEBD7, "aqua": 0x00FFFF, "aquamarine": 0x7FFFD4,
    "azure": 0xF0FFFF, "beige": 0xF5F5DC, "bisque": 0xFFE4C4, "black": 0x000000, "blanchedalmond": 0xFFEBCD,
    "blue": 0x0000FF, "blueviolet": 0x8A2BE2, "brown": 0xA52A2A, "burlywood": 0xDEB887, "cadetblue": 0x5F9EA0,
    "chartreuse": 0x7FFF00, "chocolate": 0xD2691E, "coral": 0xFF7F50, "cornflowerblue": 0x6495ED,
    "cornsilk": 0xFFF8DC, "crimson": 0xDC143C, "cyan": 0x00FFFF, "darkblue": 0x00008B, "darkcyan": 0x008B8B,
    "darkgoldenrod": 0xB8860B, "darkgray": 0xA9A9A9, "darkgreen": 0x006400, "darkgrey": 0xA9A9A9,
    "darkkhaki": 0xBDB76B, "darkmagenta": 0x8B008B, "darkolivegreen": 0x556B2F, "darkorange": 0xFF8C00,
    "darkorchid": 0x9932CC, "darkred": 0x8B0000, "darksalmon": 0xE9967A, "darkseagreen": 0x8FBC8F,
    "darkslateblue": 0x483D8B, "darkslategray": 0x2F4F4F, "darkslategrey": 0x2F4F4F, "darkturquoise": 0x00CED1,
    "darkviolet": 0x9400D3, "deeppink": 0xFF1493, "deepskyblue": 0x00BFFF, "dimgray": 0x696969,
    "dimgrey": 0x696969, "dodgerblue": 0x1E90FF, "firebrick": 0xB22222, "floralwhite": 0xFFFAF0,
    "forestgreen": 0x228B22, "fuchsia": 0xFF00FF, "gainsboro": 0xDCDCDC, "ghostwhite": 0xF8F8FF,
    "gold": 0xFFD700, "goldenrod": 0xDAA520, "gray": 0x808080, "green": 0x008000, "greenyellow": 0xADFF2F,
    "grey": 0x808080, "honeydew": 0xF0FFF0, "hotpink": 0xFF69B4, "indianred": 0xCD5C5C, "indigo": 0x4B0082,
    "ivory": 0xFFFFF0, "khaki": 0xF0E68C, "lavender": 0xE6E6FA, "lavenderblush": 0xFFF0F5,
    "lawngreen": 0x7CFC00, "lemonchiffon": 0xFFFACD, "lightblue": 0xADD8E6, "lightcoral": 0xF08080,
    "lightcyan": 0xE0FFFF, "lightgoldenrodyellow": 0xFAFAD2, "lightgray": 0xD3D3D3, "lightgreen": 0x90EE90,
    "lightgrey": 0xD3D3D3, "lightpink": 0xFFB6C1, "lightsalmon": 0xFFA07A, "lightseagreen": 0x20B2AA,
    "lightskyblue": 0x87CEFA, "lightslategray": 0x778899, "lightslategrey": 0x778899,
    "lightsteelblue": 0xB0C4DE, "lightyellow": 0xFFFFE0, "lime": 0x00FF00, "limegreen": 0x32CD32,
    "linen": 0xFAF0E6, "magenta": 0xFF00FF, "maroon": 0x800000, "mediumaquamarine": 0x66CDAA,
    "mediumblue": 0x0000CD, "mediumorchid": 0xBA55D3, "mediumpurple": 0x9370DB, "mediumseagreen": 0x3CB371,
    "mediumslateblue": 0x7B68EE, "mediumspringgreen": 0x00FA9A, "mediumturquoise": 0x48D1CC,
    "mediumvioletred": 0xC71585, "midnightblue": 0x191970, "mintcream": 0xF5FFFA, "mistyrose": 0xFFE4E1,
    "moccasin": 0xFFE4B5, "navajowhite": 0xFFDEAD, "navy": 0x000080, "oldlace": 0xFDF5E6, "olive": 0x808000,
    "olivedrab": 0x6B8E23, "orange": 0xFFA500, "orangered": 0xFF4500, "orchid": 0xDA70D6,
    "palegoldenrod": 0xEEE8AA, "palegreen": 0x98FB98, "paleturquoise": 0xAFEEEE, "palevioletred": 0xDB7093,
    "papayawhip": 0xFFEFD5, "peachpuff": 0xFFDAB9, "peru": 0xCD853F, "pink": 0xFFC0CB, "plum": 0xDDA0DD,
    "powderblue": 0xB0E0E6, "purple": 0x800080, "rebeccapurple": 0x663399, "red": 0xFF0000,
    "rosybrown": 0xBC8F8F, "royalblue": 0x4169E1, "saddlebrown": 0x8B4513, "salmon": 0xFA8072,
    "sandybrown": 0xF4A460, "seagreen": 0x2E8B57, "seashell": 0xFFF5EE, "sienna": 0xA0522D,
    "silver": 0xC0C0C0, "skyblue": 0x87CEEB, "slateblue": 0x6A5ACD, "slategray": 0x708090,
    "slategrey": 0x708090, "snow": 0xFFFAFA, "springgreen": 0x00FF7F, "steelblue": 0x4682B4, "tan": 0xD2B48C,
    "teal": 0x008080, "thistle": 0xD8BFD8, "tomato": 0xFF6347, "turquoise": 0x40E0D0, "violet": 0xEE82EE,
    "wheat": 0xF5DEB3, "white": 0xFFFFFF, "whitesmoke": 0xF5F5F5, "yellow": 0xFFFF00,
    "yellowgreen": 0x9ACD32,
]
