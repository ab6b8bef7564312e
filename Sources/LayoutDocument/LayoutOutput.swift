import LayoutJSON
import TextureLayout
import TextureLayoutText

extension LayoutDocument {
    /// Lays the document out with `parameters` as ``layout(_:cancellation:)`` does and appends
    /// ``DocumentLayout/json`` to `output`, writing each frame as a walk over the laid-out tree meets it: no result
    /// tree is made, which for a document of a million elements would be about as large as the elements' own
    /// state. Nothing is written when the pass meets an issue.
    ///
    /// The pass and the walk stop soon after ``LayoutCancellation/current`` is set (a server's time limit): the
    /// output is then partial, and the caller, who gave up, drops it.
    package func writeLayout(_ parameters: LayoutParameters, to output: inout JSONOutput) throws(DocumentError) {
        let cancellation = LayoutCancellation.current
        try updateLayout(parameters, cancellation: cancellation)
        if let cancellation, cancellation.isCancelled { return }
        output.appendLayout(size: rootNode.measuredSize, of: self) { frame in
            rootNode.walkLayout(
                direction: parameters.direction, grid: PixelGrid(scale: parameters.scale), cancellation: cancellation
            ) { entry in
                frame(entry.element, Rect(origin: entry.rootOrigin, size: entry.size))
            }
        }
    }
}

extension DocumentLayout {
    /// The `layout` command's output: `{"size": [w, h], "frames": {name: [x, y, w, h]}}`, and `"lines"` when
    /// the document names a text element: `{name: [{"text", "frame", "baseline"}, ...]}`.
    public var json: String { String(decoding: jsonBytes(), as: UTF8.self) }

    /// ``json`` as UTF-8 bytes, made without the text in between.
    public func jsonBytes() -> [UInt8] {
        var output = JSONOutput()
        write(to: &output)
        return output.bytes
    }

    /// Appends ``json`` to `output`.
    package func write(to output: inout JSONOutput) {
        output.appendLayout(size: size, of: document) { frame in
            for entry in layout.subtree { frame(entry.element, entry.frameInRoot) }
        }
    }
}

extension JSONOutput {
    /// Appends the `layout` command's output for a result of `document` whose root has `size`: `entries` calls its
    /// argument with each entry's element and frame in the root, in pre-order. Each frame is written as it comes,
    /// no string per element, so that writing a document of a million elements costs about as much as laying it
    /// out.
    mutating func appendLayout(
        size: Size, of document: LayoutDocument,
        entries: ((LayoutElement, Rect) -> Void) -> Void
    ) {
        append("{\"size\": [")
        append(number: size.width)
        append(", ")
        append(number: size.height)
        append("], \"frames\": {")
        var first = true
        // The named texts with their origins in the root, for `lines`.
        var texts: [(name: String, text: TextNode, origin: Point)] = []
        entries { element, frame in
            // The reader gives a named element its name as its debug name: most elements have none, and need no
            // look-up.
            guard element.debugName != nil, let name = document.name(of: element) else { return }
            if !first { append(", ") }
            first = false
            append(string: name)
            append(": ")
            append(rect: frame)
            if document.namesText, let text = element as? TextNode { texts.append((name, text, frame.origin)) }
        }
        append("}")
        if document.namesText {
            append(", \"lines\": {")
            for (index, entry) in texts.enumerated() {
                if index > 0 { append(", ") }
                append(string: entry.name)
                append(": [")
                for (lineIndex, line) in entry.text.lines(at: entry.origin).enumerated() {
                    if lineIndex > 0 { append(", ") }
                    append("{\"text\": ")
                    append(string: line.text)
                    append(", \"frame\": ")
                    append(rect: line.frame)
                    append(", \"baseline\": ")
                    append(number: line.baseline)
                    append("}")
                }
                append("]")
            }
            append("}")
        }
        append("}")
    }
}

extension JSONOutput {
    /// Appends `[x, y, w, h]`.
    package mutating func append(rect: Rect) {
        append("[")
        append(number: rect.minX)
        append(", ")
        append(number: rect.minY)
        append(", ")
        append(number: rect.width)
        append(", ")
        append(number: rect.height)
        append("]")
    }
}
