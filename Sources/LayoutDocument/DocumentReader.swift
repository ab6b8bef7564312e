import LayoutJSON
import TextureLayout
import TextureLayoutText
import TextureLayoutPaint

extension LayoutDocument {
    /// Reads a document from JSON text. Font files in `fonts` are found relative to `baseFolder` (the folder
    /// of the document's file); `nil` means the working folder, as for a document read from standard input.
    public init(json: String, baseFolder: String? = nil) throws(DocumentError) {
        try self.init(bytes: Array(json.utf8), baseFolder: baseFolder)
    }

    /// Reads a document from UTF-8 bytes. Any nesting depth is accepted. Font and image files are found relative
    /// to `baseFolder` (`nil`: the working folder).
    public init(bytes: [UInt8], baseFolder: String? = nil) throws(DocumentError) {
        try self.init(bytes: bytes, fontFiles: .relativeTo(baseFolder), imageFiles: .relativeTo(baseFolder))
    }

    /// Reads a document from UTF-8 bytes, taking font files only as `fontFiles` allows and image files as
    /// `imageFiles` allows (a server confines them to its fonts and images folders). Bytes handed over (not used by
    /// the caller afterwards) are freed once parsed, before the elements are built, and the parsed values as the
    /// elements made from them are built. Images are read to their headers (their pixels are decoded when a
    /// picture is drawn).
    public init(bytes: consuming [UInt8], fontFiles: FontFiles, imageFiles: ImageFiles) throws(DocumentError) {
        let tape: JSONTape
        do {
            tape = try JSONTape(bytes: consume bytes, keyRules: LayoutDocument.keyRules)
        } catch {
            throw DocumentError(error)
        }
        var reader = DocumentReader(fontFiles: fontFiles, imageFiles: imageFiles, tape: tape, freeing: true)
        self = try reader.document(tape.root, at: JSONPath())
    }

    /// Checks the first bytes of a document still being received (from a file or a request), so that input that
    /// is wrong from its start (binary data, a root that is not an object, an unknown first key) is refused before
    /// the rest is read; what is cut off at their end is not an error. The error is the one reading the whole
    /// document would give.
    public static func checkBeginning(_ bytes: [UInt8]) throws(DocumentError) {
        let error = JSONTape.firstError(inBeginning: bytes, keyRules: LayoutDocument.keyRules)
        if let error { throw DocumentError(error) }
    }

    /// Reads a document from an already parsed JSON value (e.g. the `document` of a conformance case). Font
    /// and image files are found relative to `baseFolder` (`nil`: the working folder).
    package init(jsonValue: JSONValueRef, baseFolder: String? = nil) throws(DocumentError) {
        try self.init(jsonValue: jsonValue, fontFiles: .relativeTo(baseFolder), imageFiles: .relativeTo(baseFolder))
    }

    /// Reads a document from an already parsed JSON value, taking font and image files only as `fontFiles` and
    /// `imageFiles` allow.
    package init(jsonValue: JSONValueRef, fontFiles: FontFiles, imageFiles: ImageFiles) throws(DocumentError) {
        // Reading follows nesting with a loop (DocumentReader.element), so any depth reads on the caller's stack.
        var reader = DocumentReader(
            fontFiles: fontFiles, imageFiles: imageFiles, tape: jsonValue.tape, freeing: false)
        self = try reader.document(jsonValue, at: JSONPath())
    }
}

