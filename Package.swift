// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "navd",
    products: [
        .library(name: "NavigationCore", targets: ["NavigationCore"]),
        .executable(name: "navbench", targets: ["navbench"]),
    ],
    dependencies: [
        // Every CLI of the project (navd, navctl, navview, navbench) parses its flags with it.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(
            name: "NavigationCore",
            path: "Sources/NavigationCore"
        ),
        // libuv, navd's event loop, plus C shims for what Swift cannot import (SO_PEERCRED, sun_path).
        .systemLibrary(
            name: "CLibUV",
            path: "Sources/CLibUV",
            pkgConfig: "libuv",
            providers: [.apt(["libuv1-dev"])]
        ),
        .target(
            name: "NavTransportUV",
            dependencies: ["CLibUV"],
            path: "Sources/NavTransportUV"
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
            name: "NavTransportUVTests",
            dependencies: ["NavTransportUV"],
            path: "Tests/NavTransportUVTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
