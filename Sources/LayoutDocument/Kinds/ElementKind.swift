import LayoutJSON
import TextureLayout
import TextureLayoutText
import TextureLayoutPaint

/// One element type of the layout document (`"type": "stack"`, …): the keys it accepts and how its element is
/// built from their values.
///
/// Each type is declared once, in its own file under `Kinds/`; the reader, the builder, the pictures' type names,
/// the format reference's test and the property tests' document generator all read these declarations, so a new
/// type is one declaration (added to ``all``) plus the engine code that lays it out.
package struct ElementKind: Sendable {
    /// The document's spelling of the type, the value of an element's `type` key.
    package let type: String
    /// The keys this type accepts besides `type`, `name` and `style` (which every element accepts), in the order
    /// the reader checks that required ones are present.
    package let keys: [ElementKey]
    /// Pairs of keys an element of this type may not hold together (the reader rejects an element with both).
    package let exclusiveKeys: [(String, String)]
    /// Makes the element, with no values yet, as the reader meets its object, before its children, for a type
    /// declared with `make` (`nil` for the others). The reader so makes the elements that hold others in the order
    /// a layout pass visits them (a parent before its children), so that they lie in memory in that order and a
    /// pass over a tree it has not touched lately reads them as a stream the processor fetches ahead (made after
    /// their children, parents would lie behind them).
    let make: (@Sendable () -> LayoutElement)?
    /// Makes the element from the values read, or gives them to the element ``make`` made (passed here); the
    /// reader has already checked every key's value, that required keys are present and that no exclusive pair
    /// is. It throws for what only the values together show (a text with neither `text` nor `runs`, a default
    /// font that is not installed).
    let build: @Sendable (LayoutElement?, ElementValues) throws(DocumentError) -> LayoutElement

    /// A type whose element is made from its values once they are all read (its children first).
    init(
        _ type: String, keys: [ElementKey], exclusiveKeys: [(String, String)] = [],
        build: @escaping @Sendable (ElementValues) throws(DocumentError) -> LayoutElement
    ) {
        self.type = type
        self.keys = keys
        self.exclusiveKeys = exclusiveKeys
        make = nil
        self.build = { _, values throws(DocumentError) in try build(values) }
    }

    /// A type whose element `make` makes as the reader meets it, before its children (see ``make``), and `fill`
    /// gives its values once they are read. The containers large documents are made of (stacks, insets) are
    /// declared so; an element without children is made next to where it is met either way.
    init<Element: LayoutElement>(
        _ type: String, keys: [ElementKey], exclusiveKeys: [(String, String)] = [],
        make: @escaping @Sendable () -> Element,
        fill: @escaping @Sendable (Element, ElementValues) throws(DocumentError) -> Void
    ) {
        self.type = type
        self.keys = keys
        self.exclusiveKeys = exclusiveKeys
        self.make = make
        build = { made, values throws(DocumentError) in
            // The reader passes what `make` made for this type: the cast cannot fail.
            let element = made as! Element
            try fill(element, values)
            return element
        }
    }

    /// The paint keys of a display element (``PaintKey``), as every display type declares them.
    static let paintKeys: [ElementKey] = PaintKey.allCases.map { key in
        let value: ElementValueKind =
            switch key {
            case .backgroundColor, .borderColor, .shadowColor: .color
            case .backgroundGradient: .gradient
            case .cornerRadius, .borderWidth, .shadowRadius: .number(allowsNegative: false)
            case .maskedCorners: .corners
            case .clipsToBounds, .hidden: .bool
            case .alpha, .shadowOpacity: .fraction
            case .shadowOffset: .point
            }
        return ElementKey(key.rawValue, value, paint: true)
    }

    /// The reader's message for `key`, which this type does not accept: a paint key on a layout spec says why.
    func unknownKeyMessage(_ key: String) -> String {
        if PaintKey(rawValue: key) != nil {
            return "\(article(type)) \(type) is a layout spec and draws nothing: paint keys go on display elements "
                + "(node, text, image)"
        }
        return "unknown key \(jsonString(key)) for \(article(type)) \(type)"
    }

    /// The position of `key`'s declaration in ``keys``, if this type accepts it.
    package func keyPosition(_ name: String) -> Int? { keys.firstIndex { $0.name == name } }

    /// Every element type of the format, in the order error messages list them.
    package static let all: [ElementKind] = [
        .node, .spec, .wrapper, .stack, .inset, .overlay, .background, .center, .ratio, .relative, .absolute,
        .corner, .text, .image,
    ]

    /// The declaration of the type spelled `type`.
    package static func named(_ type: String) -> ElementKind? { position(of: type).map { all[$0] } }

    /// The position in ``all`` of the type spelled `type`: what the document keeps of an element's type.
    static func position(of type: String) -> Int? { positions.position(of: type) }

    private static let positions = NameTable(all.map(\.type))
}