/// Reads the JSON tape into elements, checking every rule of the document contract.
struct DocumentReader {
    var elements = ElementTable()
    /// The percentage min and max sizes of the elements that have any, for layout errors about them.
    var percentageBounds: [ObjectIdentifier: [LayoutDocument.PercentageBound]] = [:]
    var named = NamedElements()
    /// One block per distinct style of the document, so that elements with equal styles share it: a feed of
    /// thousands of cells has a handful of styles. The reader's own, so threads reading documents at the same time
    /// share nothing.
    var styles = StylePool()
    /// Whether a text element was read.
    var hasTexts = false
    /// Where font paths lead.
    let fontFiles: FontFiles
    /// The fonts `fonts` names, read before the elements that use them.
    let fonts = DocumentFonts()
    /// The images the image elements show.
    let images: DocumentImages
    /// Every image element, in document order.
    var imageNodes: [ImageNode] = []
    /// The tape being read, when it is the reader's alone: the values of each element are freed once it is built
    /// (the reader never goes back), so that the tape and the elements are not all in memory together.
    let tapeToFree: JSONTape?
    /// The caller's flag (``LayoutCancellation/current``), checked every 1,024 elements: a set flag stops reading
    /// with an error.
    let cancellation = LayoutCancellation.current
    /// The tape's keys, by index.
    let keys: [String]
    /// The number ``LayoutDocument/keyRules`` gives each of the tape's keys, by index (-1: no rule names it): the
    /// reader tells keys apart by these numbers, never comparing strings.
    let keyNumbers: [Int32]
    /// Whether the tape was parsed with the document's key rules, whose parser noted the variant of each element's
    /// type (``JSONValueRef/selectedVariant``).
    let readsVariants: Bool

    /// A reader of values of `tape`, which it frees as it goes if `freeing` (the tape must then be its alone).
    init(fontFiles: FontFiles, imageFiles: ImageFiles, tape: JSONTape, freeing: Bool) {
        self.fontFiles = fontFiles
        images = DocumentImages(files: imageFiles)
        tapeToFree = freeing ? tape : nil
        keys = tape.keys
        // One reference to the rules' numbers for all the keys: the rules are every thread's.
        let ruleNumbers = LayoutDocument.keyRules.keyNumbers
        keyNumbers = tape.keys.map { ruleNumbers[$0] ?? -1 }
        readsVariants = tape.keyRules === LayoutDocument.keyRules
    }

    mutating func document(
        _ value: JSONValueRef, at documentPath: JSONPath
    ) throws(DocumentError)
        -> LayoutDocument
    {
        var range = SizeRange.unconstrained
        var scale = 2.0
        var direction = LayoutDirection.leftToRight
        var root: LayoutElement?
        let documentMembers = try members(of: value, at: documentPath)
        // Fonts first, wherever the key is: text elements name them.
        if let fontsValue = documentMembers.first(where: { $0.key == "fonts" })?.value {
            try readFonts(fontsValue, at: documentPath.appending("fonts"))
        }
        if let fallbackValue = documentMembers.first(where: { $0.key == "fallbackFonts" })?.value {
            try readFallbackFonts(fallbackValue, at: documentPath.appending("fallbackFonts"))
        }
        for entry in documentMembers {
            let key = entry.key, member = entry.value
            let path = documentPath.appending(key)
            guard let documentKey = DocumentKey(rawValue: key) else { throw unknownKey(key, at: path) }
            switch documentKey {
            case .fonts, .fallbackFonts: continue
            case .sizeRange: range = try sizeRange(member, at: path)
            case .scale:
                scale = try number(member, at: path, allowsNegative: false)
                guard LayoutDocument.validScales.contains(scale) else {
                    throw DocumentError(path: path, message: LayoutDocument.scaleRule + ", got \(format(scale))")
                }
            case .root: root = try element(member, key: key, at: path)
            case .layoutDirection: direction = try choice(member, at: path, LayoutDirection.self)
            }
        }
        guard let root else { throw DocumentError(path: "document", message: "missing required key \"root\"") }
        return LayoutDocument(
            sizeRange: range, scale: scale, layoutDirection: direction, rootElement: root,
            elements: elements, named: named, percentageBounds: percentageBounds,
            hasTexts: hasTexts, imageNodes: imageNodes)
    }

    // MARK: Elements

