// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "navd",
    products: [
        .library(name: "NavigationCore", targets: ["NavigationCore"]),
        .library(name: "NavProtocol", targets: ["NavProtocol"]),
        .library(name: "NavServer", targets: ["NavServer"]),
        .executable(name: "navd", targets: ["navd"]),
        .executable(name: "navbench", targets: ["navbench"]),
    ],
    dependencies: [
        // Every CLI of the project (navd, navctl, navview, navbench) parses its flags with it.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The pure engine: app definition, tree, operations, events, deep links. No I/O.
        .target(
            name: "NavigationCore",
            path: "Sources/NavigationCore"
        ),
        // JSON-RPC 2.0 envelope and NDJSON framing.
        .target(
            name: "NavProtocol",
            dependencies: ["NavigationCore"],
            path: "Sources/NavProtocol"
        ),
        // The I/O-free server: bytes in, outputs out.
        .target(
            name: "NavServer",
            dependencies: ["NavProtocol", "NavigationCore"],
            path: "Sources/NavServer"
        ),
        .executableTarget(
            name: "navd",
            dependencies: [
                "NavigationCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/navd"
        ),
        .executableTarget(
            name: "navbench",
            dependencies: [
                "NavigationCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Clients/navbench"
        ),
        .testTarget(
            name: "NavigationCoreTests",
            dependencies: ["NavigationCore"],
            path: "Tests/NavigationCoreTests"
        ),
        .testTarget(
            name: "NavProtocolTests",
            dependencies: ["NavProtocol"],
            path: "Tests/NavProtocolTests"
        ),
        .testTarget(
            name: "NavServerTests",
            dependencies: ["NavServer"],
            path: "Tests/NavServerTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
