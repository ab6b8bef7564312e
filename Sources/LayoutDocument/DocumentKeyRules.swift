import LayoutJSON

extension LayoutDocument {
    /// The keys of every object of a layout document, for the parser to refuse an unknown one as it reads it, with
    /// the message and path the reader would give: a document with a misspelt key deep inside it is refused
    /// without parsing the rest. Made from the reader's own key lists (``DocumentKey``, ``ElementKind/all``,
    /// ``StyleKey``, ``FontKey``, …), so a key the reader accepts is never refused here. An element's keys are checked once its
    /// `type` is read (documents usually write it first); the reader checks the keys before it.
    static let keyRules: JSONKeyRules = {
        typealias Value = JSONKeyRules.Value
        // The rules' numbers: the document's is the first.
        let document = 0, element = 1, style = 2, sizeRange = 3, fonts = 4, font = 5, insets = 6, gradient = 7,
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