    /// An element object being read: its members are read in order; one whose value is an element (or an array
    /// of them) waits, below the child's frame, until the child is built.
    struct Frame {
        /// The element's number in ``ElementTable``.
        let number: UInt32
        /// The tape index just past the element's object.
        let end: Int
        let kind: ElementKind
        /// The kind's position in ``ElementKind/all``.
        let kindPosition: Int
        /// The element made as the reader met its object, for a kind that makes it then (``ElementKind/make``).
        let made: LayoutElement?
        /// The members not read yet.
        var members: JSONMembers.Iterator
        var values: ElementValues
        var name: String?
        /// The block of the element's `style` (from ``DocumentReader/styles``), when it has one. Kept as a block,
        /// 8 bytes, rather than a 128-byte style: frames are moved at every element.
        var style: SharedStyle?
        /// The style's percentage min and max sizes, with their paths.
        var percentages: [LayoutDocument.PercentageBound] = []
        /// Whether a paint key was read (then the element keeps a ``Paint``).
        var hasPaint = false
        /// The key whose element (or array of elements) is being read, with the array's remaining items and the
        /// elements built from the ones before.
        var pending: PendingKey?

        /// Takes the element just built for the pending key.
        mutating func receive(_ element: LayoutElement) {
            guard pending != nil else { return }
            if pending!.items == nil {
                values.set(pending!.key, .element(element))
                pending = nil
            } else {
                // In place: a copy of the pending key would make appending copy the array.
                pending!.built.append(element)
            }
        }
    }

    /// A key whose value is an element or an array of elements, while they are read. A struct rather than a tuple:
    /// the compiler gives it specialized copies, where a tuple with these members goes through generic ones.
    struct PendingKey {
        var key: String
        /// The key's position in the element's kind's keys.
        var keyPosition: Int
        var path: JSONPath
        /// The array's remaining items; `nil` for a single element.
        var items: JSONElements.Iterator?
        var built: [LayoutElement]
    }

    /// Reads the element the document's `key` holds and everything nested in it. Nesting is followed with a stack of
    /// frames on the heap rather than by recursion, so any depth reads on any thread; errors come in the order a
    /// depth-first reading meets them.
    mutating func element(
        _ value: JSONValueRef, key: String, at path: JSONPath
    ) throws(DocumentError)
        -> LayoutElement
    {
        var frames = [try begin(value, at: path, parent: ElementTable.noParent, keyPosition: 0, index: nil)]
        while true {
            if let child = try advance(&frames[frames.count - 1]) {
                if elements.count % 1024 == 0, let cancellation, cancellation.isCancelled {
                    throw DocumentError(path: child.path, message: "reading was stopped")
                }
                frames.append(
                    try begin(
                        child.value, at: child.path, parent: frames[frames.count - 1].number,
                        keyPosition: child.keyPosition, index: child.index))
                continue
            }
            let frame = frames.removeLast()
            let built = try finish(frame)
            // Everything before the element's end is read: the frames below read only members after it.
            tapeToFree?.free(before: frame.end)
            guard !frames.isEmpty else { return built }
            frames[frames.count - 1].receive(built)
        }
    }

