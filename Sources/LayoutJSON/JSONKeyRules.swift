/// The keys the objects of a document may have, for the parser to check each key as it reads it, before its value:
/// a document with a key its format lacks, at any depth, is refused without parsing the rest of it.
///
/// A rule describes one kind of object (the document, an element, a style, …): its keys, and for each key the rules
/// its value's objects follow (the value itself when it is an object, its items when it is an array). A value of
/// another kind is not checked here: saying what it should have been is the reader's business. An object may choose
/// its keys by the string value of one of them (an element's keys depend on its `type`): its keys are checked once
/// that value is read, and the keys before it only for the rules of their values.
///
/// A class: the parser takes the rules at every key and string it reads, and a copy of a struct of seven tables
/// counted a reference to each.
package final class JSONKeyRules: Sendable {
    /// What the parser checks inside one key's value.
    package struct Value: Sendable, Equatable {
        /// The rule of the value when it is an object (an index into the rules), or `nil` to check nothing.
        package var object: Int?
        /// The rule of the value's items that are objects, when it is an array, or `nil` to check nothing.
        package var items: Int?

        package init(object: Int? = nil, items: Int? = nil) {
            self.object = object
            self.items = items
        }
    }

    /// One kind of object.
    package struct Object: Sendable {
        /// The keys every object of this kind may have.
        package var keys: [String: Value]
        /// When set, any key is allowed, its value checked so (an object that maps names to entries, such as a
        /// document's `fonts`).
        package var anyKey: Value?
        /// The key whose string value chooses more keys from ``variants`` (an element's `type`).
        package var selector: String?
        /// The keys an object has, besides ``keys``, by the string value of its ``selector``.
        package var variants: [String: [String: Value]]
        /// The error message for `key`, which an object of this kind (of variant `variant`) does not have.
        package var message: @Sendable (_ key: String, _ variant: String?) -> String

        package init(
            keys: [String: Value], anyKey: Value? = nil, selector: String? = nil,
            variants: [String: [String: Value]] = [:],
            message: @escaping @Sendable (_ key: String, _ variant: String?) -> String
        ) {
            self.keys = keys
            self.anyKey = anyKey
            self.selector = selector
            self.variants = variants
            self.message = message
        }
    }

    /// What a key of an object means to the parser: unknown, or known with its value's rules.
    enum Lookup {
        case unknown
        case known(Value)
    }

    /// The kinds of object; the document's own object follows the first.
    let objects: [Object]
    /// Every key any rule names, numbered: the parser numbers each distinct key of a document once, and looks keys
    /// up by number in the tables below instead of hashing every member's key.
    package let keyNumbers: [String: Int32]
    /// By rule, then by key number: what a key means in an object of that rule whose variant is not known (yet).
    /// A rule with variants holds every variant's keys here, and checks none of them.
    private let tables: [[Lookup]]
    /// By rule, variant and key number: what a key means in an object of that rule and variant.
    private let variantTables: [[[Lookup]]]
    /// By rule: the number of its variants' names (in ``variantNames``), and the key number of its selector.
    let variantNumbers: [NameTable]
    private let variantNames: [[String]]
    private let selectors: [Int32]

    /// Rules with `objects[0]` for the document.
    package init(_ objects: [Object]) {
        self.objects = objects
        var names = Set<String>()
        for object in objects {
            names.formUnion(object.keys.keys)
            if let selector = object.selector { names.insert(selector) }
            for keys in object.variants.values { names.formUnion(keys.keys) }
        }
        let keyNumbers = Dictionary(uniqueKeysWithValues: names.sorted().enumerated().map { ($1, Int32($0)) })
        self.keyNumbers = keyNumbers
        func table(_ keys: [String: Value], _ fallback: Lookup) -> [Lookup] {
            var table = [Lookup](repeating: fallback, count: keyNumbers.count)
            for (key, value) in keys { table[Int(keyNumbers[key]!)] = .known(value) }
            return table
        }
        tables = objects.map { object in
            // Before its variant is known, an object's keys are looked up only for their values' rules.
            let all = object.variants.values.reduce(object.keys) { $0.merging($1) { first, _ in first } }
            return table(all, object.anyKey.map(Lookup.known) ?? .unknown)
        }
        let variantNames = objects.map { $0.variants.keys.sorted() }
        self.variantNames = variantNames
        variantNumbers = variantNames.map(NameTable.init)
        variantTables = objects.indices.map { index in
            let object = objects[index]
            return variantNames[index].map { name in
                table(
                    object.keys.merging(object.variants[name]!) { first, _ in first },
                    object.anyKey.map(Lookup.known) ?? .unknown)
            }
        }
        selectors = objects.map { object in object.selector.map { keyNumbers[$0]! } ?? -1 }
    }

    /// What key number `key` (-1 for a key no rule names) means in an object of rule `rule` with variant `variant`.
    /// Before an object's variant is known (``noVariant``), or when its selector names none (``unknownVariant``), a
    /// key that the object's kind lacks is not an error: it may be one of the variant's, which the reader checks.
    func lookup(_ key: Int32, rule: Int32, variant: Int32) -> Lookup {
        let found: Lookup
        if key < 0 {
            found = unknownKey(rule)
        } else if variant >= 0 {
            found = variantTables[Int(rule)][Int(variant)][Int(key)]
        } else {
            found = tables[Int(rule)][Int(key)]
        }
        if case .unknown = found, variant < 0, selectors[Int(rule)] >= 0 { return .known(Value()) }
        return found
    }

    /// What a key no rule names means in an object of rule `rule`.
    private func unknownKey(_ rule: Int32) -> Lookup {
        objects[Int(rule)].anyKey.map(Lookup.known) ?? .unknown
    }

    /// The key number of the selector of rule `rule`, or -1 when it has none.
    func selector(of rule: Int32) -> Int32 { selectors[Int(rule)] }

    /// The variant of rule `rule` that the selector's value `name` chooses, or ``unknownVariant``.
    func variant(of rule: Int32, named name: String) -> Int32 {
        variantNumbers[Int(rule)].position(of: name).map(Int32.init) ?? Self.unknownVariant
    }

    /// The names of the variants of rule `rule`, by variant number.
    package func variantNames(of rule: Int) -> [String] { variantNames[rule] }

    /// The error message for `key` in an object of rule `rule` and variant `variant`.
    func message(for key: String, rule: Int32, variant: Int32) -> String {
        objects[Int(rule)].message(key, variant >= 0 ? variantNames[Int(rule)][Int(variant)] : nil)
    }

    /// An object whose selector has not been read yet.
    static let noVariant: Int32 = -1
    /// An object whose selector names no variant: its keys are not checked (the reader reports the selector).
    static let unknownVariant: Int32 = -2
}
