import LayoutDocument
import TextureLayout

/// Draws a layout as SVG: the root's size is the canvas (in points); every element is drawn as its frame, nodes
/// filled with their colour and outlined, specs as dashed outlines, text as the glyph outlines of its measured
/// lines in a light outline; zero-size elements get a red cross at their centre (and a red line along their
/// extent); names are written as labels (placed inside their own elements where nothing drawn later covers them) over everything.
/// Glyphs are paths, so that every SVG viewer draws the same picture. Hovering a frame shows its name, type, JSON
/// path and frame.
public enum SVGRenderer {
    /// The SVG text of a laid-out document, with the names `labels` asks for.
    public static func render(_ result: DocumentLayout, labels: LabelMode = .default) -> String {
        render(LayoutPicture(result), labels: labels)
    }

    /// The SVG text of a picture, with the names `labels` asks for; with `dataAttributes`, every named element's
    /// rectangle carries `data-name` and `data-frame="x y w h"` (its frame in the layout).
    public static func render(_ picture: LayoutPicture, labels: LabelMode = .default, dataAttributes: Bool = false)
        -> String
    {
        let width = format(picture.size.width)
        let height = format(picture.size.height)
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
            + "viewBox=\"0 0 \(width) \(height)\">\n"
        out += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(Palette.background.hex)\"/>\n"
        let faces = PictureFaces()
        out += "<g stroke-width=\"0.5\">\n"
        for item in picture.items {
            let f = item.frame
            let geometry = "x=\"\(format(f.minX))\" y=\"\(format(f.minY))\" width=\"\(format(f.width))\" "
                + "height=\"\(format(f.height))\""
            let paint: String
            if item.isText {
                paint = "fill=\"none\" stroke=\"\(Palette.textStroke.hex)\""
            } else if let fill = item.fill {
                paint = "fill=\"\(fill.hex)\"" + (fill.alpha == 255 ? "" : " fill-opacity=\"\(short(fill.opacity))\"")
                    + " stroke=\"\(Palette.nodeStroke.hex)\""
            } else {
                paint = "fill=\"none\" stroke=\"\(Palette.specStroke.hex)\" stroke-dasharray=\"3 2\""
            }
            var data = ""
            if dataAttributes, let name = item.name {
                let l = item.layoutFrame
                data = " data-name=\"\(escape(name))\" data-frame=\"\(format(l.minX)) \(format(l.minY)) "
                    + "\(format(l.width)) \(format(l.height))\""
            }
            out += "<rect \(geometry) \(paint)\(data)><title>\(escape(tooltip(item)))</title></rect>\n"
            // A text element's glyphs, as measured, one path per run of one font, size and colour.
            for run in item.lines.lazy.flatMap(\.glyphRuns) {
                guard let glyphs = faces.glyphs(run) else { continue }
                out += path(glyphs, title: nil)
            }
        }
        out += "</g>\n"
        // Marks and labels go over every frame so that nothing hides them.
        for item in picture.items where item.isZeroSize {
            let f = item.frame
            let center = Point(f.minX + f.width / 2, f.minY + f.height / 2)
            if f.width > 0 || f.height > 0 {
                // Its extent, as a line.
                out += "<path d=\"M\(format(f.minX)) \(format(f.minY))L\(format(f.maxX)) \(format(f.maxY))\" "
                    + "stroke=\"\(Palette.marker.hex)\" stroke-width=\"1\"/>\n"
            }
            out += "<path d=\"M\(short(center.x - 3)) \(short(center.y - 3))l6 6m0 -6l-6 6\" "
                + "stroke=\"\(Palette.marker.hex)\" stroke-width=\"1\"><title>\(escape(tooltip(item)))</title></path>\n"
        }
        // Labels as glyph outlines (every viewer draws them alike), each in its contrasting colour.
        if let typeface = faces.labels {
            for label in picture.labels(mode: labels, font: typeface) {
                out += path(typeface.glyphs(label.text, x: label.box.minX, baseline: label.baseline,
                                            color: label.color), title: label.text)
            }
        }
        out += "</svg>\n"
        return out
    }

    /// A `<path>` filling the outlines of `glyphs`, with a tooltip when `title` is given; nothing for glyphs
    /// without outlines (spaces).
    static func path(_ glyphs: PlacedGlyphs, title: String?) -> String {
        let data = glyphs.svgPathData
        guard !data.isEmpty else { return "" }
        let color = glyphs.color
        let fill = "fill=\"\(color.hex)\"" + (color.alpha == 255 ? "" : " fill-opacity=\"\(short(color.opacity))\"")
        return "<path d=\"\(data)\" \(fill)" + (title.map { "><title>\(escape($0))</title></path>\n" } ?? "/>\n")
    }

    /// `name (type) path: [x, y, w, h]`, with the frame the layout computed (not the one drawn).
    static func tooltip(_ item: LayoutPicture.Item) -> String {
        let f = item.layoutFrame
        let frame = "[\(format(f.minX)), \(format(f.minY)), \(format(f.width)), \(format(f.height))]"
        let place = item.path.map(abbreviated) ?? "at depth \(item.depth)"
        return (item.name.map { "\($0) " } ?? "") + "(\(item.type)) \(place): \(frame)"
    }

    /// A JSON path of at most about 100 characters: the middle of a longer one is left out (a document nested
    /// thousands of levels deep would otherwise make the picture's size grow with the square of its depth).
    static func abbreviated(_ path: String) -> String {
        guard path.utf8.count > 100 else { return path }
        let characters = path.unicodeScalars
        return String(String.UnicodeScalarView(characters.prefix(30))) + "…"
            + String(String.UnicodeScalarView(characters.suffix(60)))
    }

    /// A derived coordinate (a label or mark position), to two decimals.
    static func short(_ value: Double) -> String {
        format((value * 100).rounded() / 100)
    }

    /// Text as XML character data or attribute value.
    package static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            // Characters XML 1.0 cannot hold at all.
            case _ where scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r":
                result += "\u{FFFD}"
            case "\u{FFFE}", "\u{FFFF}": result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