    /// Checks an element object's type, numbers the element (held by the key at `keyPosition` of element
    /// `parent`'s kind, at `index` in the key's array if it holds one) and starts reading it.
    mutating func begin(
        _ value: JSONValueRef, at path: JSONPath, parent: UInt32, keyPosition: Int, index: Int?
    )
        throws(DocumentError) -> Frame
    {
        let fields = try members(of: value, at: path)
        var typeValue: JSONValueRef?
        var search = fields.makeIterator()
        while let next = search.nextMember() {
            if keyNumbers[next.keyIndex] == ElementKeyNumbers.type {
                typeValue = next.value
                break
            }
        }
        guard let typeValue else {
            throw DocumentError(path: path, message: "an element needs a \"type\"")
        }
        let kindPosition: Int
        if readsVariants, let variant = typeValue.selectedVariant {
            // The parser found the type as it read it.
            kindPosition = ElementKeyNumbers.kindPositions[variant]
        } else {
            // The path is made only for an error: every element has a type.
            guard let type = typeValue.stringValue else {
                throw wrongKind(typeValue, expected: "a string", at: path.appending("type"))
            }
            guard let position = ElementKind.position(of: type) else {
                let known = ElementKind.all.map(\.type).sorted().map { jsonString($0) }.joined(separator: ", ")
                throw DocumentError(
                    path: path.appending("type"),
                    message: "unknown element type \(jsonString(type)) (expected one of \(known))")
            }
            kindPosition = position
        }
        let kind = ElementKind.all[kindPosition]
        // Made before anything else is allocated for the element (see ``ElementKind/make``).
        let made = kind.make?()
        let number = elements.add(parent: parent, keyPosition: keyPosition, index: index, kind: kindPosition)
        // The same path, written out from the element table only for an error.
        let path = JSONPath(element: number, of: elements)
        return Frame(
            number: number, end: value.endIndex, kind: kind, kindPosition: kindPosition, made: made,
            members: fields.makeIterator(),
            values: ElementValues(path: path, kindType: kind.type, fonts: fonts, images: images, capacity: fields.count)
        )
    }

    /// An element value met by ``advance(_:)``: its JSON, its path, and the key (its position in the parent's
    /// kind's keys) and the index in the key's array holding it. A struct rather than a tuple, for specialized copies
    /// (see ``PendingKey``).
    struct Child {
        let value: JSONValueRef
        let path: JSONPath
        let keyPosition: Int
        let index: Int?
    }

    /// Reads the frame's members up to the next element value and returns that element (its frame comes next);
    /// `nil` once every member is read.
    mutating func advance(_ frame: inout Frame) throws(DocumentError) -> Child? {
        // The pending key is read and changed in place: a copy would make appending to its array copy the array.
        if frame.pending != nil {
            if frame.pending!.items != nil {
                if let item = frame.pending!.items!.next() {
                    let index = frame.pending!.built.count
                    return Child(
                        value: item, path: frame.pending!.path.appending(index: index),
                        keyPosition: frame.pending!.keyPosition, index: index)
                }
                frame.values.set(frame.pending!.key, .elements(frame.pending!.built))
            }
            frame.pending = nil
        }
        while let next = frame.members.nextMember() {
            let keyNumber = keyNumbers[next.keyIndex], member = next.value
            if keyNumber == ElementKeyNumbers.type { continue }
            let key = keys[next.keyIndex]
            // The member's path, `frame.values.path.appending(key)`, is made only where it is needed: for an element
            // it holds, or for an error.
            switch keyNumber {
            case ElementKeyNumbers.name: frame.name = try string(member, at: frame.values.path.appending(key))
            case ElementKeyNumbers.style:
                frame.style = styles.shared(
                    try style(member, at: frame.values.path.appending(key), percentages: &frame.percentages))
            default:
                guard let keyPosition = ElementKeyNumbers.position(of: keyNumber, kind: frame.kindPosition) else {
                    throw DocumentError(
                        path: frame.values.path.appending(key), message: frame.kind.unknownKeyMessage(key))
                }
                let declared = frame.kind.keys[keyPosition]
                switch declared.value {
                case .element:
                    let path = frame.values.path.appending(key)
                    frame.pending = PendingKey(key: key, keyPosition: keyPosition, path: path, items: nil, built: [])
                    return Child(value: member, path: path, keyPosition: keyPosition, index: nil)
                case .elements:
                    guard case .array = member.kind else {
                        throw wrongKind(member, expected: "an array of elements", at: frame.values.path.appending(key))
                    }
                    var items = member.elements.makeIterator()
                    guard let first = items.next() else {
                        frame.values.set(key, .elements([]))
                        continue
                    }
                    var built: [LayoutElement] = []
                    built.reserveCapacity(member.count)
                    // Stored once: every item's path extends it.
                    let arrayPath = frame.values.path.appending(key).stored()
                    frame.pending = PendingKey(
                        key: key, keyPosition: keyPosition, path: arrayPath, items: items,
                        built: built)
                    return Child(
                        value: first, path: arrayPath.appending(index: 0), keyPosition: keyPosition,
                        index: 0)
                default:
                    frame.values.set(
                        key, try value(member, declared.value, key: key, at: frame.values.path.appending(key)))
                    if declared.isPaint { frame.hasPaint = true }
                }
            }
        }
        return nil
    }

