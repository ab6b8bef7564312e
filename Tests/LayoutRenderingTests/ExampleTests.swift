import Foundation
import LayoutDocument
import LayoutRendering
import Testing
import TextureLayout
import TextureLayoutPaint

/// The committed pictures under `Examples/` are what the renderer draws today, and the examples' frames are the
/// ones Texture's rules give (worked out by hand from Texture's rules, the engine's DocC article *Texture's layout rules*, before the pictures were committed).
@Suite struct ExampleTests {
    /// The examples that are designs, with paint: their pictures are `render`'s plain picture. The others
    /// demonstrate a layout spec and have no paint: their pictures are debug pictures on white
    /// (`render --debug --background white`).
    static let designs: Set<String> = ["feed-cell", "profile-header", "settings", "photo-grid", "share-card"]

    @Test(arguments: exampleNames)
    func committedPictureIsWhatTheToolDraws(name: String) throws {
        let isDesign = Self.designs.contains(name)
        let options = isDesign ? PictureFormat.Options() : .init(background: RGBA(255, 255, 255), debug: true)
        let svg = SVGRenderer.render(try layOutExample(name), options: options)
        let committed = try String(
            contentsOf: examplesDirectory.appendingPathComponent(name + ".svg"),
            encoding: .utf8)
        let command =
            "texture-layout render Examples/\(name).json -o Examples/\(name).svg"
            + (isDesign ? "" : " --debug --background white")
        #expect(svg == committed, "Examples/\(name).svg is stale: run \(command)")
    }

