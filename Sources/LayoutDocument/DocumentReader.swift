import TextureLayout

/// A document that cannot be read or laid out: the JSON path of the problem and what is wrong there.
public struct DocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is, e.g. `root.children[2].style.flexBasis`; `document` for the whole text.
    public let path: String
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    init(path: JSONPath, message: String) {
        self.init(path: path.isRoot ? "document" : path.description, message: message)
    }

    public var description: String { "\(path): \(message)" }
}

extension LayoutDocument {
    /// Reads a document from JSON text.
    public init(json: String) throws(DocumentError) {
        try self.init(bytes: Array(json.utf8))
    }

    /// Reads a document from UTF-8 bytes. Any nesting depth is accepted.
    public init(bytes: [UInt8]) throws(DocumentError) {
        let tape: JSONTape
        do {
            tape = try JSONTape(bytes: bytes)
        } catch {
            throw DocumentError(path: "document", message: error.description)
        }
        try self.init(jsonValue: tape.root)
    }

    /// Reads a document from an already parsed JSON value (e.g. the `document` of a conformance case).
    public init(jsonValue: JSONValueRef) throws(DocumentError) {
        // Elements nest as deep as the document does; reading them recurses on a thread with room for it.
        self = try withLargeStack { () throws(DocumentError) -> LayoutDocument in
            var reader = DocumentReader()
            return try reader.document(jsonValue, at: JSONPath())
        }
    }
}

/// Reads the JSON tape into elements, checking every rule of the document contract.
struct DocumentReader {
    var info: [ObjectIdentifier: LayoutDocument.ElementInfo] = [:]
    var elementsByName: [String: LayoutElement] = [:]

    mutating func document(_ value: JSONValueRef, at documentPath: JSONPath) throws(DocumentError)
        -> LayoutDocument
    {
        var range = SizeRange.unconstrained
        var scale = 2.0
        var root: LayoutElement?
        for (key, member) in try members(of: value, at: documentPath) {
            let path = documentPath.appending(key)
            switch key {
            case "sizeRange": range = try sizeRange(member, at: path)
            case "scale":
                scale = try number(member, at: path, allowsNegative: false)
                guard LayoutDocument.validScales.contains(scale), scale > 0 else {
                    throw DocumentError(path: path, message:
                        "the scale must be greater than 0 and at most \(format(LayoutDocument.validScales.upperBound))")
                }
            case "root": root = try element(member, at: path)
            default: throw unknownKey(key, at: path)
            }
        }
        guard let root else { throw DocumentError(path: "document", message: "missing required key \"root\"") }
        return LayoutDocument(sizeRange: range, scale: scale, rootElement: root, info: info,
                              elementsByName: elementsByName)
    }

    // MARK: Elements

    mutating func element(_ value: JSONValueRef, at path: JSONPath) throws(DocumentError) -> LayoutElement {
        let fields = try members(of: value, at: path)
        guard let typeValue = fields.first(where: { $0.key == "type" })?.value else {
            throw DocumentError(path: path, message: "an element needs a \"type\"")
        }
        let type = try string(typeValue, at: path.appending("type"))
        guard Self.keysByType[type] != nil else {
            let known = Self.keysByType.keys.sorted().map { jsonString($0) }.joined(separator: ", ")
            throw DocumentError(path: path.appending("type"),
                                message: "unknown element type \(jsonString(type)) (expected one of \(known))")
        }
        var element = ElementFields(type: type, path: path)
        for (key, member) in fields {
            try read(key, member, into: &element, at: path.appending(key))
        }
        let built = try build(element)
        built.style = element.style
        if let name = element.name {
            guard elementsByName[name] == nil else {
                throw DocumentError(path: path.appending("name"), message: "duplicate name \(jsonString(name))")
            }
            elementsByName[name] = built
            built.debugName = name
        }
        info[ObjectIdentifier(built)] = .init(path: path, name: element.name, color: element.color)
        return built
    }