    /// Checks what only the whole element shows (required keys, exclusive keys, a duplicate name), builds it and
    /// records it.
    mutating func finish(_ frame: Frame) throws(DocumentError) -> LayoutElement {
        let kind = frame.kind
        for key in kind.keys where key.isRequired && !frame.values.has(key.name) {
            throw DocumentError(
                path: frame.values.path,
                message: "\(article(kind.type)) \(kind.type) needs \(jsonString(key.name))")
        }
        for (first, second) in kind.exclusiveKeys where frame.values.has(first) && frame.values.has(second) {
            throw DocumentError(
                path: frame.values.path,
                message: "\(article(kind.type)) \(kind.type) has either "
                    + "\(jsonString(first)) or \(jsonString(second)), not both")
        }
        let built = try kind.build(frame.made, frame.values)
        if let style = frame.style { built.sharedStyle = style }
        if let name = frame.name {
            guard named.add(built, name: name) else {
                throw DocumentError(
                    path: frame.values.path.appending("name"), message: "duplicate name \(jsonString(name))")
            }
            built.debugName = name
        }
        if built is TextNode { hasTexts = true }
        if let image = built as? ImageNode { imageNodes.append(image) }
        elements.built(built, number: frame.number, name: frame.name, paint: frame.hasPaint ? frame.values.paint : nil)
        if !frame.percentages.isEmpty { percentageBounds[ObjectIdentifier(built)] = frame.percentages }
        return built
    }

    /// A key's value that is not an element, checked against what its declaration says it must be.
    func value(
        _ value: JSONValueRef, _ kind: ElementValueKind, key: String, at path: @autoclosure () -> JSONPath
    )
        throws(DocumentError) -> ElementValues.Value
    {
        switch kind {
        case .element, .elements: preconditionFailure("elements are read by element(_:at:)")
        case .number(let allowsNegative): return .number(try number(value, at: path(), allowsNegative: allowsNegative))
        case .positiveNumber:
            let number = try number(value, at: path(), allowsNegative: false)
            guard number > 0 else { throw DocumentError(path: path(), message: "the \(key) must be greater than 0") }
            return .number(number)
        case .bool: return .bool(try bool(value, at: path()))
        case .choice(let names): return .choice(try choiceIndex(value, names, at: path()))
        case .size: return .size(try size(value, at: path()))
        case .point: return .point(try point(value, at: path()))
        case .insets: return .insets(try insets(value, at: path()))
        case .string: return .string(try string(value, at: path()))
        case .color: return .color(try color(value, at: path()))
        case .fraction: return .number(try fraction(value, at: path()))
        case .corners: return .corners(try corners(value, at: path()))
        case .gradient: return .gradient(try gradient(value, at: path()))
        case .count: return .number(Double(try wholeNumber(value, at: path())))
        case .fontName: return .font(try font(named: value, at: path()))
        case .runs: return .runs(try runs(value, at: path()))
        }
    }

    // MARK: Text