    @Test func everyExampleHasItsPictureAndExpectedFrames() throws {
        #expect(exampleNames.count >= 15)
        let files = try FileManager.default.contentsOfDirectory(atPath: examplesDirectory.path)
        let pictures = Set(files.filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) })
        #expect(pictures == Set(exampleNames))
        #expect(Set(Self.expected.keys) == Set(exampleNames))
    }

    @Test(arguments: exampleNames)
    func framesFollowTexturesRules(name: String) throws {
        let result = try layOutExample(name)
        guard let (size, frames) = Self.expected[name] else {
            Issue.record("no expected frames for \(name)")
            return
        }
        #expect([result.size.width, result.size.height] == size)
        let actual = result.frames.mapValues { [$0.minX, $0.minY, $0.width, $0.height] }
        #expect(actual == frames)
    }

    /// Each example's root size and frames, derived by hand.
    static let expected: [String: (size: [Double], frames: [String: [Double]])] = [
        // Text sizes come from DejaVu Sans as pango-view lays the same strings out (advances at the size, no
        // hinting) and from the font's hhea ascender and descender (1901 and −483 of 2048 units): a line is
        // 2384 / 2048 em tall (17.46 at 15 points, 15.13 at 13), a text's size is rounded up to whole points.
        // Inset 16/12 in a 375-wide range → row range exactly 343 wide; content grows to 343 − 44 − 12 = 287.
        // Header (stretched to 287): title "Ada Lovelace" at 15 points is 99.69 → 100 × 18, time "2h" at 13 is
        // 16.51 → 17 × 16; spaceBetween puts the 287 − 117 left between them: time at 72 + 100 + 170 = 342.
        // baselineFirst: ascenders 1901 / 2048 em = 13.92 and 12.07 points, so time moves down 1.86 to
        // 13.86, ceiled to the pixel grid: 14; the line is 13.92 + max(18 − 13.92, 16 − 12.07) = 18 tall.
        // Body: pango-view breaks it at 287 into four lines (the widest 260.66); 4 × 17.46 = 69.84 → 70, stretched
        // to 287. Content: 18 + 6 + 70 + 6 + 24 = 124; actions at 12 + 18 + 6 + 70 + 6 = 112 as before: 3 × 16
        // + 3 × 24 = 120, the spacer grows by 167. Cell: 124 + 24 = 148.
        "feed-cell": (
            [375, 148],
            [
                "cell": [0, 0, 375, 148], "row": [16, 12, 343, 124], "avatar": [16, 12, 44, 44],
                "content": [72, 12, 287, 124], "header": [72, 12, 287, 18], "title": [72, 12, 100, 18],
                "time": [342, 14, 17, 16], "body": [72, 36, 287, 70], "actions": [72, 112, 287, 24],
                "like": [72, 112, 24, 24], "comment": [112, 112, 24, 24], "spacer": [152, 112, 167, 24],
                "share": [335, 112, 24, 24],
            ]
        ),
        // Stack width 375 − 8 = 367; lines break when 118 + 4 + 118 + 4 + 118 + 4 + 118 = 484 > 367, so 3, 3, 1.
        // Full lines: free space 367 − 362 = 5, spaceBetween adds 2.5 per gap (x = 0, 124.5, 249); the single
        // item of the last line falls back to start. Lines 118 + 4 apart.
        "photo-grid": (
            [375, 370],
            [
                "grid": [0, 0, 375, 370], "photos": [4, 4, 367, 362],
                "p1": [4, 4, 118, 118], "p2": [128.5, 4, 118, 118], "p3": [253, 4, 118, 118],
                "p4": [4, 126, 118, 118], "p5": [128.5, 126, 118, 118], "p6": [253, 126, 118, 118],
                "p7": [4, 248, 118, 118],
            ]
        ),
        // Cover: ratio 0.4 of 375 → 150. Names (text measured as for the feed cell): "Grace Hopper" at 20 points
        // is 138.83 → 139 × 24 (23.28 tall), "@grace · Arlington" at 15 is 140.02 → 141 × 18; the stack is 141 ×
        // (24 + 4 + 18) = 46. Follow: "Follow" at 15 is 47.05 → 48 × 18, plus insets 18 and 8 → 84 × 34, its
        // background node takes that. Row: 72 + 141 + 0 + 84 + 3 × 12 = 333 of 343, the spacer grows by 10. Line
        // height 72; centred: names floorPx(13), the spacer 36, follow floorPx(19). Badge: relative end/end in the
        // avatar's 72 × 72 → (52, 52).
        "profile-header": (
            [375, 246],
            [
                "profile": [0, 0, 375, 246], "cover": [0, 0, 375, 150], "coverPhoto": [0, 0, 375, 150],
                "info": [0, 150, 375, 96], "infoRow": [16, 162, 343, 72], "avatarWithBadge": [16, 162, 72, 72],
                "avatar": [16, 162, 72, 72], "badgeCorner": [16, 162, 72, 72], "badge": [68, 214, 20, 20],
                "names": [100, 175, 141, 46], "displayName": [100, 175, 139, 24], "handle": [100, 203, 141, 18],
                "spacer": [253, 198, 10, 0], "follow": [275, 181, 84, 34], "followButton": [275, 181, 84, 34],
                "followLabel": [293, 189, 48, 18],
            ]
        ),
        // Every child of the screen's stack is stretched to 375, so each inset gives its text exactly 343 (the
        // text's own width is smaller) and its line height rounded up: "Settings" at 28 points 32.59 → 33,
        // "CONNECTIONS" at 13 → 16, row texts at 17 points 19.79 → 20. navBar 20 + 33 + 8 = 61; sectionHeader
        // 16 + 16 + 6 = 38. A row: inset 11/16 around a stack exactly 343 wide: 28 + label + value + 8 + 3 × 12,
        // the label grows by the rest; centred in the 28-point line: texts floorPx(4), chevrons floorPx(7.5) = 7.5.
        // Widths (pango-view, rounded up): "Airplane Mode" 122.23 → 123 grows by 122, "Off" 25.09 → 26; "Wi-Fi"
        // 40.56 → 41 grows by 103, "Home Network" 126.59 → 127; "Bluetooth" 82.53 → 83 grows by 163, "On"
        // 24.16 → 25. A row is 50 tall; separators are insets of 56 on the left around a 1-point node stretched
        // to 319. Rows at 99, 150, 201; screen 251.
        "settings": (
            [375, 251],
            [
                "screen": [0, 0, 375, 251], "navBar": [0, 0, 375, 61], "title": [16, 20, 343, 33],
                "sectionHeader": [0, 61, 375, 38], "section": [16, 77, 343, 16],
                "airplaneRow": [0, 99, 375, 50], "airplaneIcon": [16, 110, 28, 28],
                "airplaneLabel": [56, 114, 245, 20],
                "airplaneValue": [313, 114, 26, 20], "airplaneChevron": [351, 117.5, 8, 13],
                "separator1": [56, 149, 319, 1],
                "wifiRow": [0, 150, 375, 50], "wifiIcon": [16, 161, 28, 28], "wifiLabel": [56, 165, 144, 20],
                "wifiValue": [212, 165, 127, 20], "wifiChevron": [351, 168.5, 8, 13],
                "separator2": [56, 200, 319, 1],
                "bluetoothRow": [0, 201, 375, 50], "bluetoothIcon": [16, 212, 28, 28],
                "bluetoothLabel": [56, 216, 246, 20], "bluetoothValue": [314, 216, 25, 20],
                "bluetoothChevron": [351, 219.5, 8, 13],
            ]
        ),
        // Share card: the root's range is exactly 1200 × 630; inset 64/72 gives the panel exactly 1056 × 502, its
        // inset 56/64 the content stack exactly 928 × 390. Title at 56 points with lineHeight 68: pango-view breaks
        // it at 928 into two lines ("Texture's layout on Linux, frame" 899.99 wide), 2 × 68 = 136, stretched to
        // 928. Author at 34 points: 34 × 2384 / 2048 = 39.58 → 40; meta at 26: 30.27 → 31, 598.03 wide → 599.
        // Names: 40 + 8 + 31 = 79, as wide as its widest child (599), which stretches the author to it. Byline:
        // 112 (the avatar) tall, stretched to 928; spaceBetween puts it at 120 + 390 − 112 = 398. Names at
        // 136 + 112 + 28 = 276, centred: 398 + floorPx((112 − 79) / 2) = 414; meta at 414 + 40 + 8 = 462.
        "share-card": (
            [1200, 630],
            [
                "card": [0, 0, 1200, 630], "panel": [72, 64, 1056, 502], "content": [136, 120, 928, 390],
                "title": [136, 120, 928, 136], "byline": [136, 398, 928, 112], "avatar": [136, 398, 112, 112],
                "names": [276, 414, 599, 79], "author": [276, 414, 599, 40], "meta": [276, 462, 599, 31],
            ]
        ),
        // Spacer grows by 200 − 80 = 120 and is stretched to the line's 40; the plain spec with a child ignores
        // it (no frame for "ignored"), takes its range's min (0 wide) and is stretched to 40 high.
        "spec": (
            [200, 40],
            [
                "bar": [0, 0, 200, 40], "left": [0, 0, 40, 40], "spacer": [40, 0, 120, 40],
                "holder": [160, 0, 0, 40], "right": [160, 0, 40, 40],
            ]
        ),
        // Every child at (0, 0) in the wrapper's range; 50% resolves against the range's max 200 → 100.
        "wrapper": (
            [120, 100],
            [
                "layers": [0, 0, 120, 100], "back": [0, 0, 120, 80], "front": [0, 0, 60, 100], "half": [0, 0, 100, 20],
            ]
        ),
        // Centered: 170 of 300 → offset 65; cross centre floorPx(10) and floorPx(5). Grown: 155 free,
        // floor(77.5) = 77 each, the remaining 1 to the first grower (128, 127). Shrunk: 600 in 300, weights
        // 300·2, 100·1, 200·2 → 136.36…, 72.72…, 90.90… ceiled to the half point: 136.5, 73, 91.
        "stack": (
            [300, 150],
            [
                "column": [0, 0, 300, 150],
                "centered": [0, 0, 300, 50], "a": [65, 0, 50, 50], "b": [125, 10, 50, 30], "c": [185, 5, 50, 40],
                "grown": [0, 60, 300, 50], "d": [0, 60, 128, 50], "e": [128, 60, 45, 50], "f": [173, 60, 127, 50],
                "shrunk": [0, 120, 300, 30], "g": [0, 120, 136.5, 30], "h": [136.5, 120, 73, 30],
                "i": [209.5, 120, 91, 30],
            ]
        ),
        // Padded: child range exactly 300 − 40 wide. Left inf: the spec takes the max width and the child sits
        // 10 from the right of it (300 − 70). Both sides inf: centred, roundPx(112.5) = 112.5.
        "inset": (
            [300, 120],
            [
                "column": [0, 0, 300, 120], "padded": [0, 0, 300, 50], "content": [20, 10, 260, 30],
                "pinnedRight": [0, 60, 300, 30], "pinned": [230, 65, 60, 20],
                "centered": [0, 100, 300, 20], "middle": [112.5, 100, 75, 20],
            ]
        ),
        // The overlay gets exactly the photo's 200 × 120; its inset (top inf) pins the caption 8 from the
        // bottom: 120 − 28 = 92, width 200 − 16.
        "overlay": (
            [200, 120],
            [
                "card": [0, 0, 200, 120], "photo": [0, 0, 200, 120], "captionInset": [0, 0, 200, 120],
                "caption": [8, 92, 184, 20],
            ]
        ),
        // The label plus insets is 112 × 36; the background (drawn first) gets exactly that.
        "background": (
            [112, 36],
            [
                "button": [0, 0, 112, 36], "fill": [0, 0, 112, 36], "padding": [0, 0, 112, 36],
                "label": [16, 8, 80, 20],
            ]
        ),
        // Full: 180 × 160, child at roundPx(55), roundPx(30). Tight (minimumXY): min(180, 70) and min(160, 100)
        // clamped to its min 100 × 120, child at (15, 10).
        "center": (
            [290, 160],
            [
                "row": [0, 0, 290, 160], "full": [0, 0, 180, 160], "a": [55, 30, 70, 100],
                "tight": [190, 0, 100, 120], "b": [205, 10, 70, 100],
            ]
        ),
        // 0.5 × 300 = 150; floorPx(0.3333 × 300 = 99.99) = 99.5.
        "ratio": (
            [300, 249.5],
            [
                "column": [0, 0, 300, 249.5], "banner": [0, 0, 300, 150], "image": [0, 0, 300, 150],
                "strip": [0, 150, 300, 99.5], "stripImage": [0, 150, 300, 99.5],
            ]
        ),
        // Each relative spec takes the whole 200 × 100; positions (200 − 60)·f, (100 − 20)·f; the rule (None
        // horizontally) gets the range's min width, measures as a plain node at its max: 200 × 4.
        "relative": (
            [200, 100],
            [
                "positions": [0, 0, 200, 100], "topRight": [0, 0, 200, 100], "badge": [140, 0, 60, 20],
                "middle": [0, 0, 200, 100], "dot": [70, 40, 60, 20], "bottomLeft": [0, 0, 200, 100],
                "tag": [0, 80, 60, 20], "bottomEdge": [0, 0, 200, 100], "rule": [0, 96, 200, 4],
            ]
        ),
        // Texture's worked example 8.10 plus a sized node: the spec keeps its max (110 × 160).
        "absolute": (
            [110, 160],
            [
                "canvas": [0, 0, 110, 160], "A": [0, 0, 50, 50], "B": [10, 60, 100, 100], "label": [65, 10, 40, 20],
            ]
        ),
        // Worked example 8.9: without wrapsCorner the badge's centre sits on the photo's top-right corner
        // (90, −10); with it the spec grows to 110 × 110 and everything moves down 10.
        "corner": (
            [254, 134],
            [
                "margin": [0, 0, 254, 134], "row": [12, 12, 230, 110], "plain": [12, 12, 100, 100],
                "photo": [12, 12, 100, 100], "badge": [102, 2, 20, 20], "wrapped": [132, 12, 110, 110],
                "photo2": [132, 22, 100, 100], "badge2": [222, 12, 20, 20],
            ]
        ),
    ]
}
