import LayoutDocument
import LayoutJSON
import TextureLayout
import TextureLayoutPaint

/// Writes display commands as SVG elements (see ``SVGRenderer``).
struct SVGWriter {
    var out = ""
    let faces: PictureFaces
    /// The number of the next `id` (gradients, filters, clip paths).
    private var nextID = 0
    /// The rectangles of the clips open, innermost last: a shadowed part's filter covers the innermost (what it
    /// draws is clipped to it anyway).
    private var clips: [Rect] = []

    init(faces: PictureFaces) {
        self.faces = faces
    }

    private mutating func newID(_ prefix: String) -> String {
        nextID += 1
        return "\(prefix)\(nextID)"
    }

    mutating func draw(_ commands: [DisplayCommand]) {
        var check = CallerCheck()
        for command in commands {
            if check.gaveUp() { return }
            switch command {
            case let .shadow(box, color, blur):
                let reach = 3 * blur + 1
                let r = box.rect
                let id = newID("s")
                out +=
                    "<filter id=\"\(id)\" filterUnits=\"userSpaceOnUse\" x=\"\(n(r.minX - reach))\" "
                    + "y=\"\(n(r.minY - reach))\" width=\"\(n(r.width + 2 * reach))\" height=\"\(n(r.height + 2 * reach))\" "
                    + "color-interpolation-filters=\"sRGB\"><feGaussianBlur stdDeviation=\"\(n(blur))\"/></filter>\n"
                out += shape(box, attributes: SVGRenderer.fill(color) + " filter=\"url(#\(id))\"")
            case let .fill(box, color): out += shape(box, attributes: SVGRenderer.fill(color))
            case let .gradient(box, gradient):
                let id = newID("g")
                out += definition(of: gradient, id: id)
                out += shape(box, attributes: "fill=\"url(#\(id))\"")
            case .image(let image):
                guard image.isDrawable else { continue }
                // The decoded pixels as a PNG (the source file may be a JPEG with an EXIF orientation, which
                // viewers would not all apply), stretched to the destination as the back ends draw it.
                let pixels = CairoImage(image)
                out += SVGRenderer.embeddedPNG(pixels.png(), in: image.destination)
            case .glyphs(let run):
                let data = faces.svgPathData(run)
                if !data.isEmpty { out += "<path d=\"\(data)\" \(SVGRenderer.fill(run.color))/>\n" }
                out += faces.svgColorImages(run)
            case let .decoration(rect, color): out += shape(RoundedBox(rect), attributes: SVGRenderer.fill(color))
            case let .pushShadow(color, offset, blur):
                guard command.hasFiniteGeometry else {
                    out += "<g>\n"
                    continue
                }
                let id = newID("s")
                var region = ""
                if let r = clips.last {
                    region =
                        " filterUnits=\"userSpaceOnUse\" x=\"\(n(r.minX))\" y=\"\(n(r.minY))\" "
                        + "width=\"\(n(r.width))\" height=\"\(n(r.height))\""
                }
                out +=
                    "<filter id=\"\(id)\"\(region) color-interpolation-filters=\"sRGB\">"
                    + "<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"\(n(blur))\"/>"
                    + "<feOffset dx=\"\(n(offset.x))\" dy=\"\(n(offset.y))\" result=\"b\"/>"
                    + "<feFlood flood-color=\"\(color.hex)\" flood-opacity=\"\(SVGRenderer.short4(color.opacity))\"/>"
                    + "<feComposite in2=\"b\" operator=\"in\"/>"
                    + "<feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge></filter>"
                    + "<g filter=\"url(#\(id))\">\n"
            case .popShadow: out += "</g>\n"
            case .pushClip(let box):
                clips.append(box.rect)
                let id = newID("c")
                out += "<clipPath id=\"\(id)\"><path d=\"\(pathData(box))\"/></clipPath><g clip-path=\"url(#\(id))\">\n"
            case .popClip:
                _ = clips.popLast()
                out += "</g>\n"
            case .popGroup: out += "</g>\n"
            case .pushGroup(let opacity): out += "<g opacity=\"\(SVGRenderer.short(opacity))\">\n"
            case let .border(box, width, color):
                out +=
                    "<path d=\"\(pathData(box))\(pathData(box.inset(by: width)))\" fill-rule=\"evenodd\" "
                    + SVGRenderer.fill(color) + "/>\n"
            case let .outline(rect, color, width, dash):
                guard rect.width > width, rect.height > width else {
                    out += shape(RoundedBox(rect), attributes: SVGRenderer.fill(color))
                    continue
                }
                out +=
                    "<rect x=\"\(n(rect.minX + width / 2))\" y=\"\(n(rect.minY + width / 2))\" "
                    + "width=\"\(n(rect.width - width))\" height=\"\(n(rect.height - width))\" fill=\"none\" "
                    + SVGRenderer.stroke(color) + " stroke-width=\"\(n(width))\""
                    + (dash.map { " stroke-dasharray=\"\(n($0.on)) \(n($0.off))\"" } ?? "") + "/>\n"
            case let .line(from, to, color, width):
                out +=
                    "<path d=\"M\(n(from.x)) \(n(from.y))L\(n(to.x)) \(n(to.y))\" fill=\"none\" "
                    + SVGRenderer.stroke(color) + " stroke-width=\"\(n(width))\"/>\n"
            case let .fillPath(path, color):
                out += "<path d=\"\(pathData(path))\"\(fillRule(path)) \(SVGRenderer.fill(color))/>\n"
            case let .strokePath(path, color, width):
                out +=
                    "<path d=\"\(pathData(path))\" fill=\"none\" \(SVGRenderer.stroke(color)) "
                    + "stroke-width=\"\(n(width))\" stroke-miterlimit=\"10\"/>\n"
            case .pushClipPath(let path):
                let id = newID("c")
                out +=
                    "<clipPath id=\"\(id)\"><path d=\"\(pathData(path))\"\(fillRule(path, attribute: "clip-rule"))/>"
                    + "</clipPath><g clip-path=\"url(#\(id))\">\n"
            }
        }
    }

