import TextureLayoutPaint

/// Reading CSS colour text, which is the document reader's: past it, colours are typed.
extension RGBA {
    /// Parses a CSS colour, as a document's `color` holds it (CSS Color Module Level 4, ASCII case-insensitive,
    /// spaces around it ignored):
    /// - a named colour (`tomato`, `rebeccapurple`) or `transparent`;
    /// - `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`;
    /// - `rgb()`/`rgba()`: `rgb(255, 99, 71)`, `rgba(255, 99, 71, 0.5)` (the three channels all numbers 0–255 or
    ///   all percentages), or `rgb(255 99 71 / 50%)` (space-separated, `none` allowed);
    /// - `hsl()`/`hsla()`: `hsl(9, 100%, 64%)`, `hsla(9, 100%, 64%, 0.5)` or `hsl(9deg 100% 64% / 0.5)`; the hue in
    ///   degrees or with `deg`, `rad`, `grad` or `turn`.
    ///
    /// Channels and alpha outside their ranges are clamped, as CSS does. Returns `nil` for anything else (CSS's
    /// other functions such as `lab()` included), so that a document reader can reject it.
    public init?(css text: String) {
        let whitespace: Set<Character> = [" ", "\t", "\n", "\r", "\u{0C}"]
        var trimmed = Substring(text)
        while let first = trimmed.first, whitespace.contains(first) { trimmed = trimmed.dropFirst() }
        while let last = trimmed.last, whitespace.contains(last) { trimmed = trimmed.dropLast() }
        // ASCII lowercase only: CSS keywords are ASCII case-insensitive, and no other letter may pass.
        let lowered = String(
            String.UnicodeScalarView(
                trimmed.unicodeScalars.map { scalar in
                    ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
                }))
        if lowered.hasPrefix("#") {
            guard let color = RGBA(hexDigits: lowered.dropFirst()) else { return nil }
            self = color
        } else if let open = lowered.firstIndex(of: "("), lowered.hasSuffix(")") {
            let name = lowered[..<open]
            let arguments = lowered[lowered.index(after: open)..<lowered.index(before: lowered.endIndex)]
            guard let color = RGBA(function: name, arguments: arguments) else { return nil }
            self = color
        } else if let named = namedColors[lowered] {
            self = RGBA(UInt8(named >> 16), UInt8((named >> 8) & 0xFF), UInt8(named & 0xFF))
        } else if lowered == "transparent" {
            self = RGBA(0, 0, 0, 0)
        } else {
            return nil
        }
    }