    /// Everything an element object may hold; each type reads the fields it owns.
    struct ElementFields {
        let type: String
        let path: JSONPath
        var name: String?
        var style = Style()
        var color: String?
        var size: Size?
        var layout: LayoutElement?
        var child: LayoutElement?
        var children: [LayoutElement]?
        var overlay: LayoutElement?
        var background: LayoutElement?
        var corner: LayoutElement?
        /// Made only for a stack.
        lazy var stack = StackLayoutSpec()
        var insets = EdgeInsets.zero
        var centering: CenteringOptions = []
        var centerSizing: CenterSizingOptions = []
        var ratio: Double?
        var horizontalPosition = RelativePosition.none
        var verticalPosition = RelativePosition.none
        var sizingOption: RelativeSizingOption = []
        var absoluteSizing = AbsoluteSizing.default
        var cornerLocation = CornerLocation.topLeft
        var offset = Point.zero
        var wrapsCorner = false
        var horizontalAlignment = HorizontalAlignment.none
        var verticalAlignment = VerticalAlignment.none
    }

    /// The keys each element type accepts besides `type`, `name` and `style`.
    static let keysByType: [String: Set<String>] = [
        "node": ["size", "layout", "color"],
        "spec": ["child"],
        "wrapper": ["child", "children"],
        "stack": ["direction", "spacing", "justifyContent", "alignItems", "flexWrap", "alignContent",
                  "lineSpacing", "horizontalAlignment", "verticalAlignment", "children"],
        "inset": ["insets", "child"],
        "overlay": ["child", "overlay"],
        "background": ["child", "background"],
        "center": ["centeringOptions", "sizingOptions", "child"],
        "ratio": ["ratio", "child"],
        "relative": ["horizontalPosition", "verticalPosition", "sizingOption", "child"],
        "absolute": ["sizing", "children"],
        "corner": ["child", "corner", "cornerLocation", "offset", "wrapsCorner"],
    ]

    mutating func read(_ key: String, _ value: JSONValueRef, into e: inout ElementFields, at path: JSONPath)
        throws(DocumentError)
    {
        let allowed = Self.keysByType[e.type] ?? []
        switch key {
        case "type": return
        case "name": e.name = try string(value, at: path)
        case "style": e.style = try style(value, at: path)
        case _ where !allowed.contains(key):
            throw DocumentError(path: path, message: "unknown key \(jsonString(key)) for a \(e.type)")
        case "color": e.color = try string(value, at: path)
        case "size": e.size = try size(value, at: path)
        case "layout": e.layout = try element(value, at: path)
        case "child": e.child = try element(value, at: path)
        case "children": e.children = try elements(value, at: path)
        case "overlay": e.overlay = try element(value, at: path)
        case "background": e.background = try element(value, at: path)
        case "corner": e.corner = try element(value, at: path)
        case "direction": e.stack.direction = try choice(value, at: path, StackDirection.self)
        case "spacing": e.stack.spacing = try number(value, at: path, allowsNegative: true)
        case "justifyContent": e.stack.justifyContent = try choice(value, at: path, StackJustifyContent.self)
        case "alignItems": e.stack.alignItems = try choice(value, at: path, StackAlignItems.self)
        case "flexWrap": e.stack.flexWrap = try choice(value, at: path, StackFlexWrap.self)
        case "alignContent": e.stack.alignContent = try choice(value, at: path, StackAlignContent.self)
        case "lineSpacing": e.stack.lineSpacing = try number(value, at: path, allowsNegative: true)
        case "horizontalAlignment": e.horizontalAlignment = try choice(value, at: path, HorizontalAlignment.self)
        case "verticalAlignment": e.verticalAlignment = try choice(value, at: path, VerticalAlignment.self)
        case "insets": e.insets = try insets(value, at: path)
        case "centeringOptions": e.centering = try choice(value, at: path, CenteringOptions.self)
        case "sizingOptions": e.centerSizing = try choice(value, at: path, CenterSizingOptions.self)
        case "ratio":
            let ratio = try number(value, at: path, allowsNegative: false)
            guard ratio > 0 else { throw DocumentError(path: path, message: "the ratio must be greater than 0") }
            e.ratio = ratio
        case "horizontalPosition": e.horizontalPosition = try choice(value, at: path, RelativePosition.self)
        case "verticalPosition": e.verticalPosition = try choice(value, at: path, RelativePosition.self)
        case "sizingOption": e.sizingOption = try choice(value, at: path, RelativeSizingOption.self)
        case "sizing": e.absoluteSizing = try choice(value, at: path, AbsoluteSizing.self)
        case "cornerLocation": e.cornerLocation = try choice(value, at: path, CornerLocation.self)
        case "offset": e.offset = try point(value, at: path)
        case "wrapsCorner": e.wrapsCorner = try bool(value, at: path)
        default: throw DocumentError(path: path, message: "unknown key \(jsonString(key)) for a \(e.type)")
        }
    }