    /// Loads every font `fonts` names: `{"NAME": {"file": "PATH", "index": N}}`, the path relative to the base
    /// folder, the index the face in a collection (default 0).
    func readFonts(_ value: JSONValueRef, at path: JSONPath) throws(DocumentError) {
        let path = path.stored()
        for font in try members(of: value, at: path) {
            let name = font.key
            let entryPath = path.appending(name)
            var file: String?
            var index = 0
            for entry in try members(of: font.value, at: entryPath) {
                let key = entry.key, member = entry.value
                guard let fontKey = FontKey(rawValue: key) else { throw unknownKey(key, at: entryPath.appending(key)) }
                switch fontKey {
                case .file: file = try string(member, at: entryPath.appending(key))
                case .index: index = try wholeNumber(member, at: entryPath.appending(key))
                }
            }
            guard let file else {
                throw DocumentError(path: entryPath, message: "a font needs \"file\" (the path of a font file)")
            }
            let resolved: String?
            do {
                resolved = try fontFiles.resolve(file)
            } catch {
                throw DocumentError(path: entryPath.appending("file"), message: error.message)
            }
            guard let resolved else {
                throw DocumentError(
                    path: entryPath.appending("file"),
                    message:
                        "\(jsonString(file)): font files are not accepted here (no fonts folder)")
            }
            do {
                fonts.byName[name] = try Font(file: resolved, faceIndex: index)
            } catch {
                // Named as the document names it: a server's folders are not the client's business.
                let key = if case .noFace = error { "index" } else { "file" }
                throw DocumentError(path: entryPath.appending(key), message: error.naming(file).description)
            }
        }
    }

    /// The fonts `fallbackFonts` names, in order: names from `fonts` (or `"default"`).
    func readFallbackFonts(_ value: JSONValueRef, at path: JSONPath) throws(DocumentError) {
        guard case .array = value.kind else { throw wrongKind(value, expected: "an array of font names", at: path) }
        let path = path.stored()
        fonts.fallbackFonts = try (0..<value.count).map { (index) throws(DocumentError) in
            try font(named: value.element(at: index)!, at: path.appending(index: index))
        }
    }

    /// A font name: one that `fonts` defines, or `"default"`.
    func font(named value: JSONValueRef, at path: JSONPath) throws(DocumentError) -> Font {
        let name = try string(value, at: path)
        if let font = fonts.byName[name] { return font }
        guard name == "default" else {
            let known = (fonts.byName.keys.sorted() + ["default"]).map { jsonString($0) }.joined(separator: ", ")
            throw DocumentError(
                path: path,
                message:
                    "unknown font \(jsonString(name)) (\"fonts\" defines \(known))")
        }
        return try fonts.defaultFont(for: path)
    }

    /// A text's `runs`: objects with `text` and optionally `font`, `size`, `color`, `letterSpacing`, the
    /// decorations (`underline`, `strikethrough`, their colours) and `backgroundColor`.
    func runs(_ value: JSONValueRef, at path: JSONPath) throws(DocumentError) -> [DocumentRun] {
        guard case .array = value.kind else { throw wrongKind(value, expected: "an array of runs", at: path) }
        let path = path.stored()
        var runs: [DocumentRun] = []
        for (index, item) in value.elements.enumerated() {
            let runPath = path.appending(index: index)
            var run = DocumentRun(text: "")
            var hasText = false
            for entry in try members(of: item, at: runPath) {
                let key = entry.key, member = entry.value
                let keyPath = runPath.appending(key)
                guard let runKey = RunKey(rawValue: key) else { throw unknownKey(key, at: keyPath) }
                switch runKey {
                case .text:
                    run.text = try string(member, at: keyPath)
                    hasText = true
                case .font: run.font = try font(named: member, at: keyPath)
                case .size: run.size = try number(member, at: keyPath, allowsNegative: false)
                case .color: run.color = try color(member, at: keyPath)
                case .letterSpacing: run.letterSpacing = try number(member, at: keyPath, allowsNegative: true)
                case .underline: run.underline = try choice(member, at: keyPath, TextLineStyle.self)
                case .underlineColor: run.underlineColor = try color(member, at: keyPath)
                case .strikethrough: run.strikethrough = try choice(member, at: keyPath, TextLineStyle.self)
                case .strikethroughColor: run.strikethroughColor = try color(member, at: keyPath)
                case .backgroundColor: run.backgroundColor = try color(member, at: keyPath)
                }
            }
            guard hasText else { throw DocumentError(path: runPath, message: "a run needs \"text\"") }
            runs.append(run)
        }
        return runs
    }

