import LayoutDocument
import TextureLayout
import TextureLayoutPaint
import TextureLayoutText

/// A laid-out document's paint, for the back ends.
extension DocumentLayout {
    /// The document's paint as a display list: every display element in the order of the flattened layout
    /// (depth first, a node before the elements of its own `layout`), drawn as its paint says, with a text's
    /// lines or an image as its content. Images are drawn from the pixels `LayoutDocument.decodeImages()`
    /// decoded; one that was not decoded is decoded here, and one that cannot be is left out. Frames are clamped as
    /// ``LayoutPicture`` clamps them, so that a frame millions of canvases away cannot overflow a back end's
    /// coordinates. A text's shadow keys are its glyphs' shadow (`TextNode.shadow`), not its box's.
    public var displayList: DisplayList {
        let canvas = LayoutPicture.canvas(for: size)
        var builder = DisplayListBuilder(canvas: canvas)
        // Iterative walk (documents may nest 10,000 levels deep): each entry is a layout to enter, or the end of a
        // display element begun earlier.
        enum Step { case enter(Layout), end }
        var pending: [Step] = [.enter(layout)]
        var check = CallerCheck()
        while let step = pending.popLast(), !check.gaveUp() {
            guard case .enter(let entry) = step else {
                builder.endNode()
                continue
            }
            let element = entry.element
            var begun = false
            if element is DisplayNode, document.contains(element) {
                let frame = LayoutPicture.clamp(entry.frameInRoot, to: canvas)
                var paint = document.paint(of: element) ?? Paint()
                if element is TextNode { paint.shadow.opacity = 0 }
                guard builder.beginNode(frame: frame, paint: paint) else { continue }
                begun = true
                if let text = element as? TextNode {
                    builder.addContent(
                        text.drawingCommands(at: entry.frameInRoot.origin),
                        shadow: text.visibleShadow)
                } else if let image = element as? ImageNode, let pixels = try? image.image.pixels() {
                    let destination = image.contentMode.imageRect(imageSize: image.imageSize, in: frame)
                    builder.addContent(
                        CollectionOfOne(
                            .image(
                                ImageDrawing(
                                    width: pixels.width, height: pixels.height,
                                    premultipliedRGBA: pixels.premultipliedRGBA,
                                    destination: destination))))
                }
            }
            if begun { pending.append(.end) }
            for child in entry.sublayouts.reversed() { pending.append(.enter(child)) }
        }
        return builder.finish()
    }
}

extension LayoutPicture {
    /// The debug picture drawn over the paint: every element's outline (nodes solid, specs and hidden elements
    /// dashed, texts light), a red mark on each zero-size element, and the names `labels` asks for, each dark or
    /// light by contrast with what is under it. No fills.
    func debugList(labels: LabelMode, faces: PictureFaces) -> DisplayList {
        var commands: [DisplayCommand] = []
        let dash = (on: 3.0, off: 2.0)
        for item in items where !item.isZeroSize {
            let color = item.isText ? Palette.textStroke : item.isNode ? Palette.nodeStroke : Palette.specStroke
            commands.append(
                .outline(
                    item.frame, color, width: 0.5,
                    dash: item.isNode && !item.isHidden ? nil : dash))
        }
        for item in items where item.isZeroSize {
            let f = item.frame
            let cx = f.minX + f.width / 2, cy = f.minY + f.height / 2
            if f.width > 0 || f.height > 0 {
                commands.append(
                    .line(
                        from: Point(f.minX, f.minY), to: Point(f.maxX, f.maxY), Palette.marker,
                        width: 1))
            }
            commands.append(.line(from: Point(cx - 3, cy - 3), to: Point(cx + 3, cy + 3), Palette.marker, width: 1))
            commands.append(.line(from: Point(cx - 3, cy + 3), to: Point(cx + 3, cy - 3), Palette.marker, width: 1))
        }
        if let typeface = faces.labels {
            for label in self.labels(mode: labels, font: typeface) {
                commands.append(
                    .glyphs(
                        typeface.glyphs(
                            label.text, x: label.box.minX, baseline: label.baseline,
                            color: label.color)))
            }
        }
        return DisplayList(size: size, commands: commands)
    }
}