    func build(_ fields: ElementFields) throws(DocumentError) -> LayoutElement {
        var e = fields
        func required(_ element: LayoutElement?, _ key: String) throws(DocumentError) -> LayoutElement {
            guard let element else {
                throw DocumentError(path: e.path, message: "\(article(e.type)) \(e.type) needs \(jsonString(key))")
            }
            return element
        }
        switch e.type {
        case "node":
            if e.size != nil && e.layout != nil {
                throw DocumentError(path: e.path, message: "a node has either \"size\" or \"layout\", not both")
            }
            if let size = e.size { return FixedSizeNode(intrinsicSize: size) }
            if let layout = e.layout { return DocumentSpecNode(element: layout) }
            return DisplayNode()
        case "spec":
            return LayoutSpec(children: e.child.map { [$0] } ?? [])
        case "wrapper":
            if e.child != nil && e.children != nil {
                throw DocumentError(path: e.path, message: "a wrapper has either \"child\" or \"children\", not both")
            }
            return WrapperLayoutSpec(layoutElements: e.children ?? e.child.map { [$0] } ?? [])
        case "stack":
            let stack = e.stack
            stack.children = e.children ?? []
            stack.horizontalAlignment = e.horizontalAlignment
            stack.verticalAlignment = e.verticalAlignment
            return stack
        case "inset":
            return InsetLayoutSpec(insets: e.insets, child: try required(e.child, "child"))
        case "overlay":
            return OverlayLayoutSpec(child: try required(e.child, "child"), overlay: try required(e.overlay, "overlay"))
        case "background":
            return BackgroundLayoutSpec(child: try required(e.child, "child"),
                                        background: try required(e.background, "background"))
        case "center":
            return CenterLayoutSpec(centeringOptions: e.centering, sizingOptions: e.centerSizing,
                                    child: try required(e.child, "child"))
        case "ratio":
            guard let ratio = e.ratio else { throw DocumentError(path: e.path, message: "a ratio needs \"ratio\"") }
            return RatioLayoutSpec(ratio: ratio, child: try required(e.child, "child"))
        case "relative":
            return RelativeLayoutSpec(horizontalPosition: e.horizontalPosition, verticalPosition: e.verticalPosition,
                                      sizingOption: e.sizingOption, child: try required(e.child, "child"))
        case "absolute":
            return AbsoluteLayoutSpec(sizing: e.absoluteSizing, children: e.children ?? [])
        default:  // "corner": element() has rejected every other type.
            return CornerLayoutSpec(child: try required(e.child, "child"), corner: try required(e.corner, "corner"),
                                    location: e.cornerLocation, offset: e.offset, wrapsCorner: e.wrapsCorner)
        }
    }

    mutating func elements(_ value: JSONValueRef, at path: JSONPath) throws(DocumentError) -> [LayoutElement] {
        guard value.kind == .array else { throw wrongKind(value, expected: "an array of elements", at: path) }
        var result: [LayoutElement] = []
        result.reserveCapacity(value.count)
        for (index, item) in value.elements.enumerated() {
            result.append(try element(item, at: path.appending(index: index)))
        }
        return result
    }