    // MARK: Style

    /// The six stored sizing dimensions, in the order ``storedDimensions(_:)`` numbers them.
    static let storedDimensionNames = ["width", "height", "minWidth", "minHeight", "maxWidth", "maxHeight"]

    /// Which of the six stored sizing dimensions a style key writes: bit `i` stands for
    /// ``storedDimensionNames``[i].
    static func storedDimensions(_ key: StyleKey) -> UInt8 {
        switch key {
        case .width: 0b1
        case .height: 0b10
        case .preferredSize, .preferredLayoutSize: 0b11
        case .minWidth: 0b100
        case .minHeight: 0b1000
        case .minSize, .minLayoutSize: 0b1100
        case .maxWidth: 0b1_0000
        case .maxHeight: 0b10_0000
        case .maxSize, .maxLayoutSize: 0b11_0000
        default: 0
        }
    }

    /// By stored dimension (``storedDimensionNames``): the style key that wrote it. Six slots in place: an array
    /// here was a quarter of reading a style.
    struct WrittenDimensions {
        private var slots: (StyleKey?, StyleKey?, StyleKey?, StyleKey?, StyleKey?, StyleKey?)

        init() { slots = (nil, nil, nil, nil, nil, nil) }

        subscript(dimension: Int) -> StyleKey? {
            get {
                switch dimension {
                case 0: slots.0
                case 1: slots.1
                case 2: slots.2
                case 3: slots.3
                case 4: slots.4
                default: slots.5
                }
            }
            set {
                switch dimension {
                case 0: slots.0 = newValue
                case 1: slots.1 = newValue
                case 2: slots.2 = newValue
                case 3: slots.3 = newValue
                case 4: slots.4 = newValue
                default: slots.5 = newValue
                }
            }
        }
    }

