import Testing
import TextureLayout
@testable import TextureLayoutPaint

/// The order the contract's "Paint" gives a node's parts, checked command by command.
struct DisplayListBuilderTests {
    /// A short name for each command, to compare lists.
    static func names(_ list: DisplayList) -> [String] {
        list.commands.map { command in
            switch command {
            case .shadow: "shadow"
            case .fill: "fill"
            case .gradient: "gradient"
            case .image: "image"
            case .glyphs: "glyphs"
            case .decoration: "decoration"
            case .pushClip: "clip"
            case .popClip: "/clip"
            case .pushGroup: "group"
            case .popGroup: "/group"
            case .pushShadow: "shadowed"
            case .popShadow: "/shadowed"
            case .border: "border"
            case .outline: "outline"
            case .line: "line"
            case .fillPath: "fill path"
            case .strokePath: "stroke path"
            case .pushClipPath: "clip path"
            }
        }
    }

    @Test func aNodeDrawsShadowFillGradientContentSubnodesThenBorderInOneGroup() {
        var builder = DisplayListBuilder(canvas: Size(100, 100))
        let gradient = Gradient(stops: [.init(.black, at: 0), .init(RGBA(255, 255, 255), at: 1)])
        let paint = Paint(
            backgroundColor: RGBA(255, 0, 0), backgroundGradient: gradient, cornerRadius: 8,
            borderWidth: 2, clipsToBounds: false, alpha: 0.5,
            shadow: Shadow(opacity: 0.5, offset: Point(0, 4), radius: 6))
        #expect(true == builder.beginNode(frame: Rect(x: 10, y: 10, width: 50, height: 40), paint: paint))
        builder.addContent([.decoration(Rect(x: 10, y: 30, width: 20, height: 1), .black)])
        #expect(
            true
                == builder.beginNode(
                    frame: Rect(x: 20, y: 20, width: 10, height: 10),
                    paint: Paint(backgroundColor: RGBA(0, 0, 255))))
        builder.endNode()
        builder.endNode()
        let list = builder.finish()
        #expect(
            Self.names(list) == [
                "group", "shadow", "fill", "gradient", "clip", "decoration", "/clip", "fill",
                "border", "/group",
            ])
        guard case let .shadow(box, color, blur) = list.commands[1] else { Issue.record(); return }
        #expect(box.rect == Rect(x: 10, y: 14, width: 50, height: 40) && box.topLeft == 8)
        #expect(color == RGBA(0, 0, 0, 128) && blur == 6)
        guard case let .pushGroup(opacity) = list.commands[0] else { Issue.record(); return }
        #expect(opacity == 0.5)
    }

    @Test func aClippingNodeClipsItsSubnodesToItsRoundedBoxAndDropsItsShadow() {
        var builder = DisplayListBuilder(canvas: Size(100, 100))
        let paint = Paint(
            backgroundColor: .black, cornerRadius: 100, clipsToBounds: true,
            shadow: Shadow(opacity: 1))
        #expect(true == builder.beginNode(frame: Rect(x: 0, y: 0, width: 40, height: 20), paint: paint))
        #expect(
            true
                == builder.beginNode(
                    frame: Rect(x: 0, y: 0, width: 40, height: 20),
                    paint: Paint(backgroundColor: .black)))
        builder.endNode()
        #expect(true == builder.beginNode(frame: Rect(x: 0, y: 0, width: 5, height: 5), paint: Paint()))
        builder.endNode()
        builder.endNode()
        let list = builder.finish()
        #expect(Self.names(list) == ["fill", "clip", "fill", "/clip"])
        // The radius is clamped to half the smaller side.
        guard case let .pushClip(clip) = list.commands[1] else { Issue.record(); return }
        #expect(clip.topLeft == 10 && clip.bottomRight == 10)
    }

    @Test func hiddenAndTransparentNodesDrawNothingOfTheirSubtree() {
        var builder = DisplayListBuilder(canvas: Size(10, 10))
        #expect(
            false
                == builder.beginNode(
                    frame: Rect(x: 0, y: 0, width: 5, height: 5),
                    paint: Paint(backgroundColor: .black, isHidden: true)))
        #expect(
            false
                == builder.beginNode(
                    frame: Rect(x: 0, y: 0, width: 5, height: 5),
                    paint: Paint(backgroundColor: .black, alpha: 0)))
        #expect(builder.finish().commands.isEmpty)
    }

    @Test func aGradientWhoseEndsCoincideIsItsLastColour() {
        var builder = DisplayListBuilder(canvas: Size(10, 10))
        let gradient = Gradient(
            stops: [.init(.black, at: 0), .init(RGBA(0, 255, 0), at: 1)],
            startPoint: Point(0.5, 0.5), endPoint: Point(0.5, 0.5))
        _ = builder.beginNode(
            frame: Rect(x: 0, y: 0, width: 10, height: 10), paint: Paint(backgroundGradient: gradient))
        let list = builder.finish()
        guard case let .fill(_, color) = list.commands.first else { Issue.record(); return }
        #expect(color == RGBA(0, 255, 0))
    }

    @Test func borderInnerEdgeInsetsTheBoxAndShrinksItsRadii() {
        let box = RoundedBox(Rect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 12, corners: [.topLeft])
        let inner = box.inset(by: 5)
        #expect(inner.rect == Rect(x: 5, y: 5, width: 90, height: 30))
        #expect(inner.topLeft == 7 && inner.topRight == 0)
        // A border wider than half the box fills it.
        #expect(box.inset(by: 30).rect.height == 0)
        // Inside and outside the rounded corner: the corner's centre is (12, 12), radius 12.
        #expect(!box.contains(Point(2, 2)))
        #expect(box.contains(Point(5, 5)))
        #expect(box.contains(Point(98, 1)))
    }

    @Test func premultipliedStopsMixColoursWeightedByAlpha() {
        // Transparent black to opaque red: premultiplied, every colour between is red.
        let gradient = Gradient(stops: [.init(.clear, at: 0), .init(RGBA(255, 0, 0), at: 1)])
        let placed = PlacedGradient(gradient, in: Rect(x: 0, y: 0, width: 10, height: 10))!
        let stops = placed.stopsForUnpremultipliedInterpolation
        #expect(stops.count == 17)
        #expect(stops.dropFirst().allSatisfy { $0.color.red == 255 && $0.color.green == 0 })
        #expect(stops[8].color.alpha == 128 && stops[8].location == 0.5)
    }

    @Test func contentWithAShadowCastsItInsideTheContentsClip() {
        var builder = DisplayListBuilder(canvas: Size(100, 100))
        #expect(true == builder.beginNode(frame: Rect(x: 10, y: 10, width: 50, height: 40), paint: Paint()))
        let glyphs = DisplayCommand.decoration(Rect(x: 10, y: 30, width: 20, height: 1), .black)
        builder.addContent(
            [glyphs],
            shadow: Shadow(
                color: RGBA(0, 0, 255, 128), opacity: 0.5, offset: Point(2, 3),
                radius: 1))
        builder.endNode()
        let list = builder.finish()
        #expect(Self.names(list) == ["clip", "shadowed", "decoration", "/shadowed", "/clip"])
        if case let .pushShadow(color, offset, blur) = list.commands[1] {
            // The opacity multiplies the colour's own alpha: 128 × 0.5.
            #expect(color == RGBA(0, 0, 255, 64) && offset == Point(2, 3) && blur == 1)
        }
        // A shadow without opacity adds nothing.
        var plain = DisplayListBuilder(canvas: Size(100, 100))
        #expect(true == plain.beginNode(frame: Rect(x: 10, y: 10, width: 50, height: 40), paint: Paint()))
        plain.addContent([glyphs], shadow: Shadow(opacity: 0))
        #expect(Self.names(plain.finish()) == ["clip", "decoration", "/clip"])
    }
}