/// The keys of "Paint" that every display element (`node`, `text`, `image`) accepts and no layout spec does; listed for the
/// same reason as ``DocumentKey``.
enum PaintKey: String, CaseIterable {
    case backgroundColor, backgroundGradient, cornerRadius, maskedCorners, borderWidth, borderColor, clipsToBounds
    case alpha, hidden, shadowColor, shadowOpacity, shadowOffset, shadowRadius
}

/// A key of an element type: its name, what its value must be, and whether the element needs it.
package struct ElementKey: Sendable {
    /// The key as the document spells it.
    package let name: String
    /// What the key's value must be.
    package let value: ElementValueKind
    /// Whether an element of the type must have the key (the reader rejects one without it).
    package let isRequired: Bool
    /// Whether the key is paint (a paint key, or a node's `color`): an element with one keeps a ``Paint``.
    package let isPaint: Bool

    init(_ name: String, _ value: ElementValueKind, required: Bool = false, paint: Bool = false) {
        self.name = name
        self.value = value
        self.isRequired = required
        self.isPaint = paint
    }

    /// A key whose value is one of the document names of `T` (`"direction": "vertical"`).
    static func choice<T: DocumentChoice>(_ name: String, _ type: T.Type) -> ElementKey {
        ElementKey(name, .choice(T.documentNames))
    }
}

/// What an element key's value must be; the reader checks it and a document generator can write one.
package enum ElementValueKind: Sendable, Equatable {
    /// One element object.
    case element
    /// An array of element objects.
    case elements
    /// A finite number; negative ones only where `allowsNegative`.
    case number(allowsNegative: Bool)
    /// A finite number greater than 0.
    case positiveNumber
    /// `true` or `false`.
    case bool
    /// One of the listed strings.
    case choice([String])
    /// `[width, height]`: two finite, non-negative numbers.
    case size
    /// `[x, y]`: two finite numbers.
    case point
    /// An object with any of `top`, `left`, `bottom`, `right`: finite numbers of either sign or `"inf"`.
    case insets
    /// A number from 0 to 1 (an opacity).
    case fraction
    /// An array of corner names (`maskedCorners`).
    case corners
    /// A gradient object (`backgroundGradient`): `colors`, `locations`, `startPoint`, `endPoint`, `type`.
    case gradient
    /// A CSS colour: a name, `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`, `rgba()`, `hsl()` or `hsla()` (see
    /// ``RGBA/init(css:)``).
    case color
    /// Any string.
    case string
    /// A whole number ≥ 0.
    case count
    /// The name of a font the document's `fonts` defines, or `"default"`.
    case fontName
    /// An array of text runs, each an object with `text` and optionally `font`, `size`, `color`, `letterSpacing`.
    case runs
}

/// The values an element's keys hold once read, for its type's ``ElementKind`` to build the element from.
struct ElementValues {
    /// One key's value, already checked against its ``ElementValueKind``.
    enum Value {
        case element(LayoutElement)
        case elements([LayoutElement])
        case number(Double)
        case bool(Bool)
        /// The index of the chosen name in the choice's list.
        case choice(Int)
        case size(Size)
        case point(Point)
        case insets(EdgeInsets)
        case string(String)
        case font(Font)
        case runs([DocumentRun])
        case color(RGBA)
        case corners(Corners)
        case gradient(Gradient)
    }

    /// The element's JSON path, for errors its kind finds while building it.
    let path: JSONPath
    /// The element's `type`.
    let kindType: String
    /// The document's fonts, for elements that fall back to the default one.
    let fonts: DocumentFonts
    /// The document's images, read once per source.
    let images: DocumentImages

    /// One key and its value (a struct rather than a tuple, so that copies are specialized).
    struct Entry {
        let key: String
        let value: Value
    }

    /// The keys read so far, in document order (an element has a handful).
    private(set) var values: [Entry] = []
    /// Bit `n` is set when a key of `n` bytes was read (63: of 63 or more): a kind asks for each of its keys, and
    /// most are not there.
    private var lengths: UInt64 = 0

