import LayoutDocument
import LayoutJSON
import TextureLayout
import TextureLayoutPaint

/// Draws display lists as SVG, our own writer: the root's size is the canvas (in points), and every command
/// becomes SVG that browsers and resvg draw alike (glyphs as outline paths; shadows as `feGaussianBlur` in sRGB;
/// gradients in user space; clips as clip paths; group opacity as a group's `opacity`). Hovering an element of a
/// debug picture shows its name, type, JSON path and frame.
public enum SVGRenderer {
    /// The SVG text of a laid-out document: its paint, and what `options` add (a background, the debug picture,
    /// data attributes).
    public static func render(_ result: DocumentLayout, options: PictureFormat.Options = .init()) -> String {
        let picture = options.debug || options.dataAttributes ? LayoutPicture(result) : nil
        return render(paint: result.displayList, picture: picture, options: options)
    }

    /// The debug picture alone (outlines, marks, the names `labels` asks for) on a white canvas, with data
    /// attributes when asked.
    package static func render(
        _ picture: LayoutPicture, labels: LabelMode = .default, dataAttributes: Bool = false
    )
        -> String
    {
        render(
            paint: DisplayList(size: picture.size), picture: picture,
            options: .init(
                labels: labels, dataAttributes: dataAttributes, background: Palette.background,
                debug: true))
    }

    /// The SVG text of `paint` with, when `picture` is given, the debug picture over it (outlines, marks, the
    /// names `options.labels` asks for, tooltips); with `options.dataAttributes`, every named element of `picture`
    /// gets an invisible rectangle over everything carrying `data-name` and `data-frame="x y w h"` (its frame in
    /// the layout), in drawing order.
    package static func render(
        paint: DisplayList, picture: LayoutPicture?, options: PictureFormat.Options
    )
        -> String
    {
        let width = format(paint.size.width)
        let height = format(paint.size.height)
        var writer = SVGWriter(faces: PictureFaces())
        writer.out =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
            + "viewBox=\"0 0 \(width) \(height)\">\n"
        if let background = options.background {
            writer.out += "<rect width=\"\(width)\" height=\"\(height)\" \(fill(background))/>\n"
        }
        writer.draw(paint.commands)
        if let picture {
            if options.debug {
                writer.draw(picture.debugList(labels: options.labels, faces: writer.faces).commands)
            }
            if options.debug || options.dataAttributes {
                // Invisible rectangles over everything, in drawing order (the last drawn is under the pointer).
                var check = CallerCheck()
                for item in picture.items where options.debug || item.name != nil {
                    if check.gaveUp() { break }
                    let f = item.frame
                    var data = ""
                    if options.dataAttributes, let name = item.name {
                        let l = item.layoutFrame
                        data =
                            " data-name=\"\(escape(name))\" data-frame=\"\(format(l.minX)) \(format(l.minY)) "
                            + "\(format(l.width)) \(format(l.height))\""
                    }
                    writer.out +=
                        "<rect x=\"\(format(f.minX))\" y=\"\(format(f.minY))\" width=\"\(format(f.width))\" "
                        + "height=\"\(format(f.height))\" fill=\"none\" pointer-events=\"all\"\(data)>"
                        + "<title>\(escape(tooltip(item)))</title></rect>\n"
                }
            }
        }
        writer.out += "</svg>\n"
        return writer.out
    }

    /// `fill="#rrggbb"`, with `fill-opacity` when the colour is translucent.
    static func fill(_ color: RGBA) -> String {
        "fill=\"\(color.hex)\"" + (color.alpha == 255 ? "" : " fill-opacity=\"\(short(color.opacity))\"")
    }

    /// `stroke="#rrggbb"`, with `stroke-opacity` when the colour is translucent.
    static func stroke(_ color: RGBA) -> String {
        "stroke=\"\(color.hex)\"" + (color.alpha == 255 ? "" : " stroke-opacity=\"\(short(color.opacity))\"")
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

    /// An `<image>` showing the PNG file `png` stretched to `rect` (embedded as a `data:` URL, so the SVG stands
    /// alone): how both images and colour glyph bitmaps are written.
    static func embeddedPNG(_ png: [UInt8], in rect: Rect) -> String {
        "<image x=\"\(short(rect.minX))\" y=\"\(short(rect.minY))\" width=\"\(short(rect.width))\" "
            + "height=\"\(short(rect.height))\" preserveAspectRatio=\"none\" "
            + "href=\"data:image/png;base64,\(Base64.encode(png))\"/>\n"
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