    private init?(hexDigits: Substring) {
        var values: [UInt8] = []
        for character in hexDigits {
            guard character.isASCII, let digit = character.hexDigitValue else { return nil }
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

    /// `rgb()`, `rgba()`, `hsl()` or `hsla()` with its arguments (lowercased, without the parentheses).
    private init?(function name: Substring, arguments: Substring) {
        guard let (values, alphaToken, legacy) = CSSArguments.split(arguments) else { return nil }
        var alpha: UInt8 = 255
        if let alphaToken {
            guard let value = CSSArguments.value(alphaToken, allowsNone: !legacy),
                value.unit == .number || value.unit == .percentage
            else { return nil }
            alpha = RGBA.channel(value.unit == .percentage ? value.number / 100 : value.number)
        }
        let parsed = values.compactMap { CSSArguments.value($0, allowsNone: !legacy) }
        guard parsed.count == 3 else { return nil }
        switch name {
        case "rgb", "rgba":
            guard parsed.allSatisfy({ $0.unit == .number || $0.unit == .percentage }) else { return nil }
            // The comma-separated form takes three numbers or three percentages, not a mix.
            if legacy && Set(parsed.map(\.unit)).count > 1 { return nil }
            let channels = parsed.map { RGBA.channel($0.unit == .percentage ? $0.number / 100 : $0.number / 255) }
            self.init(channels[0], channels[1], channels[2], alpha)
        case "hsl", "hsla":
            guard let degrees = parsed[0].degrees else { return nil }
            // Saturation and lightness are percentages; the space-separated form also takes plain numbers.
            let fractions = parsed[1...].map { value -> Double? in
                value.unit == .percentage || (!legacy && value.unit == .number) ? value.number / 100 : nil
            }
            guard let saturation = fractions[0], let lightness = fractions[1] else { return nil }
            let (red, green, blue) = RGBA.rgb(hue: degrees, saturation: saturation, lightness: lightness)
            self.init(RGBA.channel(red), RGBA.channel(green), RGBA.channel(blue), alpha)
        default:
            return nil
        }
    }

    /// A channel from a fraction of its full value, clamped to 0…1 (as CSS clamps) and rounded.
    private static func channel(_ fraction: Double) -> UInt8 {
        UInt8((min(max(fraction, 0), 1) * 255).rounded())
    }

    /// CSS's HSL to sRGB conversion; the results are fractions of the full channel.
    private static func rgb(
        hue: Double, saturation: Double, lightness: Double
    )
        -> (red: Double, green: Double, blue: Double)
    {
        let s = min(max(saturation, 0), 1), l = min(max(lightness, 0), 1)
        var h = hue.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        func component(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = s * min(l, 1 - l)
            return l - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return (component(0), component(8), component(4))
    }
}

/// The arguments of a CSS colour function.
private enum CSSArguments {
    enum Unit: Hashable { case number, percentage, degrees, radians, gradians, turns }

    struct Value {
        var number: Double
        var unit: Unit

        /// A hue in degrees: a plain number is degrees.
        var degrees: Double? {
            switch unit {
            case .number, .degrees: number
            case .radians: number * 180 / Double.pi
            case .gradians: number * 0.9
            case .turns: number * 360
            case .percentage: nil
            }
        }
    }

    /// The three main values, the alpha if there is one, and whether the arguments use the comma-separated
    /// (legacy) form; `nil` unless they are `a, b, c[, alpha]` or `a b c[ / alpha]`.
    static func split(_ arguments: Substring) -> (values: [Substring], alpha: Substring?, legacy: Bool)? {
        func trimmed(_ part: Substring) -> Substring {
            var part = part
            while part.first == " " || part.first == "\t" || part.first == "\n" { part = part.dropFirst() }
            while part.last == " " || part.last == "\t" || part.last == "\n" { part = part.dropLast() }
            return part
        }
        func tokens(_ part: Substring) -> [Substring] {
            part.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        }
        if arguments.contains(",") {
            let parts = arguments.split(separator: ",", omittingEmptySubsequences: false).map(trimmed)
            guard parts.count == 3 || parts.count == 4,
                parts.allSatisfy({ tokens($0).count == 1 && !$0.contains("/") })
            else { return nil }
            return (Array(parts.prefix(3)), parts.count == 4 ? parts[3] : nil, true)
        }
        let halves = arguments.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count <= 2 else { return nil }
        let values = tokens(halves[0])
        guard values.count == 3 else { return nil }
        if halves.count == 1 { return (values, nil, false) }
        let alpha = tokens(halves[1])
        guard alpha.count == 1 else { return nil }
        return (values, alpha[0], false)
    }

    /// A CSS number with an optional `%` or angle unit; `none` (the space-separated form's missing value) is 0.
    static func value(_ token: Substring, allowsNone: Bool) -> Value? {
        if token == "none" { return allowsNone ? Value(number: 0, unit: .number) : nil }
        let units: [(String, Unit)] = [
            ("%", .percentage), ("deg", .degrees), ("grad", .gradians), ("rad", .radians),
            ("turn", .turns),
        ]
        var text = token
        var unit = Unit.number
        if let (suffix, found) = units.first(where: { token.hasSuffix($0.0) }) {
            text = token.dropLast(suffix.count)
            unit = found
        }
        guard isNumber(text), let number = Double(text), number.isFinite else { return nil }
        return Value(number: number, unit: unit)
    }

    /// CSS's number syntax: a sign, digits with an optional fraction (or a fraction alone), an optional exponent.
    /// Swift's `Double(_:)` alone would also take `inf`, `nan` and hexadecimal.
    static func isNumber(_ text: Substring) -> Bool {
        var rest = text.utf8[...]
        func digits() -> Int {
            let count = rest.prefix(while: { (0x30...0x39).contains($0) }).count
            rest = rest.dropFirst(count)
            return count
        }
        if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
        var mantissa = digits()
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            let fraction = digits()
            guard fraction > 0 else { return false }
            mantissa += fraction
        }
        guard mantissa > 0 else { return false }
        if rest.first == UInt8(ascii: "e") {
            rest = rest.dropFirst()
            if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return rest.isEmpty
    }
}

extension StringProtocol {
    /// The text without leading and trailing U+0020 spaces (other whitespace is kept). Colour values and the
    /// command line's `W,H` pairs are trimmed this way, without Foundation (which these modules do not use).
    package func trimmingSpaces() -> String {
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
