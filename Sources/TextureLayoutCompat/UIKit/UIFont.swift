// Unsafe room: Objective-C bridge.
// Invariants: a font never changes once made (every stored property is a `let`); the font cache is a dictionary
// read and written only under its lock.

// UIKit's UIFont over the text module's fonts: a face found through fontconfig (or a registered file) and a size.
// Texture's text nodes read the font's size for shaping and its ascender and descender for baselines.

#if !canImport(UIKit) && canImport(Foundation) && !TEXTURE_COMPAT_NO_FOUNDATION
import Foundation
import TextureLayoutText

/// UIKit's `UIFont`: a font face at a point size. It subclasses `NSObject`, as UIKit's class does, so that
/// `[.font: font]` attribute dictionaries compile unchanged.
///
/// The system font is the text module's default family (DejaVu Sans): iOS's San Francisco is not available, so
/// text measured here is as wide as DejaVu Sans makes it. Metrics come from the face's `hhea` table.
///
/// Immutable once made, so it can be shared between threads (unchecked: the class is open, as UIKit's is).
open class UIFont: NSObject, @unchecked Sendable {
    /// UIKit's `UIFont.Weight`: the weights of `systemFont(ofSize:weight:)`.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        /// The underlying value.
        public let rawValue: CGFloat
        /// The value with this raw value.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }

        /// The lightest weight (OpenType 100).
        public static let ultraLight = Weight(rawValue: -0.8)
        /// OpenType 200.
        public static let thin = Weight(rawValue: -0.6)
        /// OpenType 300.
        public static let light = Weight(rawValue: -0.4)
        /// The regular weight (OpenType 400).
        public static let regular = Weight(rawValue: 0)
        /// OpenType 500.
        public static let medium = Weight(rawValue: 0.23)
        /// OpenType 600.
        public static let semibold = Weight(rawValue: 0.3)
        /// The bold weight (OpenType 700).
        public static let bold = Weight(rawValue: 0.4)
        /// OpenType 800.
        public static let heavy = Weight(rawValue: 0.56)
        /// The heaviest weight (OpenType 900).
        public static let black = Weight(rawValue: 0.62)

