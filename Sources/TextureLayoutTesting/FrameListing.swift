import TextureLayout
import TextureLayoutText

/// A laid-out node tree as text, one line per node, for snapshot files that a reviewer reads in a diff.
///
/// The first line gives the root's size, the pass's scale and direction. Then every display node in the order the
/// layout places it (specs are left out, so the same cell written with specs or with the DSL lists the same lines):
/// its key, its class and its frame in the root's coordinates, `[x, y, width, height]`. A node's key is its
/// `debugName`, or its path among display nodes where it has none (`0.2` is the root's first subnode's third
/// subnode; the root is `root`). Under a text node (`TextNode`), each laid-out line: its text, its frame in the
/// node and its baseline.
///
/// Numbers are written in Swift's shortest form that reads back as the same `Double` (`12`, `17.4609375`), so a
/// listing changes only when a frame does.
public struct FrameListing: Sendable, Hashable, CustomStringConvertible {
    /// The listing, a line per node and text line, ending in a newline.
    public let text: String

    /// Lays `element` out within `range` at `scale` in `direction` and lists its nodes.
    public init(
        of element: LayoutElement, within range: SizeRange, scale: Double = 2,
        direction: LayoutDirection = .leftToRight
    ) {
        let layout = element.layout(within: range, scale: scale, direction: direction)
        var text =
            "size \(Self.number(layout.size.width)) x \(Self.number(layout.size.height)), scale "
            + "\(Self.number(scale)), \(direction == .leftToRight ? "left to right" : "right to left")\n"
        Self.list(layout, key: "root", into: &text)
        self.text = text
    }

    /// The listing.
    public var description: String { text }

    /// Appends `layout`'s line, its text lines and its subnodes' lines.
    private static func list(_ layout: Layout, key: String, into text: inout String) {
        let element = layout.element
        text += "\(element.debugName ?? key): \(type(of: element)) \(rect(layout.frameInRoot))\n"
        if let textNode = element as? TextNode {
            for line in textNode.lines {
                text +=
                    "  line \(line.text.debugDescription) \(rect(line.frame)) baseline "
                    + "\(number(line.baseline))\n"
            }
        }
        for (index, subnode) in layout.subnodeLayouts.enumerated() {
            list(subnode, key: key == "root" ? "\(index)" : "\(key).\(index)", into: &text)
        }
    }

    /// `[x, y, width, height]`.
    private static func rect(_ rect: Rect) -> String {
        "[\(number(rect.origin.x)), \(number(rect.origin.y)), \(number(rect.size.width)), \(number(rect.size.height))]"
    }

    /// A whole number without a fraction (`12`), any other in Swift's shortest round-trip form.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
