// swift-tools-version:5.4
import PackageDescription

// navd's fuzz targets (libFuzzer), a package of their own so that the project's `swift build`
// and `swift test` never see them. Built only by `make fuzz`, with the fuzzer and address
// sanitizer (see the Makefile):
//   swift build --package-path Fuzzing --scratch-path .build-fuzz -c release \
//     -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
// Each executable defines `LLVMFuzzerTestOneInput`; libFuzzer supplies `main`. Tools version 5.4
// on purpose: from 5.5 on, SwiftPM renames an executable's entry point to `<module>_main` and
// links `main` to it, which a module without top-level code (libFuzzer's `main`) does not have.
// The targets are compiled in the Swift 6 language mode all the same (`swift6`).
let swift6: [SwiftSetting] = [.unsafeFlags(["-swift-version", "6"])]

let package = Package(
    name: "navd-fuzz",
    products: [
        .executable(name: "fuzz-server", targets: ["fuzz-server"]),
        .executable(name: "fuzz-definition", targets: ["fuzz-definition"]),
        .executable(name: "fuzz-deeplink", targets: ["fuzz-deeplink"]),
        .executable(name: "fuzz-store", targets: ["fuzz-store"]),
    ],
    dependencies: [
        .package(name: "navd", path: ".."),
    ],
    targets: [
        // What every target checks: JSON lines, invariants, a failure libFuzzer records.
        .target(
            name: "FuzzSupport",
            dependencies: [.product(name: "NavJSON", package: "navd"), .product(name: "NavigationCore", package: "navd")],
            swiftSettings: swift6
        ),
        // Bytes of a connection -> frame decoder -> request dispatch -> outputs, on the sample app.
        .executableTarget(
            name: "fuzz-server",
            dependencies: [
                "FuzzSupport",
                .product(name: "NavServer", package: "navd"),
                .product(name: "NavProtocol", package: "navd"),
                .product(name: "NavJSON", package: "navd"),
                .product(name: "NavigationCore", package: "navd"),
            ],
            swiftSettings: swift6
        ),
        // An app definition's text -> load and validation (`navd check`) -> a booted Navigator.
        .executableTarget(
            name: "fuzz-definition",
            dependencies: ["FuzzSupport", .product(name: "NavJSON", package: "navd"), .product(name: "NavigationCore", package: "navd")],
            swiftSettings: swift6
        ),
        // A URL -> routes.resolve, nav.deeplink dry run and real run, on two apps.
        .executableTarget(
            name: "fuzz-deeplink",
            dependencies: ["FuzzSupport", .product(name: "NavJSON", package: "navd"), .product(name: "NavigationCore", package: "navd"), .product(name: "NavProtocol", package: "navd")],
            swiftSettings: swift6
        ),
        // Bursts of mutations -> the server -> a real SQLite store in a temporary directory ->
        // restarts that reopen it and compare what it restores with what was acknowledged.
        .executableTarget(
            name: "fuzz-store",
            dependencies: [
                "FuzzSupport",
                .product(name: "NavServer", package: "navd"),
                .product(name: "NavStore", package: "navd"),
                .product(name: "NavHistory", package: "navd"),
                .product(name: "NavProtocol", package: "navd"),
                .product(name: "NavJSON", package: "navd"),
                .product(name: "NavigationCore", package: "navd"),
            ],
            swiftSettings: swift6
        ),
    ]
)
