import LayoutJSON
import TextureLayout
import TextureLayoutPaint

/// What a document says about each of its elements (type, name, paint, JSON path), in about 30 bytes per element:
/// a document can have millions, and most of them have neither a name nor paint.
///
/// Elements are numbered in the order the reader meets them (pre-order). Each keeps a 12-byte record: its type, and
/// its path as one step from its parent's (the parent's number, which of the parent's keys holds it and, in an array,
/// the index). A path is written out only when asked for, an error message's or a picture's, by following the
/// parents; the components the reader made while reading are freed with each element. Names and colours are kept
/// aside, by number, for the few that have them: paint is kept out of the elements, so that a document without it
/// pays nothing for it.
struct ElementTable {
    /// One element: its type and the last step of its path.
    struct Record {
        /// The number of the element whose key holds this one; ``ElementTable/noParent`` for the root.
        let parent: UInt32
        /// The position in the array the key holds; -1 when the key holds this element itself.
        let index: Int32
        /// The key holding this element, as its position in the parent's kind's ``ElementKind/keys`` (the root's key
        /// is the document's `root`).
        let key: UInt8
        /// The element's `type`: the position of its kind in ``ElementKind/all``.
        let kind: UInt8
    }

    /// The parent of an element the document itself holds (its `root`).
    static let noParent = UInt32.max

    /// Every element's record, by number (in chunks: an array growing to millions would be up to half empty).
    let records = ChunkedList<Record>()
    /// The number of each element object.
    private let numbers = ElementNumbers()
    /// The names of the elements that have one, by number.
    private var names: [UInt32: String] = [:]
    /// The paint of the elements that have some (any paint key), by number.
    private var paints: [UInt32: Paint] = [:]

    /// How many elements the document has.
    var count: Int { records.count }

    /// Numbers the element the reader starts reading: held by the key at `keyPosition` in the keys of element
    /// `parent`'s kind (at `index` in the array the key holds, if it holds one), of the kind at `kind` in
    /// ``ElementKind/all``.
    func add(parent: UInt32, keyPosition: Int, index: Int?, kind: Int) -> UInt32 {
        let number = UInt32(records.count)
        records.append(
            Record(
                parent: parent, index: index.map { Int32(clamping: $0) } ?? -1,
                key: UInt8(keyPosition), kind: UInt8(kind)))
        return number
    }

    /// Records the object built for element `number`, with its name and paint.
    mutating func built(_ element: LayoutElement, number: UInt32, name: String?, paint: Paint?) {
        numbers.built.append((ObjectIdentifier(element), number))
        if let name { names[number] = name }
        if let paint { paints[number] = paint }
    }

    /// The number of `element`; `nil` when it is not one of the document's elements.
    func number(of element: LayoutElement) -> UInt32? { numbers.number(of: element) }

    /// The element's kind.
    func kind(_ number: UInt32) -> ElementKind { ElementKind.all[Int(records[Int(number)].kind)] }

    /// The element's name, if it has one.
    func name(_ number: UInt32) -> String? { names.isEmpty ? nil : names[number] }

    /// The element's paint, if it has any.
    func paint(_ number: UInt32) -> Paint? { paints.isEmpty ? nil : paints[number] }

    /// The element's JSON path, e.g. `root.children[2].child`, made from the records of its ancestors.
    func path(_ number: UInt32) -> JSONPath { Self.path(number, records: records) }

    /// The JSON path of element `number` of the table whose records are `records`.
    static func path(_ number: UInt32, records: ChunkedList<Record>) -> JSONPath {
        var steps: [Record] = []
        var current = number
        while current != Self.noParent {
            let record = records[Int(current)]
            steps.append(record)
            current = record.parent
        }
        var path = JSONPath().appending(DocumentKey.root.rawValue)
        var parent: Record?
        for step in steps.reversed() {
            if let parent { path = path.appending(ElementKind.all[Int(parent.kind)].keys[Int(step.key)].name) }
            if step.index >= 0 { path = path.appending(index: Int(step.index)) }
            parent = step
        }
        return path
    }
}

/// The number of each element object. The reader notes each element as it builds it; the map from element to number
/// is made from those notes the first time a number is asked for: reading a document, and laying out one that names
/// none of its texts, ask for none, and the map of a large document took a tenth of reading it.
private final class ElementNumbers {
    /// Each element with its number, in the order they were built; `nil` once ``numbers`` is made from them.
    var built: ChunkedList<(ObjectIdentifier, UInt32)>! = ChunkedList()
    /// The number of each element object, once asked for.
    private var numbers: [ObjectIdentifier: UInt32]?

    func number(of element: LayoutElement) -> UInt32? {
        if numbers == nil {
            var made = [ObjectIdentifier: UInt32](minimumCapacity: built.count)
            for index in 0..<built.count {
                let (element, number) = built[index]
                made[element] = number
            }
            numbers = made
            built = nil
        }
        return numbers![ObjectIdentifier(element)]
    }
}