    /// No keys read yet, for the element at `path` of the document whose fonts are `fonts` and images `images`,
    /// with room for `capacity` keys.
    init(path: JSONPath, kindType: String, fonts: DocumentFonts, images: DocumentImages, capacity: Int = 0) {
        self.path = path
        self.kindType = kindType
        self.fonts = fonts
        self.images = images
        values.reserveCapacity(capacity)
    }

    /// The value of `key`, if it was read. Keys of another length are passed over without comparing their text.
    subscript(key: String) -> Value? {
        let length = key.utf8.count
        guard lengths & Self.lengthBit(length) != 0 else { return nil }
        for entry in values where entry.key.utf8.count == length && entry.key == key { return entry.value }
        return nil
    }

    mutating func set(_ key: String, _ value: Value) {
        values.append(Entry(key: key, value: value))
        lengths |= Self.lengthBit(key.utf8.count)
    }

    /// The bit of ``lengths`` for keys of `length` bytes.
    private static func lengthBit(_ length: Int) -> UInt64 { 1 << UInt64(min(length, 63)) }

    func has(_ key: String) -> Bool { self[key] != nil }

    func element(_ key: String) -> LayoutElement? {
        if case .element(let element)? = self[key] { return element }
        return nil
    }

    /// An element the kind declares required: the reader has checked it is there.
    func required(_ key: String) -> LayoutElement { element(key)! }

    func elements(_ key: String) -> [LayoutElement]? {
        if case .elements(let elements)? = self[key] { return elements }
        return nil
    }

    func number(_ key: String) -> Double? {
        if case .number(let number)? = self[key] { return number }
        return nil
    }

    func bool(_ key: String) -> Bool? {
        if case .bool(let flag)? = self[key] { return flag }
        return nil
    }

    func choice<T: DocumentChoice>(_ key: String, _ type: T.Type) -> T? {
        if case .choice(let index)? = self[key] { return T.documentValues[index] }
        return nil
    }

    func size(_ key: String) -> Size? {
        if case .size(let size)? = self[key] { return size }
        return nil
    }

    func point(_ key: String) -> Point? {
        if case .point(let point)? = self[key] { return point }
        return nil
    }

    func insets(_ key: String) -> EdgeInsets? {
        if case .insets(let insets)? = self[key] { return insets }
        return nil
    }

    func string(_ key: String) -> String? {
        if case .string(let text)? = self[key] { return text }
        return nil
    }

    func color(_ key: String) -> RGBA? {
        if case .color(let color)? = self[key] { return color }
        return nil
    }

    func corners(_ key: String) -> Corners? {
        if case .corners(let corners)? = self[key] { return corners }
        return nil
    }

    func gradient(_ key: String) -> Gradient? {
        if case .gradient(let gradient)? = self[key] { return gradient }
        return nil
    }

    /// The element's paint, from its paint keys (a node's `color` spelling `backgroundColor`), for an element the
    /// reader saw a paint key on.
    var paint: Paint {
        var paint = Paint()
        paint.backgroundColor = color("backgroundColor") ?? (isNode ? color("color") : nil)
        paint.backgroundGradient = gradient("backgroundGradient")
        if let radius = number("cornerRadius") { paint.cornerRadius = radius }
        if let corners = corners("maskedCorners") { paint.maskedCorners = corners }
        if let width = number("borderWidth") { paint.borderWidth = width }
        if let color = color("borderColor") { paint.borderColor = color }
        paint.clipsToBounds = bool("clipsToBounds") ?? (kindType == "image")
        if let alpha = number("alpha") { paint.alpha = alpha }
        if let hidden = bool("hidden") { paint.isHidden = hidden }
        if let color = color("shadowColor") { paint.shadow.color = color }
        if let opacity = number("shadowOpacity") { paint.shadow.opacity = opacity }
        if let offset = point("shadowOffset") { paint.shadow.offset = offset }
        if let radius = number("shadowRadius") { paint.shadow.radius = radius }
        return paint
    }

    /// Whether the values are a `node`'s, whose `color` is its background (a text's is its glyphs').
    private var isNode: Bool { kindType == "node" }

    func font(_ key: String) -> Font? {
        if case .font(let font)? = self[key] { return font }
        return nil
    }

    func runs(_ key: String) -> [DocumentRun]? {
        if case .runs(let runs)? = self[key] { return runs }
        return nil
    }
}
