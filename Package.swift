// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "TextureLayout",
    products: [
        .library(name: "TextureLayout", targets: ["TextureLayout"]),
        .library(name: "TextureLayoutCompat", targets: ["TextureLayoutCompat"]),
        .library(name: "TextureLayoutDrawing", targets: ["TextureLayoutDrawing"]),
        .library(name: "LayoutDocument", targets: ["LayoutDocument"]),
        .library(name: "LayoutRendering", targets: ["LayoutRendering"]),
        .library(name: "TextureLayoutText", targets: ["TextureLayoutText"]),
        .library(name: "TextureLayoutPaint", targets: ["TextureLayoutPaint"]),
        .library(name: "TextureLayoutImages", targets: ["TextureLayoutImages"]),
        .library(name: "LayoutServer", targets: ["LayoutServer"]),
        .library(name: "TextureLayoutTesting", targets: ["TextureLayoutTesting"]),
        .executable(name: "texture-layout", targets: ["texture-layout"]),
    ],
    // A client that only lays out depends on the package with `traits: []` and fetches none of the packages below
    // but the argument parser (the command line's, which such a client does not build); with
    // `traits: ["SnapshotTesting"]` it gets the snapshot strategies without the server.
    traits: [
        .trait(name: "Server", description: "LayoutServer (and the command line's serve) with Hummingbird"),
        .trait(name: "SnapshotTesting", description: "TextureLayoutTesting with pointfreeco's swift-snapshot-testing"),
        .default(enabledTraits: ["Server", "SnapshotTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation` (DocC) for every module.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // The HTTP server of `serve`; its optional traits (swift-configuration, full Foundation) are not needed.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // The server's `/metrics`: swift-metrics' counters and timers, kept and written by swift-prometheus.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // HTTP field names of our own (`X-Request-Id`); Hummingbird's requests and answers are made of these types.
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        // The engine prefetches through LLVM's prefetch, which Swift offers only in the compiler's `Builtin`
        // module (PassTrace.swift).
        .target(name: "TextureLayout", swiftSettings: [.enableExperimentalFeature("BuiltinModule")]),
        .target(
            name: "TextureLayoutCompat",
            dependencies: ["TextureLayout", "TextureLayoutText", "TextureLayoutPaint", "ImageHeaders"]),
        // Texture code's drawing where UIKit and Core Graphics are missing (image contexts, UIBezierPath,
        // node.snapshotImage()), a module of its own so that a layout-only client of TextureLayoutCompat links
        // neither Cairo nor libpng.
        .target(
            name: "TextureLayoutDrawing",
            dependencies: ["TextureLayoutCompat", "TextureLayoutPaint", "TextureLayoutImages", "LayoutRendering"]
        ),
        // What pictures draw (colours, gradients, shadows, display lists), free of Foundation and C as the engine is.
        .target(name: "TextureLayoutPaint", dependencies: ["TextureLayout"]),
        // The text module's system libraries (found through pkg-config; `Scripts/setup` installs them).
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]
        ),
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]
        ),
        .systemLibrary(
            name: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]
        ),
        // The pictures' rasterizer (PNG): paths, gradients, clips, groups and FreeType glyphs (cairo-ft).
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo-ft",
            providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]
        ),
        // The PNG pictures' checksums (CRC-32 and Adler-32); the compression is the project's own (Deflate).
        .systemLibrary(
            name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
        ),
        .systemLibrary(name: "CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]),
        // ICU renames its functions per version with macros Swift cannot import: C wrappers with stable names.
        .target(name: "CICUShim", dependencies: ["CICU"]),
        // The image decoders: libpng and libjpeg-turbo (its libjpeg API). Both report errors by jumping out with
        // longjmp, where Swift cannot catch them: they are called through C functions that catch the jump.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(
            name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]
        ),
        .target(name: "CImageDecoders", dependencies: ["CPNG", "CJPEG"]),
        // PNG and JPEG headers and pixels (premultiplied, upright), for the documents' image elements and the
        // compatibility module's UIImage; free of Foundation.
        // Image headers in Swift alone: the images module and the compatibility module's UIImage read them alike.
        .target(name: "ImageHeaders"),
        .target(name: "TextureLayoutImages", dependencies: ["ImageHeaders", "CImageDecoders"]),
        .target(
            name: "TextureLayoutText",
            dependencies: ["TextureLayout", "TextureLayoutPaint", "CHarfBuzz", "CFreeType", "CFontconfig", "CICUShim"]
        ),
        // JSON: the tape, its parser and the writer (no Foundation), with their unsafe code declared there.
        .target(name: "LayoutJSON", dependencies: ["TextureLayout"]),
        .target(
            name: "LayoutDocument",
            dependencies: [
                "TextureLayout", "TextureLayoutText", "TextureLayoutPaint", "TextureLayoutImages", "LayoutJSON",
            ]
        ),
        .target(
            name: "LayoutRendering",
            dependencies: [
                "TextureLayout", "LayoutDocument", "TextureLayoutText", "TextureLayoutPaint", "TextureLayoutImages",
                "LayoutJSON", "CFreeType", "CCairo", "CDeflate",
            ]
        ),
        // What the command line and the server both do with a document: read it, apply size overrides, lay it
        // out, draw it, and word its errors. Not a product: its API is `package`, for those two only.
        .target(
            name: "LayoutTool", dependencies: ["TextureLayout", "LayoutDocument", "LayoutRendering", "LayoutJSON"]),
        .target(
            name: "LayoutServer",
            dependencies: [
                "TextureLayout", "LayoutDocument", "LayoutRendering", "LayoutTool", "TextureLayoutPaint", "LayoutJSON",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Server"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
                .product(name: "Metrics", package: "swift-metrics", condition: .when(traits: ["Server"])),
                .product(name: "Prometheus", package: "swift-prometheus", condition: .when(traits: ["Server"])),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["Server"])),
                .product(
                    name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["Server"])
                ),
            ],
            resources: [.copy("Playground")]
        ),
        .executableTarget(
            name: "texture-layout",
            dependencies: [
                "TextureLayout", "LayoutDocument", "LayoutRendering", "TextureLayoutText", "LayoutTool", "LayoutServer",
                "TextureLayoutPaint", "LayoutJSON",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Snapshot strategies for nodes and elements; the only target that uses swift-snapshot-testing (and so the
        // only one whose build waits for swift-syntax, which that package brings). Its images are the debug
        // pictures LayoutRendering draws with Cairo, which it reads back to compare.
        .target(
            name: "TextureLayoutTesting",
            dependencies: [
                "TextureLayout", "TextureLayoutCompat", "TextureLayoutDrawing", "TextureLayoutText", "LayoutRendering",
                "TextureLayoutImages",
                .product(
                    name: "SnapshotTesting", package: "swift-snapshot-testing",
                    condition: .when(traits: ["SnapshotTesting"])),
            ]
        ),
        .testTarget(name: "TextureLayoutTests", dependencies: ["TextureLayout"], exclude: ["API-FACTS-COVERAGE.md"]),
        .testTarget(
            name: "ConformanceTests",
            dependencies: ["TextureLayout", "LayoutDocument", "LayoutJSON"],
            exclude: ["Cases", "known-divergences.md"]
        ),
        .testTarget(
            name: "LayoutDocumentTests",
            dependencies: ["LayoutDocument", "LayoutJSON", "TextureLayoutText", "TextureLayoutPaint", "TestSupport"]
        ),
        .testTarget(name: "TextureLayoutPaintTests", dependencies: ["TextureLayoutPaint", "TextureLayout"]),
        .testTarget(name: "TextureLayoutImagesTests", dependencies: ["TextureLayoutImages"], exclude: ["Images"]),
        .testTarget(
            name: "LayoutRenderingTests",
            dependencies: [
                "LayoutRendering", "LayoutDocument", "LayoutJSON", "TextureLayout", "TextureLayoutText",
                "TextureLayoutPaint", "CCairo", "CDeflate", "TestSupport",
            ]
        ),
        // Runs the built executable as a subprocess; the dependency makes `swift test` build it first.
        .testTarget(name: "CLITests", dependencies: ["texture-layout"]),
        // Depends on the engine too: ReadmeExampleTests imports only it, next to files that import the compat module.
        .testTarget(
            name: "TextureLayoutCompatTests",
            dependencies: ["TextureLayoutCompat", "TextureLayout", "TextureLayoutText"]),
        .testTarget(
            name: "TextureLayoutDrawingTests",
            dependencies: [
                "TextureLayoutDrawing", "TextureLayoutPaint", "TextureLayout", "LayoutDocument", "TestSupport",
            ]
        ),
        .testTarget(
            name: "TextureLayoutTestingTests",
            dependencies: [
                "TextureLayoutTesting", "TextureLayoutCompat",
                .product(
                    name: "SnapshotTesting", package: "swift-snapshot-testing",
                    condition: .when(traits: ["SnapshotTesting"])),
            ]
        ),
        .testTarget(name: "TextureLayoutTextTests", dependencies: ["TextureLayoutText", "CICUShim", "TestSupport"]),
        // Random documents checked against layout invariants, the big-document checks, and the regression cases
        // kept in Tests/RegressionCases (fuzzer finds included).
        .testTarget(
            name: "PropertyTests",
            dependencies: ["TextureLayout", "LayoutDocument", "LayoutJSON", "TextureLayoutText", "TestSupport"]
        ),
        // What several test targets share (test targets cannot depend on each other): the seeded random numbers and
        // hand-written PNG files.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
    ],
    swiftLanguageModes: [.v6]
)