        /// The OpenType weight (100…900) fontconfig is asked for: UIKit's named weights in order, 100 apart; a
        /// value between two named weights takes the nearer.
        var openTypeWeight: Int {
            let named: [Weight] = [.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black]
            let nearest = named.indices.min { abs(named[$0].rawValue - rawValue) < abs(named[$1].rawValue - rawValue) }
            return 100 * (nearest! + 1)
        }
    }

    /// UIKit's `UIFont.TextStyle`: the Dynamic Type styles of `preferredFont(forTextStyle:)`.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        /// The underlying value.
        public let rawValue: String
        /// The value with this raw value.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// 34 points.
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        /// 28 points.
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        /// 22 points.
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        /// 20 points.
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        /// 17 points, semibold.
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        /// 17 points.
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        /// 16 points.
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        /// 15 points.
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        /// 13 points.
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        /// 12 points.
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        /// 11 points.
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// iOS's size and weight for the style at the default ("Large") content size.
        var defaultSizeAndWeight: (CGFloat, Weight) {
            switch self {
            case .largeTitle: (34, .regular)
            case .title1: (28, .regular)
            case .title2: (22, .regular)
            case .title3: (20, .regular)
            case .headline: (17, .semibold)
            case .callout: (16, .regular)
            case .subheadline: (15, .regular)
            case .footnote: (13, .regular)
            case .caption1: (12, .regular)
            case .caption2: (11, .regular)
            default: (17, .regular)  // body
            }
        }
    }

    /// The face, or `nil` when the system font was asked for and no default font is installed (text in it then
    /// measures as nothing).
    let face: Font?
    /// The size in points.
    public let pointSize: CGFloat
    /// The name it was asked for (the family for system fonts).
    public let fontName: String

    init(face: Font?, pointSize: CGFloat, fontName: String) {
        self.face = face
        self.pointSize = pointSize
        self.fontName = fontName
    }

    /// UIKit's `init(name:size:)`: a registered font file's font (by family name or file name without its
    /// extension), else the installed family `fontName` through fontconfig; `nil` when neither exists, as UIKit
    /// answers for a font it does not have. Register app fonts with ``register(fontFile:)`` first.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard let face = Self.registered(fontName) ?? (try? Font(family: fontName)) else { return nil }
        self.init(face: face, pointSize: fontSize, fontName: fontName)
    }

    /// The face's family name.
    public var familyName: String { face?.familyName ?? "" }

    /// Points per design unit at this size.
    private var scale: CGFloat { face.map { pointSize / CGFloat($0.unitsPerEm) } ?? 0 }

    /// The height above the baseline, in points (`hhea` ascender).
    public var ascender: CGFloat { CGFloat(face?.ascender ?? 0) * scale }
    /// The depth below the baseline, in points: negative, as UIKit's (`hhea` descender).
    public var descender: CGFloat { CGFloat(face?.descender ?? 0) * scale }
    /// The extra space between lines, in points (`hhea` line gap).
    public var leading: CGFloat { CGFloat(face?.lineGap ?? 0) * scale }
    /// The line height UIKit reports: ascender − descender + leading.
    public var lineHeight: CGFloat { ascender - descender + leading }

    /// UIKit's `withSize(_:)`: the same face at another size.
    open func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(face: face, pointSize: fontSize, fontName: fontName)
    }

    /// Equal faces at equal sizes are equal fonts.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFont else { return false }
        return face == other.face && pointSize == other.pointSize
    }

    /// A hash consistent with ``isEqual(_:)``.
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(face)
        hasher.combine(pointSize)
        return hasher.finalize()
    }

    // MARK: System fonts

    /// UIKit's `systemFont(ofSize:)`: the default family, regular.
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .regular)
    }

    /// UIKit's `boldSystemFont(ofSize:)`: the default family, bold.
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .bold)
    }

    /// UIKit's `systemFont(ofSize:weight:)`: the default family at the installed weight nearest `weight`.
    open class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        let family = Font.defaultFamily
        let face = weight == .regular ? try? Font.defaultFont() : systemFace(weight: weight.openTypeWeight)
        return UIFont(face: face, pointSize: fontSize, fontName: family)
    }

    /// UIKit's `preferredFont(forTextStyle:)` at iOS's default sizes: large title 34, title 1 28, title 2 22,
    /// title 3 20, headline 17 semibold, body 17, callout 16, subheadline 15, footnote 13, caption 1 12,
    /// caption 2 11 points.
    open class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        let (size, weight) = style.defaultSizeAndWeight
        return systemFont(ofSize: size, weight: weight)
    }

    /// UIKit's `systemFontSize` (14 points).
    open class var systemFontSize: CGFloat { 14 }
    /// UIKit's `smallSystemFontSize` (12 points).
    open class var smallSystemFontSize: CGFloat { 12 }
    /// UIKit's `labelFontSize` (17 points).
    open class var labelFontSize: CGFloat { 17 }
    /// UIKit's `buttonFontSize` (18 points): the size of a button title set without a font.
    open class var buttonFontSize: CGFloat { 18 }

    // MARK: Registered fonts

    /// Registers the font file at `path` (an app's bundled font: `CTFontManagerRegisterFontsForURL` on iOS), so
    /// that ``init(name:size:)`` finds it by its family name or by its file name without the extension. Returns
    /// the family name; throws when the file is not a usable font.
    @discardableResult
    public class func register(fontFile path: String) throws -> String {
        let face = try Font(file: path)
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        registeredFonts.withLock { fonts in
            fonts[stem.lowercased()] = face
            if fonts[face.familyName.lowercased()] == nil { fonts[face.familyName.lowercased()] = face }
        }
        return face.familyName
    }

    private static func registered(_ name: String) -> Font? {
        registeredFonts.withLock { $0[name.lowercased()] }
    }
}

/// A dictionary shared by all threads behind a lock: the registered fonts and the system font's faces.
private final class LockedDictionary<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Key: Value] = [:]

    func withLock<Result>(_ body: (inout [Key: Value]) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&values)
    }
}

/// Registered fonts by lower-cased family and file name.
private let registeredFonts = LockedDictionary<String, Font>()

/// The default family's faces by OpenType weight, each looked up once (`nil`: not installed).
private let systemFaces = LockedDictionary<Int, Font?>()

extension UIFont {
    /// The default family's face nearest the OpenType `weight`.
    fileprivate static func systemFace(weight: Int) -> Font? {
        systemFaces.withLock { faces in
            if let face = faces[weight] { return face }
            let face = try? Font(family: Font.defaultFamily, weight: weight)
            faces[weight] = face
            return face
        }
    }
}
#endif