    // MARK: Style

    /// Which of the six stored sizing dimensions a style key writes.
    static let storedDimensions: [String: [String]] = [
        "width": ["width"], "height": ["height"], "preferredSize": ["width", "height"],
        "preferredLayoutSize": ["width", "height"],
        "minWidth": ["minWidth"], "minHeight": ["minHeight"], "minSize": ["minWidth", "minHeight"],
        "minLayoutSize": ["minWidth", "minHeight"],
        "maxWidth": ["maxWidth"], "maxHeight": ["maxHeight"], "maxSize": ["maxWidth", "maxHeight"],
        "maxLayoutSize": ["maxWidth", "maxHeight"],
    ]

    func style(_ value: JSONValueRef, at path: JSONPath) throws(DocumentError) -> Style {
        var style = Style()
        var writtenBy: [String: String] = [:]
        for (key, member) in try members(of: value, at: path) {
            let path = path.appending(key)
            for stored in Self.storedDimensions[key] ?? [] {
                if let earlier = writtenBy[stored] {
                    throw DocumentError(path: path, message:
                        "sets \(stored), which \(jsonString(earlier)) already sets (the result would depend on order)")
                }
                writtenBy[stored] = key
            }
            switch key {
            case "width": style.width = try dimension(member, at: path)
            case "height": style.height = try dimension(member, at: path)
            case "minWidth": style.minWidth = try dimension(member, at: path)
            case "maxWidth": style.maxWidth = try dimension(member, at: path)
            case "minHeight": style.minHeight = try dimension(member, at: path)
            case "maxHeight": style.maxHeight = try dimension(member, at: path)
            case "preferredSize": style.preferredSize = try size(member, at: path)
            case "minSize": style.minSize = try size(member, at: path)
            case "maxSize": style.maxSize = try size(member, at: path)
            case "preferredLayoutSize": style.preferredLayoutSize = try layoutSize(member, at: path)
            case "minLayoutSize": style.minLayoutSize = try layoutSize(member, at: path)
            case "maxLayoutSize": style.maxLayoutSize = try layoutSize(member, at: path)
            case "spacingBefore": style.spacingBefore = try number(member, at: path, allowsNegative: true)
            case "spacingAfter": style.spacingAfter = try number(member, at: path, allowsNegative: true)
            case "flexGrow": style.flexGrow = try number(member, at: path, allowsNegative: false)
            case "flexShrink": style.flexShrink = try number(member, at: path, allowsNegative: false)
            case "ascender": style.ascender = try number(member, at: path, allowsNegative: true)
            case "descender": style.descender = try number(member, at: path, allowsNegative: true)
            case "flexBasis": style.flexBasis = try dimension(member, at: path)
            case "alignSelf": style.alignSelf = try choice(member, at: path, AlignSelf.self)
            case "layoutPosition": style.layoutPosition = try point(member, at: path)
            default: throw DocumentError(path: path, message: "unknown style key \(jsonString(key))")
            }
        }
        return style
    }

    /// A number of points, `"<n>pt"`, `"<n>%"` (0…100) or `"auto"`.
    func dimension(_ value: JSONValueRef, at path: JSONPath) throws(DocumentError) -> Dimension {
        if value.kind == .number { return .points(try length(value, at: path)) }
        guard let text = value.stringValue else {
            throw wrongKind(value, expected: "a dimension (a number, \"<n>pt\", \"<n>%\" or \"auto\")", at: path)
        }
        guard let dimension = Dimension(strictlyParsing: text) else {
            throw DocumentError(path: path, message:
                "expected a dimension (a number, \"<n>pt\", \"<n>%\" or \"auto\"), got \(value.shortDescription)")
        }
        if dimension.unit == .points && dimension.value < 0 {
            throw DocumentError(path: path, message: "a size must not be negative, got \(value.shortDescription)")
        }
        if dimension.unit == .fraction && !(0...1).contains(dimension.value) {
            throw DocumentError(path: path, message:
                "a percentage must lie between 0% and 100%, got \(value.shortDescription)")
        }
        return dimension
    }

