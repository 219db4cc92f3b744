// swift-tools-version:6.1
import PackageDescription

/// Links the Swift runtime and Foundation statically into an executable on Linux (see `todomd`).
let staticStdlib = ["-static-stdlib", "-Xlinker", "--start-group"]
    + ["Foundation", "FoundationEssentials", "FoundationInternationalization", "CoreFoundation", "_FoundationICU",
       "_FoundationCollections", "_FoundationCShims", "swiftDispatch", "dispatch", "BlocksRuntime",
       "swiftSynchronization", "swift_Concurrency", "swift_StringProcessing", "swift_RegexParser", "swiftGlibc",
       "swiftCore"].flatMap { ["-Xlinker", "-l" + $0] }
    + ["-Xlinker", "--end-group"]

let package = Package(
    name: "todomd",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "TodoMDKit", targets: ["TodoMDKit"]),
        .executable(name: "todomd", targets: ["todomd"]),
        .executable(name: "todomd-serve", targets: ["todomd-serve"]),
        .executable(name: "todomd-sync", targets: ["todomd-sync"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1",
                 traits: ["FullFoundation"]),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.25.0"),
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
        // The system's zlib (gzip for the web app's static files).
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        // The web app's static files (HTML, CSS, JS, icons), compiled into the binary.
        .target(name: "TodoMDWeb", resources: [.embedInCode("Static")]),
        // `todomd serve`: the JSON API, live events and the web app, over Hummingbird.
        .target(
            name: "TodoMDServer",
            dependencies: [
                "TodoMDKit",
                "TodoMDWeb",
                "CZlib",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // `todomd mcp`: the Model Context Protocol server for AI agents, over stdio.
        .target(
            name: "TodoMDMCP",
            dependencies: [
                "TodoMDKit",
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `todomd sync`: two-way sync of tasks and notes with PostgreSQL, over postgres-nio
        // (durable outbox, merge base, field-by-field merge, tombstones).
        .target(
            name: "TodoMDSync",
            dependencies: [
                "TodoMDKit",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The command line, as a library so tests can run commands in-process. `serve`, `mcp` and
        // `sync` only check their options here and run in the helper programs below.
        .target(
            name: "TodoMDCLI",
            dependencies: [
                "TodoMDKit",
                .target(name: "CMalloc", condition: .when(platforms: [.linux])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // glibc's `mallopt`, which the Glibc module leaves out (CommandAllocator).
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        // `todomd sync` itself, over TodoMDSync: a library so tests can run it in-process.
        .target(name: "TodoMDSyncCommand", dependencies: ["TodoMDCLI", "TodoMDSync"]),
        // `todomd`: every command but `serve`, `mcp` and `sync`, with the Swift runtime and Foundation
        // linked in (-static-stdlib), so it starts without resolving ~20 shared libraries
        // (issue 17). The modules are compiled against the shared Foundation, whose autolink
        // entries name only the top libraries; the static archives they need in turn are
        // listed again in one group so the linker resolves them in any order.
        .executableTarget(name: "todomd", dependencies: ["TodoMDCLI"],
                          linkerSettings: [.unsafeFlags(staticStdlib, .when(platforms: [.linux]))]),
        // `todomd-serve`: what `todomd serve` and `todomd mcp` exec (git-style), with the web
        // server and the MCP SDK (which brings FoundationNetworking: libcurl, GnuTLS, Kerberos,
        // LDAP) that no other command needs.
        .executableTarget(name: "todomd-serve", dependencies: ["TodoMDCLI", "TodoMDServer", "TodoMDMCP"]),
        // `todomd-sync`: what `todomd sync` execs, with postgres-nio, NIO and BoringSSL; linked like
        // `todomd` (it needs no FoundationNetworking), so a sync of one change starts fast too.
        .executableTarget(name: "todomd-sync", dependencies: ["TodoMDSyncCommand"],
                          linkerSettings: [.unsafeFlags(staticStdlib, .when(platforms: [.linux]))]),
        // libFuzzer entry point for the codec; `scripts/fuzz` builds it with -sanitize=fuzzer.
        .executableTarget(name: "TodoMDFuzz", dependencies: ["TodoMDKit"]),
        .target(name: "TodoMDTestSupport", dependencies: ["TodoMDKit"]),
        // In-process benchmarks, run by scripts/bench (never by the test suite).
        .executableTarget(name: "todomd-bench", dependencies: [
            "TodoMDKit", "TodoMDCLI", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: "Benchmarks/PerspectiveBench"),
        .testTarget(name: "TodoMDKitTests", dependencies: ["TodoMDKit", "TodoMDTestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "TodoMDServerTests", dependencies: [
            "TodoMDServer", "TodoMDKit", "TodoMDWeb", "TodoMDTestSupport", "CZlib",
            .product(name: "Hummingbird", package: "hummingbird"),
            // Not HummingbirdTesting: its HTTP client (AsyncHTTPClient, HTTP/2, SOCKS) took
            // ~100 s of every first build on 2 cores, and the tests drive the router in-process
            // (RouterClient in ServerTestCase.swift).
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOEmbedded", package: "swift-nio"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
        ]),
        .testTarget(name: "TodoMDCLITests", dependencies: [
            "TodoMDCLI", "TodoMDSyncCommand", "TodoMDKit", "TodoMDTestSupport",
            .target(name: "CMalloc", condition: .when(platforms: [.linux])),
        ]),
        .testTarget(name: "TodoMDMCPTests", dependencies: [
            "TodoMDMCP", "TodoMDKit", "TodoMDTestSupport",
            .product(name: "MCP", package: "swift-sdk"),
        ]),
        // Sync against a real PostgreSQL: run under scripts/with-postgres (skipped without it).
        .testTarget(name: "TodoMDSyncTests", dependencies: [
            "TodoMDSync", "TodoMDSyncCommand", "TodoMDCLI", "TodoMDKit", "TodoMDTestSupport",
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Logging", package: "swift-log"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
