// swift-tools-version:6.1
// Benchmarks of TextureLayout, kept in their own package so that the main package gains no dependency.
// Run from this folder: `swift package benchmark` (see README.md).
import PackageDescription

let package = Package(
    name: "TextureLayoutBenchmarks",
    dependencies: [
        .package(name: "TextureLayout", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "LayoutBenchmarks",
            dependencies: [
                .product(name: "TextureLayout", package: "TextureLayout"),
                .product(name: "LayoutDocument", package: "TextureLayout"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/LayoutBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