    func layoutSize(_ value: JSONValueRef, at path: JSONPath) throws(DocumentError) -> LayoutSize {
        let (width, height) = try pair(value, at: path) { v, p throws(DocumentError) in try dimension(v, at: p) }
        return LayoutSize(width: width, height: height)
    }

    // MARK: Values

    func sizeRange(_ value: JSONValueRef, at path: JSONPath) throws(DocumentError) -> SizeRange {
        var range = SizeRange.unconstrained
        for (key, member) in try members(of: value, at: path) {
            let path = path.appending(key)
            let bound = try pair(member, at: path) { v, p throws(DocumentError) in
                try number(v, at: p, allowsNegative: false, allowsInfinity: true)
            }
            switch key {
            case "min": range.min = Size(bound.0, bound.1)
            case "max": range.max = Size(bound.0, bound.1)
            default: throw unknownKey(key, at: path)
            }
        }
        if range.min.width > range.max.width || range.min.height > range.max.height {
            throw DocumentError(path: path, message: "the min \(range.min) exceeds the max \(range.max)")
        }
        return range
    }

    func insets(_ value: JSONValueRef, at path: JSONPath) throws(DocumentError) -> EdgeInsets {
        var insets = EdgeInsets.zero
        for (key, member) in try members(of: value, at: path) {
            let path = path.appending(key)
            let inset = try number(member, at: path, allowsNegative: true, allowsInfinity: true)
            switch key {
            case "top": insets.top = inset
            case "left": insets.left = inset
            case "bottom": insets.bottom = inset
            case "right": insets.right = inset
            default: throw unknownKey(key, at: path)
            }
        }
        return insets
    }

    func size(_ value: JSONValueRef, at path: JSONPath) throws(DocumentError) -> Size {
        let (width, height) = try pair(value, at: path) { v, p throws(DocumentError) in try length(v, at: p) }
        return Size(width, height)
    }

    func point(_ value: JSONValueRef, at path: JSONPath) throws(DocumentError) -> Point {
        let (x, y) = try pair(value, at: path) { v, p throws(DocumentError) in
            try number(v, at: p, allowsNegative: true)
        }
        return Point(x, y)
    }

    /// A finite, non-negative number of points.
    func length(_ value: JSONValueRef, at path: JSONPath) throws(DocumentError) -> Double {
        try number(value, at: path, allowsNegative: false)
    }

    /// A finite number; `"inf"` too where unbounded is allowed.
    func number(_ value: JSONValueRef, at path: JSONPath, allowsNegative: Bool, allowsInfinity: Bool = false)
        throws(DocumentError) -> Double
    {
        if allowsInfinity, value.stringValue == "inf" { return .infinity }
        guard let number = value.numberValue else {
            throw wrongKind(value, expected: allowsInfinity ? "a number or \"inf\"" : "a number", at: path)
        }
        if value.isOverflow {
            throw DocumentError(path: path, message:
                "the number \(value.numberText ?? value.shortDescription) is too large to be finite"
                + (allowsInfinity ? " (write \"inf\" for unbounded)" : ""))
        }
        if !allowsNegative && number < 0 {
            throw DocumentError(path: path, message: "must not be negative, got \(value.shortDescription)")
        }
        return number
    }

    func pair<T>(_ value: JSONValueRef, at path: JSONPath,
                 _ item: (JSONValueRef, JSONPath) throws(DocumentError) -> T) throws(DocumentError) -> (T, T) {
        guard value.kind == .array, value.count == 2,
              let first = value.element(at: 0), let second = value.element(at: 1) else {
            throw wrongKind(value, expected: "an array of two values", at: path)
        }
        return (try item(first, path.appending(index: 0)), try item(second, path.appending(index: 1)))
    }

    func string(_ value: JSONValueRef, at path: JSONPath) throws(DocumentError) -> String {
        guard let text = value.stringValue else { throw wrongKind(value, expected: "a string", at: path) }
        return text
    }

