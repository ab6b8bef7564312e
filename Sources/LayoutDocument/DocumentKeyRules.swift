import LayoutJSON

extension LayoutDocument {
    /// The number of the rule of element objects in ``keyRules``.
    static let elementRule = 1

    /// The keys of every object of a layout document, for the parser to refuse an unknown one as it reads it, with
    /// the message and path the reader would give: a document with a misspelt key deep inside it is refused
    /// without parsing the rest. Made from the reader's own key lists (``DocumentKey``, ``ElementKind/all``,
    /// ``StyleKey``, ``FontKey``, …), so a key the reader accepts is never refused here. An element's keys are checked once its
    /// `type` is read (documents usually write it first); the reader checks the keys before it.
    static let keyRules: JSONKeyRules = {
        typealias Value = JSONKeyRules.Value
        // The rules' numbers: the document's is the first.
        let document = 0, element = elementRule, style = 2, sizeRange = 3, fonts = 4, font = 5, insets = 6,
            gradient = 7,
            run = 8
        func plain(_ names: [String]) -> [String: Value] {
            Dictionary(uniqueKeysWithValues: names.map { ($0, Value()) })
        }
        func rawValues<Key: RawRepresentable & CaseIterable>(_: Key.Type) -> [String: Value]
        where Key.RawValue == String {
            plain(Key.allCases.map(\.rawValue))
        }
        let unknown: @Sendable (String, String?) -> String = { key, _ in unknownKeyMessage(key) }
        var documentKeys = rawValues(DocumentKey.self)
        documentKeys[DocumentKey.root.rawValue] = Value(object: element)
        documentKeys[DocumentKey.sizeRange.rawValue] = Value(object: sizeRange)
        documentKeys[DocumentKey.fonts.rawValue] = Value(object: fonts)
        var variants: [String: [String: Value]] = [:]
        for kind in ElementKind.all {
            variants[kind.type] = Dictionary(
                uniqueKeysWithValues: kind.keys.map { key in
                    let value: Value =
                        switch key.value {
                        case .element: Value(object: element)
                        case .elements: Value(items: element)
                        case .insets: Value(object: insets)
                        case .gradient: Value(object: gradient)
                        case .runs: Value(items: run)
                        case .number, .positiveNumber, .bool, .choice, .size, .point, .fraction, .corners, .color,
                            .string,
                            .count, .fontName:
                            Value()
                        }
                    return (key.name, value)
                })
        }
        return JSONKeyRules([
            JSONKeyRules.Object(keys: documentKeys, message: unknown),
            JSONKeyRules.Object(
                keys: ["type": Value(), "name": Value(), "style": Value(object: style)],
                selector: "type", variants: variants,
                message: { key, type in ElementKind.named(type ?? "")?.unknownKeyMessage(key) ?? "" }),
            JSONKeyRules.Object(keys: rawValues(StyleKey.self), message: { key, _ in StyleKey.unknownKeyMessage(key) }),
            JSONKeyRules.Object(keys: rawValues(SizeRangeKey.self), message: unknown),
            // `fonts` maps the document's names of fonts to their entries.
            JSONKeyRules.Object(keys: [:], anyKey: Value(object: font), message: unknown),
            JSONKeyRules.Object(keys: rawValues(FontKey.self), message: unknown),
            JSONKeyRules.Object(keys: rawValues(InsetKey.self), message: unknown),
            JSONKeyRules.Object(keys: rawValues(GradientKey.self), message: unknown),
            JSONKeyRules.Object(keys: rawValues(RunKey.self), message: unknown),
        ])
    }()
}

/// The numbers ``LayoutDocument/keyRules`` gives the keys of elements, for the reader to tell an element's keys
/// apart by number (see ``DocumentReader/keyNumbers``).
enum ElementKeyNumbers {
    /// The number of `type`, `name` and `style`, the keys every element has.
    static let type = number("type"), name = number("name"), style = number("style")

    /// By kind (its position in ``ElementKind/all``), then key number: the key's position in the kind's keys, or -1
    /// when the kind has no such key.
    private static let positions: [[Int8]] = ElementKind.all.map { kind in
        var positions = [Int8](repeating: -1, count: LayoutDocument.keyRules.keyNumbers.count)
        for (position, key) in kind.keys.enumerated() { positions[Int(number(key.name))] = Int8(position) }
        return positions
    }

    /// The position in the keys of the kind at `kind` in ``ElementKind/all`` of the key numbered `key`, if the kind
    /// has it.
    static func position(of key: Int32, kind: Int) -> Int? {
        guard key >= 0 else { return nil }
        let position = positions[kind][Int(key)]
        return position >= 0 ? Int(position) : nil
    }

    /// By variant of the element rule (``JSONValueRef/selectedVariant``): the kind's position in
    /// ``ElementKind/all``.
    static let kindPositions: [Int] = LayoutDocument.keyRules.variantNames(of: LayoutDocument.elementRule).map {
        ElementKind.position(of: $0)!
    }

    /// The number of a key the rules name.
    private static func number(_ key: String) -> Int32 { LayoutDocument.keyRules.keyNumbers[key]! }
}

/// The cases of a key enum (``StyleKey``, ``InsetKey``, …) by the numbers ``LayoutDocument/keyRules`` gives their
/// names, for the reader to find a key's case by the key's number.
struct KeysByNumber<Key: RawRepresentable & CaseIterable & Sendable>: Sendable where Key.RawValue == String {
    private let cases: [Key?]

    init() {
        var cases = [Key?](repeating: nil, count: LayoutDocument.keyRules.keyNumbers.count)
        for key in Key.allCases { cases[Int(LayoutDocument.keyRules.keyNumbers[key.rawValue]!)] = key }
        self.cases = cases
    }

    /// The case whose name has number `number` (-1: a key no rule names), if there is one.
    func key(numbered number: Int32) -> Key? { number >= 0 ? cases[Int(number)] : nil }
}

extension StyleKey {
    /// The style keys by number.
    static let byNumber = KeysByNumber<StyleKey>()
}

extension InsetKey {
    /// The inset keys by number.
    static let byNumber = KeysByNumber<InsetKey>()
}
