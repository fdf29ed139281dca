// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "navd",
    products: [
        .library(name: "NavigationCore", targets: ["NavigationCore"]),
        .library(name: "NavProtocol", targets: ["NavProtocol"]),
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
        .target(
            name: "NavProtocol",
            dependencies: ["NavigationCore"],
            path: "Sources/NavProtocol"
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
            dependencies: ["NavProtocol", "NavigationCore"],
            path: "Tests/NavProtocolTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