    func bool(_ value: JSONValueRef, at path: JSONPath) throws(DocumentError) -> Bool {
        guard let flag = value.boolValue else { throw wrongKind(value, expected: "true or false", at: path) }
        return flag
    }

    func choice<T: DocumentChoice>(_ value: JSONValueRef, at path: JSONPath, _ type: T.Type) throws(DocumentError)
        -> T
    {
        let names = T.documentNames
        guard let text = value.stringValue, let index = names.firstIndex(of: text) else {
            let list = names.map { jsonString($0) }.joined(separator: ", ")
            throw DocumentError(path: path, message: "expected one of \(list), got \(value.shortDescription)")
        }
        return T.documentValues[index]
    }

    /// An object's members, rejecting anything else and duplicate keys.
    func members(of value: JSONValueRef, at path: JSONPath) throws(DocumentError)
        -> [(key: String, value: JSONValueRef)]
    {
        guard value.kind == .object else {
            throw wrongKind(value, expected: "an object", at: path)
        }
        let members = Array(value.members)
        // Objects are usually small: comparing each key with the ones before it beats hashing them.
        var seen = members.count > 16 ? Set<String>() : nil
        for index in members.indices {
            let key = members[index].key
            let repeated = seen != nil
                ? !seen!.insert(key).inserted : members[..<index].contains(where: { $0.key == key })
            if repeated {
                throw DocumentError(path: path.appending(key), message: "duplicate key \(jsonString(key))")
            }
        }
        return members
    }

    func wrongKind(_ value: JSONValueRef, expected: String, at path: JSONPath) -> DocumentError {
        DocumentError(path: path, message: "expected \(expected), got \(value.shortDescription)")
    }

    func unknownKey(_ key: String, at path: JSONPath) -> DocumentError {
        DocumentError(path: path, message: "unknown key \(jsonString(key))")
    }

}

/// "a" or "an" before an element type's name.
func article(_ word: String) -> String {
    word.first.map { "aeiou".contains($0) } == true ? "an" : "a"
}

/// An option whose document spelling is one of a fixed list of strings.
protocol DocumentChoice {
    static var documentNames: [String] { get }
    static var documentValues: [Self] { get }
}

/// The document spells an enum's cases as their Swift names; each type keeps its list (built once).
protocol NamedCases: DocumentChoice, CaseIterable {}

extension NamedCases where AllCases == [Self] {
    static func names() -> [String] { allCases.map { String(describing: $0) } }
    static var documentValues: [Self] { allCases }
}

extension StackDirection: NamedCases { static let documentNames = names() }
extension StackJustifyContent: NamedCases { static let documentNames = names() }
extension StackAlignItems: NamedCases { static let documentNames = names() }
extension StackFlexWrap: NamedCases { static let documentNames = names() }
extension StackAlignContent: NamedCases { static let documentNames = names() }
extension HorizontalAlignment: NamedCases { static let documentNames = names() }
extension VerticalAlignment: NamedCases { static let documentNames = names() }
extension AlignSelf: NamedCases { static let documentNames = names() }
extension RelativePosition: NamedCases { static let documentNames = names() }
extension AbsoluteSizing: NamedCases { static let documentNames = names() }
extension CornerLocation: NamedCases { static let documentNames = names() }

extension CenteringOptions: DocumentChoice {
    static let documentNames = ["none", "x", "y", "xy"]
    static let documentValues: [CenteringOptions] = [[], .x, .y, .xy]
}

extension CenterSizingOptions: DocumentChoice {
    static let documentNames = ["default", "minimumX", "minimumY", "minimumXY"]
    static let documentValues: [CenterSizingOptions] = [[], .minimumX, .minimumY, .minimumXY]
}

extension RelativeSizingOption: DocumentChoice {
    static let documentNames = ["default", "minimumWidth", "minimumHeight", "minimumSize"]
    static let documentValues: [RelativeSizingOption] = [[], .minimumWidth, .minimumHeight, .minimumSize]
}
