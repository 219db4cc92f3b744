// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "todomd",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "TodoMDKit", targets: ["TodoMDKit"]),
        .executable(name: "todomd", targets: ["todomd"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The core: model, file codec, vault, index, queries and views. No networking, no CLI.
        .target(
            name: "TodoMDKit",
            dependencies: [
                .product(name: "Yams", package: "Yams"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The command line, as a library so tests can run commands in-process.
        .target(
            name: "TodoMDCLI",
            dependencies: [
                "TodoMDKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "todomd", dependencies: ["TodoMDCLI"]),
        // libFuzzer entry point for the codec; `scripts/fuzz` builds it with -sanitize=fuzzer.
        .executableTarget(name: "TodoMDFuzz", dependencies: ["TodoMDKit"]),
        .target(name: "TodoMDTestSupport", dependencies: ["TodoMDKit"]),
        // In-process benchmarks, run by scripts/bench (never by the test suite).
        .executableTarget(name: "todomd-bench", dependencies: ["TodoMDKit"], path: "Benchmarks/PerspectiveBench"),
        .testTarget(name: "TodoMDKitTests", dependencies: ["TodoMDKit", "TodoMDTestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "TodoMDCLITests", dependencies: ["TodoMDCLI", "TodoMDKit", "TodoMDTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
