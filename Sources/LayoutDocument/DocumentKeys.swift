import LayoutJSON

/// The keys of the document's top-level object. The reader switches over every case, so a new key cannot be read
/// without being listed here, and the format reference's test checks that the article mentions each one.
enum DocumentKey: String, CaseIterable {
    case root, sizeRange, scale, layoutDirection, fonts, fallbackFonts
}

/// The keys of a `style` object (Texture's `ASLayoutElementStyle`); listed for the same reason as ``DocumentKey``.
enum StyleKey: String, CaseIterable {
    case width, height, minWidth, maxWidth, minHeight, maxHeight
    case preferredSize, minSize, maxSize, preferredLayoutSize, minLayoutSize, maxLayoutSize
    case spacingBefore, spacingAfter, flexGrow, flexShrink, ascender, descender, flexBasis, alignSelf, layoutPosition

    /// The reader's message for a key a style does not have.
    static func unknownKeyMessage(_ key: String) -> String { "unknown style key \(jsonString(key))" }
}

/// The keys of one of a text's `runs`; listed for the same reason as ``DocumentKey``.
enum RunKey: String, CaseIterable {
    case text, font, size, color, letterSpacing, underline, underlineColor, strikethrough, strikethroughColor
    case backgroundColor
}

/// The keys of a `backgroundGradient`; listed for the same reason as ``DocumentKey``.
enum GradientKey: String, CaseIterable {
    case colors, locations, startPoint, endPoint, type
}

/// The keys of an entry of `fonts`; listed for the same reason as ``DocumentKey``.
enum FontKey: String, CaseIterable {
    case file, index
}

/// The keys of `sizeRange`; listed for the same reason as ``DocumentKey``.
enum SizeRangeKey: String, CaseIterable {
    case min, max
}

/// The keys of an insets object (`insets`, `textContainerInset`); listed for the same reason as ``DocumentKey``.
enum InsetKey: String, CaseIterable {
    case top, left, bottom, right
}

/// The reader's message for a key an object (other than an element or a style) does not have.
func unknownKeyMessage(_ key: String) -> String { "unknown key \(jsonString(key))" }
