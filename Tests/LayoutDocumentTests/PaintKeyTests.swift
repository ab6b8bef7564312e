import LayoutDocument
import Testing
import TextureLayout
import TextureLayoutPaint

/// The paint keys of display elements ("Paint" in the format reference): read into ``Paint`` with UIKit's
/// defaults, and every bad value an error with its JSON path.
@Suite struct PaintKeyTests {
    func paint(_ element: String) throws -> Paint? {
        let document = try LayoutDocument(json: #"{"root": {"name": "x", "#.dropLast() + element.dropFirst() + "}")
        return document.paint(of: document.elementsByName["x"]!)
    }

    @Test func everyKeyIsRead() throws {
        let paint = try #require(
            try paint(
                #"""
                {"type": "node", "backgroundColor": "#102030", "cornerRadius": 8, "maskedCorners": ["topLeft", "bottomRight"],
                 "borderWidth": 1.5, "borderColor": "red", "clipsToBounds": true, "alpha": 0.25, "hidden": true,
                 "shadowColor": "blue", "shadowOpacity": 0.5, "shadowOffset": [1, 2], "shadowRadius": 4,
                 "backgroundGradient": {"colors": ["red", "#00ff0080", "blue"], "locations": [0, 0.5, 0.5],
                   "startPoint": [0, 0], "endPoint": [1, 2], "type": "radial"}}
                """#))
        #expect(paint.backgroundColor == RGBA(0x10, 0x20, 0x30))
        #expect(paint.cornerRadius == 8 && paint.maskedCorners == [.topLeft, .bottomRight])
        #expect(paint.borderWidth == 1.5 && paint.borderColor == RGBA(255, 0, 0))
        #expect(paint.clipsToBounds && paint.alpha == 0.25 && paint.isHidden)
        #expect(paint.shadow == Shadow(color: RGBA(0, 0, 255), opacity: 0.5, offset: Point(1, 2), radius: 4))
        let gradient = try #require(paint.backgroundGradient)
        #expect(
            gradient.stops == [
                .init(RGBA(255, 0, 0), at: 0), .init(RGBA(0, 255, 0, 128), at: 0.5),
                .init(RGBA(0, 0, 255), at: 0.5),
            ])
        #expect(gradient.startPoint == Point(0, 0) && gradient.endPoint == Point(1, 2) && gradient.kind == .radial)
    }

    @Test func defaultsAreUIKits() throws {
        // An element without paint keys keeps no paint at all.
        #expect(try paint(#"{"type": "node"}"#) == nil)
        let paint = try #require(try paint(#"{"type": "text", "text": "a", "alpha": 1}"#))
        #expect(paint == Paint())
        #expect(paint.backgroundColor == nil && paint.cornerRadius == 0 && paint.maskedCorners == .all)
        #expect(paint.borderWidth == 0 && paint.borderColor == RGBA(0, 0, 0) && !paint.clipsToBounds)
        #expect(paint.shadow == Shadow(color: RGBA(0, 0, 0), opacity: 0, offset: Point(0, -3), radius: 3))
        // Gradients: locations spread evenly, top to bottom, axial.
        let gradient = try #require(
            try self.paint(
                #"""
                {"type": "node", "backgroundGradient": {"colors": ["red", "lime", "blue"]}}
                """#)?.backgroundGradient)
        #expect(gradient.stops.map(\.location) == [0, 0.5, 1])
        #expect(gradient.startPoint == Point(0.5, 0) && gradient.endPoint == Point(0.5, 1) && gradient.kind == .axial)
    }

    @Test func aNodesColorIsItsBackgroundAndATextsIsItsGlyphs() throws {
        #expect(try paint(#"{"type": "node", "color": "red"}"#)?.backgroundColor == RGBA(255, 0, 0))
        #expect(try paint(#"{"type": "text", "text": "a", "color": "red"}"#) == nil)
        #expect(
            try paint(#"{"type": "text", "text": "a", "backgroundColor": "red"}"#)?.backgroundColor
                == RGBA(255, 0, 0))
    }

    @Test(arguments: [
        (
            #"{"type": "stack", "backgroundColor": "red"}"#,
            "root.backgroundColor: a stack is a layout spec and draws "
                + "nothing: paint keys go on display elements (node, text, image)"
        ),
        (
            #"{"type": "inset", "child": {"type": "node", "alpha": 1}, "cornerRadius": 2}"#,
            "root.cornerRadius: an inset is a layout spec and draws nothing: paint keys go on display elements "
                + "(node, text, image)"
        ),
        (
            #"{"type": "node", "color": "red", "backgroundColor": "red"}"#,
            #"root: a node has either "color" or "backgroundColor", not both"#
        ),
        (#"{"type": "node", "cornerRadius": -1}"#, "root.cornerRadius: must not be negative, got -1"),
        (#"{"type": "node", "borderWidth": -0.5}"#, "root.borderWidth: must not be negative, got -0.5"),
        (#"{"type": "node", "shadowRadius": -3}"#, "root.shadowRadius: must not be negative, got -3"),
        (#"{"type": "node", "alpha": 1.5}"#, "root.alpha: must lie between 0 and 1, got 1.5"),
        (
            #"{"type": "text", "text": "a", "shadowOpacity": -0.1}"#,
            "root.shadowOpacity: must lie between 0 and 1, got -0.1"
        ),
        (#"{"type": "node", "hidden": "yes"}"#, #"root.hidden: expected true or false, got "yes""#),
        (
            #"{"type": "node", "borderColor": "reddish"}"#,
            ##"root.borderColor: expected a CSS colour (a name such as "tomato", "#rgb", "#rrggbb", "rgb(…)" or "hsl(…)"), got "reddish""##
        ),
        (
            #"{"type": "node", "maskedCorners": ["top"]}"#,
            #"root.maskedCorners[0]: expected one of "topLeft", "topRight", "bottomLeft", "bottomRight", got "top""#
        ),
        (
            #"{"type": "node", "shadowOffset": [1]}"#,
            "root.shadowOffset: expected an array of two values, got an array of 1 value"
        ),
        (
            #"{"type": "node", "backgroundGradient": {"colors": ["red"]}}"#,
            #"root.backgroundGradient.colors: a gradient needs "colors" with at least two colours"#
        ),
        (
            #"{"type": "node", "backgroundGradient": {"locations": [0, 1]}}"#,
            #"root.backgroundGradient: a gradient needs "colors" with at least two colours"#
        ),
        (
            #"{"type": "node", "backgroundGradient": {"colors": ["red", "blue"], "locations": [0.6, 0.4]}}"#,
            "root.backgroundGradient.locations[1]: locations must not decrease, got 0.4 after 0.6"
        ),
        (
            #"{"type": "node", "backgroundGradient": {"colors": ["red", "blue"], "locations": [0, 1.2]}}"#,
            "root.backgroundGradient.locations[1]: must lie between 0 and 1, got 1.2"
        ),
        (
            #"{"type": "node", "backgroundGradient": {"colors": ["red", "blue"], "locations": [0]}}"#,
            "root.backgroundGradient.locations: expected 2 locations (one per colour), got 1"
        ),
        (
            #"{"type": "node", "backgroundGradient": {"colors": ["red", "blue"], "type": "conic"}}"#,
            #"root.backgroundGradient.type: expected one of "axial", "radial", got "conic""#
        ),
        (
            #"{"type": "node", "backgroundGradient": {"colors": ["red", "blue"], "angle": 3}}"#,
            #"root.backgroundGradient.angle: unknown key "angle""#
        ),
        (
            #"{"type": "node", "backgroundGradient": {"colors": ["red", "blue"], "endPoint": [1, 1e999]}}"#,
            "root.backgroundGradient.endPoint[1]: the number 1e999 is too large to be finite"
        ),
    ])
    func badPaintIsAnErrorAtItsPath(element: String, line: String) {
        do {
            _ = try LayoutDocument(json: #"{"root": "# + element + "}")
            Issue.record("accepted \(element)")
        } catch {
            #expect(error.description == line)
        }
    }
}
