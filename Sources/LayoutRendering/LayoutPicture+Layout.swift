import TextureLayout
import TextureLayoutText

/// The debug picture of any laid-out element tree, as `render --debug` draws a document's over its paint: every
/// node's and spec's outline (nodes solid, specs dashed, texts light), a mark on each zero-size element, and the
/// `debugName`s, placed clear of the lines of text nodes (`TextNode`), on a white canvas.
extension LayoutPicture {
    /// The picture of `layout`, every element of its tree, named by its `debugName`.
    package init(of layout: Layout) {
        var items: [Item] = []
        // Iterative pre-order walk, as trees may nest deeper than a thread's stack allows recursion.
        var pending: [(layout: Layout, depth: Int)] = [(layout, 0)]
        while let (entry, depth) = pending.popLast() {
            let element = entry.element
            let frame = entry.frameInRoot
            var item = Item(
                frame: frame, isNode: element is DisplayNode, type: "\(type(of: element))",
                name: element.debugName, depth: depth)
            if let text = element as? TextNode {
                item.isText = true
                item.lines = text.lines.map { $0.offsetBy(frame.origin) }
            }
            items.append(item)
            for child in entry.sublayouts.reversed() { pending.append((child, depth + 1)) }
        }
        self.init(size: layout.size, scale: layout.grid.scale, items: items)
    }
}