    /// A path's steps as path data (a line or curve before any move starts at the origin, as Cairo draws it).
    private func pathData(_ path: Path) -> String {
        var data = "", started = false
        for element in path.elements {
            switch element {
            case .move(let p): data += "M\(n(p.x)) \(n(p.y))"
            case .line(let p): data += (started ? "" : "M0 0") + "L\(n(p.x)) \(n(p.y))"
            case let .curve(c1, c2, p):
                data += (started ? "" : "M0 0") + "C\(n(c1.x)) \(n(c1.y)) \(n(c2.x)) \(n(c2.y)) \(n(p.x)) \(n(p.y))"
            case .close: data += "Z"
            }
            started = true
        }
        return data
    }

    /// The fill (or clip) rule attribute of `path`: nothing for the non-zero rule, SVG's default.
    private func fillRule(_ path: Path, attribute: String = "fill-rule") -> String {
        path.usesEvenOddRule ? " \(attribute)=\"evenodd\"" : ""
    }

    /// A number as written: at most two decimals for derived values, exact for frames on the pixel grid.
    private func n(_ value: Double) -> String { SVGRenderer.short(value) }

    /// A `<rect>` for a square-cornered box, else a `<path>`, with `attributes`.
    private func shape(_ box: RoundedBox, attributes: String) -> String {
        let r = box.rect
        if box.isRectangle {
            return "<rect x=\"\(format(r.minX))\" y=\"\(format(r.minY))\" width=\"\(format(r.width))\" "
                + "height=\"\(format(r.height))\" \(attributes)/>\n"
        }
        return "<path d=\"\(pathData(box))\" \(attributes)/>\n"
    }

    /// A box's outline as path data: edges and circular arcs, clockwise from the end of the top-left corner.
    private func pathData(_ box: RoundedBox) -> String {
        let r = box.rect
        func arc(_ radius: Double, _ x: Double, _ y: Double) -> String {
            radius > 0 ? "A\(n(radius)) \(n(radius)) 0 0 1 \(n(x)) \(n(y))" : ""
        }
        return "M\(n(r.minX + box.topLeft)) \(n(r.minY))"
            + "H\(n(r.maxX - box.topRight))" + arc(box.topRight, r.maxX, r.minY + box.topRight)
            + "V\(n(r.maxY - box.bottomRight))" + arc(box.bottomRight, r.maxX - box.bottomRight, r.maxY)
            + "H\(n(r.minX + box.bottomLeft))" + arc(box.bottomLeft, r.minX, r.maxY - box.bottomLeft)
            + "V\(n(r.minY + box.topLeft))" + arc(box.topLeft, r.minX + box.topLeft, r.minY) + "Z"
    }

    /// A `<linearGradient>` or `<radialGradient>` in user space, its stops premultiplied as CSS mixes them.
    private func definition(of gradient: PlacedGradient, id: String) -> String {
        var text: String
        switch gradient.kind {
        case .axial:
            text =
                "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(n(gradient.start.x))\" "
                + "y1=\"\(n(gradient.start.y))\" x2=\"\(n(gradient.end.x))\" y2=\"\(n(gradient.end.y))\">"
        case .radial:
            text =
                "<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"0\" cy=\"0\" r=\"1\" "
                + "gradientTransform=\"translate(\(n(gradient.start.x)) \(n(gradient.start.y))) "
                + "scale(\(SVGRenderer.short4(gradient.radiusX)) \(SVGRenderer.short4(gradient.radiusY)))\">"
        }
        for stop in gradient.stopsForUnpremultipliedInterpolation {
            text +=
                "<stop offset=\"\(SVGRenderer.short4(stop.location))\" stop-color=\"\(stop.color.hex)\""
                + (stop.color.alpha == 255 ? "" : " stop-opacity=\"\(SVGRenderer.short4(stop.color.opacity))\"") + "/>"
        }
        text += gradient.kind == .axial ? "</linearGradient>\n" : "</radialGradient>\n"
        return text
    }
}

extension SVGRenderer {
    /// A fraction to four decimals.
    static func short4(_ value: Double) -> String {
        format((value * 10_000).rounded() / 10_000)
    }
}