    /// Reads a `style` object; `percentages` gets the percentage min and max sizes it sets, each with the path of
    /// the value that set it (`minWidth`, or `minLayoutSize[0]`), so that a layout error can point there.
    func style(
        _ value: JSONValueRef, at path: @autoclosure () -> JSONPath,
        percentages: inout [LayoutDocument.PercentageBound]
    )
        throws(DocumentError) -> Style
    {
        var style = Style()
        var writtenBy = WrittenDimensions()
        var members = try members(of: value, at: path()).makeIterator()
        while let next = members.nextMember() {
            let key = keys[next.keyIndex], member = next.value
            guard let styleKey = StyleKey.byNumber.key(numbered: keyNumbers[next.keyIndex]) else {
                throw DocumentError(path: path().appending(key), message: StyleKey.unknownKeyMessage(key))
            }
            var stored = Self.storedDimensions(styleKey)
            while stored != 0 {
                let dimension = stored.trailingZeroBitCount
                stored &= stored - 1
                if let earlier = writtenBy[dimension] {
                    throw DocumentError(
                        path: path().appending(key),
                        message:
                            "sets \(Self.storedDimensionNames[dimension]), which \(jsonString(earlier.rawValue)) "
                            + "already sets (the result would depend on order)"
                    )
                }
                writtenBy[dimension] = styleKey
            }
            switch styleKey {
            case .width: style.width = try dimension(member, at: path().appending(key))
            case .height: style.height = try dimension(member, at: path().appending(key))
            case .minWidth: style.minWidth = try dimension(member, at: path().appending(key))
            case .maxWidth: style.maxWidth = try dimension(member, at: path().appending(key))
            case .minHeight: style.minHeight = try dimension(member, at: path().appending(key))
            case .maxHeight: style.maxHeight = try dimension(member, at: path().appending(key))
            case .preferredSize: style.preferredSize = try size(member, at: path().appending(key))
            case .minSize: style.minSize = try size(member, at: path().appending(key))
            case .maxSize: style.maxSize = try size(member, at: path().appending(key))
            case .preferredLayoutSize: style.preferredLayoutSize = try layoutSize(member, at: path().appending(key))
            case .minLayoutSize: style.minLayoutSize = try layoutSize(member, at: path().appending(key))
            case .maxLayoutSize: style.maxLayoutSize = try layoutSize(member, at: path().appending(key))
            case .spacingBefore:
                style.spacingBefore = try number(member, at: path().appending(key), allowsNegative: true)
            case .spacingAfter: style.spacingAfter = try number(member, at: path().appending(key), allowsNegative: true)
            case .flexGrow: style.flexGrow = try number(member, at: path().appending(key), allowsNegative: false)
            case .flexShrink: style.flexShrink = try number(member, at: path().appending(key), allowsNegative: false)
            case .ascender: style.ascender = try number(member, at: path().appending(key), allowsNegative: true)
            case .descender: style.descender = try number(member, at: path().appending(key), allowsNegative: true)
            case .flexBasis: style.flexBasis = try dimension(member, at: path().appending(key))
            case .alignSelf: style.alignSelf = try choice(member, at: path().appending(key), AlignSelf.self)
            case .layoutPosition: style.layoutPosition = try point(member, at: path().appending(key))
            }
        }
        let anyPercentage =
            style.minWidth.unit == .fraction || style.maxWidth.unit == .fraction
            || style.minHeight.unit == .fraction || style.maxHeight.unit == .fraction
        guard anyPercentage else { return style }
        let bounds: [(stored: Int, dimension: Dimension, onWidth: Bool)] = [
            (2, style.minWidth, true), (4, style.maxWidth, true), (3, style.minHeight, false),
            (5, style.maxHeight, false),
        ]
        for bound in bounds where bound.dimension.unit == .fraction {
            // Each stored size is written by exactly one key (a second one is an error above).
            guard let key = writtenBy[bound.stored] else { continue }
            var valuePath = path().appending(key.rawValue)
            if Self.storedDimensions(key).nonzeroBitCount == 2 {
                valuePath = valuePath.appending(index: bound.onWidth ? 0 : 1)
            }
            percentages.append(LayoutDocument.PercentageBound(path: valuePath, onWidth: bound.onWidth))
        }
        return style
    }

    /// A number of points, `"<n>pt"`, `"<n>%"` (0…100) or `"auto"`.
    func dimension(_ value: JSONValueRef, at path: @autoclosure () -> JSONPath) throws(DocumentError) -> Dimension {
        if case .number = value.kind { return .points(try length(value, at: path())) }
        guard let text = value.stringValue else {
            throw wrongKind(value, expected: "a dimension (a number, \"<n>pt\", \"<n>%\" or \"auto\")", at: path())
        }
        guard let dimension = Dimension(strictlyParsing: text) else {
            throw DocumentError(
                path: path(),
                message:
                    "expected a dimension (a number, \"<n>pt\", \"<n>%\" or \"auto\"), got \(value.shortDescription)")
        }
        if dimension.unit == .points && dimension.value < 0 {
            throw DocumentError(path: path(), message: "a size must not be negative, got \(value.shortDescription)")
        }
        if dimension.unit == .fraction && !(0...1).contains(dimension.value) {
            throw DocumentError(
                path: path(),
                message:
                    "a percentage must lie between 0% and 100%, got \(value.shortDescription)")
        }
        return dimension
    }

    func layoutSize(_ value: JSONValueRef, at path: @autoclosure () -> JSONPath) throws(DocumentError) -> LayoutSize {
        let (first, second) = try pair(value, at: path())
        return LayoutSize(
            width: try dimension(first, at: path().appending(index: 0)),
            height: try dimension(second, at: path().appending(index: 1)))
    }
}
