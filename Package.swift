// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "TextureLayout",
    products: [
        .library(name: "TextureLayout", targets: ["TextureLayout"]),
        .library(name: "TextureLayoutCompat", targets: ["TextureLayoutCompat"]),
        .library(name: "LayoutDocument", targets: ["LayoutDocument"]),
        .library(name: "LayoutRendering", targets: ["LayoutRendering"]),
        .executable(name: "texture-layout", targets: ["texture-layout"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(name: "TextureLayout"),
        .target(name: "TextureLayoutCompat", dependencies: ["TextureLayout"]),
        .target(name: "LayoutDocument", dependencies: ["TextureLayout"]),
        .target(name: "LayoutRendering", dependencies: ["TextureLayout", "LayoutDocument"]),
        .executableTarget(
            name: "texture-layout",
            dependencies: [
                "TextureLayout", "LayoutDocument", "LayoutRendering",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "TextureLayoutTests", dependencies: ["TextureLayout"], exclude: ["API-FACTS-COVERAGE.md"]),
        .testTarget(
            name: "ConformanceTests",
            dependencies: ["TextureLayout", "LayoutDocument"],
            exclude: ["Cases", "known-divergences.md"]
        ),
        .testTarget(name: "LayoutDocumentTests", dependencies: ["LayoutDocument"]),
        .testTarget(name: "LayoutRenderingTests", dependencies: ["LayoutRendering", "LayoutDocument", "TextureLayout"]),
        // Runs the built executable as a subprocess; the dependency makes `swift test` build it first.
        .testTarget(name: "CLITests", dependencies: ["texture-layout"]),
        .testTarget(name: "TextureLayoutCompatTests", dependencies: ["TextureLayoutCompat"]),
        // Random documents checked against layout invariants, the big-document checks, and the regression cases
        // kept in Tests/RegressionCases (fuzzer finds included).
        .testTarget(name: "PropertyTests", dependencies: ["TextureLayout", "LayoutDocument"]),
    ],
    swiftLanguageModes: [.v6]
)
