// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "navd",
    products: [
        .library(name: "NavJSON", targets: ["NavJSON"]),
        .library(name: "NavigationCore", targets: ["NavigationCore"]),
        .library(name: "NavHistory", targets: ["NavHistory"]),
        .library(name: "NavProtocol", targets: ["NavProtocol"]),
        .library(name: "NavServer", targets: ["NavServer"]),
        .library(name: "NavTransportUV", targets: ["NavTransportUV"]),
        .library(name: "NavClient", targets: ["NavClient"]),
        .library(name: "NavStore", targets: ["NavStore"]),
        .library(name: "NavGraph", targets: ["NavGraph"]),
        .executable(name: "navd", targets: ["navd"]),
        .executable(name: "navbench", targets: ["navbench"]),
        .executable(name: "navbench-baseline", targets: ["navbench-baseline"]),
        .executable(name: "navctl", targets: ["navctl"]),
        .executable(name: "navview", targets: ["navview"]),
        .executable(name: "navweb", targets: ["navweb"]),
    ],
    dependencies: [
        // Every CLI of the project (navd, navctl, navview, navbench) parses its flags with it.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // navd's log lines (levels, one line per event) to stderr.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // navbench only: latency percentiles (HdrHistogram).
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        // navbench only: the deep-link comparison runs the same routes through Vapor's TrieRouter.
        // Never a dependency of navd or its libraries.
        .package(url: "https://github.com/vapor/routing-kit", from: "4.9.3"),
        // navweb only: the HTTP server of its page (and HummingbirdTesting for its route tests).
        // Never a dependency of navd or its libraries.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        // JSON: the value, the scanner and parser, the writer and its buffer, with their limits.
        .target(
            name: "NavJSON",
            path: "Sources/NavJSON"
        ),
        // The pure engine: app definition, tree, operations, events, deep links. No I/O.
        .target(
            name: "NavigationCore",
            dependencies: ["NavJSON", "NavCollections", "NavSpelling"],
            path: "Sources/NavigationCore"
        ),
        // "did you mean": the names nearest a mistyped one (NearestNames), for the engine's
        // errors and every program's command line. Imports nothing.
        .target(
            name: "NavSpelling",
            path: "Sources/NavSpelling"
        ),
        // Seeded randomness for tests and navbench: SplitMix64 and the seed a test prints and
        // replays. Imports nothing of navd; never a dependency of navd or its libraries.
        .target(
            name: "NavRandom",
            path: "Sources/NavRandom"
        ),
        // Seeded generators for tests and navbench: random route tables with links that match
        // them. Never a dependency of navd or its libraries.
        .target(
            name: "NavFixtures",
            dependencies: ["NavJSON", "NavigationCore", "NavRandom"],
            path: "Sources/NavFixtures"
        ),
        // The one hash table (keys with a cheap deterministic hash): the engine's instances and
        // names, the server's and the transport's connections.
        .target(
            name: "NavCollections",
            path: "Sources/NavCollections"
        ),
        // The definition as a graph (DOT, Mermaid, JSON) and coverage of scripts: pure, no I/O.
        .target(
            name: "NavGraph",
            dependencies: ["NavJSON", "NavigationCore", "NavProtocol"],
            path: "Sources/NavGraph"
        ),
        // The committed revisions: each one's record (cause, events, the tree's change) and the
        // bounded log of them that answers, notifications, nav.history, nav.goto and the store
        // copy from. Between the engine and the server and store.
        .target(
            name: "NavHistory",
            dependencies: ["NavJSON", "NavigationCore"],
            path: "Sources/NavHistory"
        ),
        // JSON-RPC 2.0 envelope and NDJSON framing.
        .target(
            name: "NavProtocol",
            dependencies: ["NavJSON", "NavigationCore", "NavSpelling", "NavHistory"],
            path: "Sources/NavProtocol"
        ),
        // The I/O-free server: bytes in, outputs out.
        .target(
            name: "NavServer",
            dependencies: ["NavJSON", "NavProtocol", "NavigationCore", "NavCollections", "NavSpelling", "NavHistory"],
            path: "Sources/NavServer"
        ),
        // libuv, navd's event loop, plus C shims for what Swift cannot import (SO_PEERCRED, sun_path).
        .systemLibrary(
            name: "CLibUV",
            path: "Sources/CLibUV",
            pkgConfig: "libuv",
            providers: [.apt(["libuv1-dev"])]
        ),
        // SQLite, where a durable navd keeps its state: Debian's library through a system-library
        // target, as libuv is (no package to build: GRDB.swift would add its whole build to every
        // clean build for the dozen calls NavStore makes).
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // The VFS navd's database opens with: the default one, with the write-ahead log's writes
        // gathered into one write per commit. In C: a VFS is a table of C function pointers that
        // SQLite calls with its own structs.
        .target(
            name: "CSQLiteWAL",
            dependencies: ["CSQLite"],
            path: "Sources/CSQLiteWAL",
            // Debug information in DWARF 4, as Swift writes it: valgrind (callgrind, the
            // instruction counts) cannot read the DWARF 5 clang writes by default.
            cSettings: [.unsafeFlags(["-gdwarf-4"])]
        ),
        // The durable state: one SQLite database per app (WAL), the current snapshot and the
        // history entries, committed together; the lock that keeps one navd per database.
        .target(
            name: "NavStore",
            dependencies: ["NavJSON", "NavigationCore", "NavHistory", "CSQLite", "CSQLiteWAL"],
            path: "Sources/NavStore"
        ),
        // The thin libuv layer: listener, connections, write queues, signals, timers. No JSON.
        .target(
            name: "NavTransportUV",
            dependencies: ["CLibUV", "NavCollections", "NavSystem"],
            path: "Sources/NavTransportUV"
        ),
        // The system calls every program makes the same way: write all of a buffer, open, bind
        // and connect Unix sockets (through CLibUV's sun_path shim).
        .target(
            name: "NavSystem",
            dependencies: ["CLibUV"],
            path: "Sources/NavSystem"
        ),
        // What every client program uses: connect, typed calls, notifications.
        .target(
            name: "NavClient",
            dependencies: ["NavJSON", "NavProtocol", "NavigationCore", "NavSystem"],
            path: "Sources/NavClient"
        ),
        // What every program's command line shares: the version, the exit statuses (2 for a
        // usage error) and "did you mean" for a mistyped subcommand.
        .target(
            name: "NavCommandLine",
            dependencies: [
                "NavSpelling", "NavSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/NavCommandLine"
        ),
        .executableTarget(
            name: "navd",
            dependencies: [
                "NavJSON", "NavigationCore", "NavHistory", "NavProtocol", "NavServer", "NavTransportUV", "NavCommandLine",
                "NavSystem", "NavStore", "NavGraph",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/navd"
        ),
        // libedit (BSD editline), navctl's line editing and history, plus C shims for its variadic calls.
        .systemLibrary(
            name: "CLibEdit",
            path: "Clients/navctl/CLibEdit",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        // navctl's commands, output, scripts and shell, as a library so that tests run them in process.
        .target(
            name: "NavctlKit",
            dependencies: [
                "NavJSON", "NavClient", "NavProtocol", "NavigationCore", "CLibEdit", "NavCommandLine", "NavSystem",
                "NavGraph",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Clients/navctl/NavctlKit"
        ),
        .executableTarget(
            name: "navctl",
            dependencies: ["NavctlKit"],
            path: "Clients/navctl/navctl"
        ),
        .executableTarget(
            name: "navbench",
            dependencies: [
                "NavJSON", "NavigationCore", "NavProtocol", "NavClient", "NavCommandLine", "NavSystem", "NavFixtures",
                "NavGraph",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "RoutingKit", package: "routing-kit"),
            ],
            path: "Clients/navbench"
        ),
        // ncursesw, which navview paints with, plus signalfd and TIOCGWINSZ for its loop. Debian's
        // libncurses-dev (`make deps` installs it) puts headers and library in the default paths.
        // No `pkgConfig:` on purpose: ncursesw.pc's Cflags are -D flags SwiftPM refuses, with a
        // "prohibited flag(s)" warning on every build of every target.
        .systemLibrary(
            name: "CNcurses",
            path: "Sources/CNcurses"
        ),
        // navview's pure part: the tree, events and status as lines; the model of a viewer.
        .target(
            name: "NavviewKit",
            dependencies: ["NavJSON", "NavClient", "NavProtocol", "NavigationCore"],
            path: "Clients/navview/Kit"
        ),
        .executableTarget(
            name: "navview",
            dependencies: [
                "NavviewKit", "NavClient", "NavProtocol", "NavigationCore", "CNcurses", "NavCommandLine", "NavSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Clients/navview",
            exclude: ["Kit", "demo"]
        ),
        // navweb's server, apart from its process: access (token, Host, Origin), the page and its
        // resources, the routes, the hub that fans navd's changes out to every page.
        .target(
            name: "NavwebKit",
            dependencies: [
                "NavJSON", "NavClient", "NavProtocol", "NavigationCore", "NavGraph", "NavviewKit", "NavSystem",
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            path: "Clients/navweb/Kit"
        ),
        .executableTarget(
            name: "navweb",
            dependencies: [
                "NavwebKit", "NavProtocol", "NavCommandLine", "NavSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Clients/navweb",
            exclude: ["Kit"]
        ),
        // The floor navbench compares navd with: a minimal C libuv server that answers every
        // newline-terminated request on a Unix socket with one fixed line; with --sqlite, after
        // committing a row per request the way a durable navd does (navd's VFS, so CSQLiteWAL).
        .executableTarget(
            name: "navbench-baseline",
            dependencies: ["CLibUV", "CSQLiteWAL"],
            path: "Clients/navbench-baseline"
        ),
        // What the engine's and the history's tests share: the sample and nested navigators, a
        // call as the daemon decodes it, the tree and events as text sketches. Tests only.
        .target(
            name: "NavTestSupport",
            dependencies: ["NavJSON", "NavigationCore", "NavProtocol"],
            path: "Tests/NavTestSupport"
        ),
        .testTarget(
            name: "NavigationCoreTests",
            dependencies: ["NavJSON", "NavigationCore", "NavProtocol", "NavFixtures", "NavRandom", "NavHistory", "NavTestSupport"],
            path: "Tests/NavigationCoreTests"
        ),
        .testTarget(
            name: "NavHistoryTests",
            dependencies: ["NavJSON", "NavigationCore", "NavHistory", "NavProtocol", "NavFixtures", "NavRandom", "NavTestSupport"],
            path: "Tests/NavHistoryTests"
        ),
        .testTarget(
            name: "NavGraphTests",
            dependencies: ["NavJSON", "NavigationCore", "NavGraph", "NavFixtures"],
            path: "Tests/NavGraphTests"
        ),
        .testTarget(
            name: "NavSpellingTests",
            dependencies: ["NavSpelling"],
            path: "Tests/NavSpellingTests"
        ),
        .testTarget(
            name: "NavJSONTests",
            dependencies: ["NavJSON", "NavRandom"],
            path: "Tests/NavJSONTests"
        ),
        .testTarget(
            name: "NavCollectionsTests",
            dependencies: ["NavCollections", "NavRandom"],
            path: "Tests/NavCollectionsTests"
        ),
        .testTarget(
            name: "NavProtocolTests",
            dependencies: ["NavJSON", "NavProtocol", "NavRandom"],
            path: "Tests/NavProtocolTests"
        ),
        .testTarget(
            name: "NavServerTests",
            dependencies: ["NavJSON", "NavServer", "NavRandom", "NavHistory", "NavFixtures"],
            path: "Tests/NavServerTests"
        ),
        .testTarget(
            name: "NavStoreTests",
            dependencies: ["NavJSON", "NavStore", "NavigationCore", "NavRandom", "NavHistory", "NavProtocol", "NavFixtures", "CSQLite"],
            path: "Tests/NavStoreTests"
        ),
        .testTarget(
            name: "NavTransportUVTests",
            dependencies: ["NavTransportUV", "NavSystem"],
            path: "Tests/NavTransportUVTests"
        ),
        .testTarget(
            name: "NavClientTests",
            dependencies: ["NavJSON", "NavClient", "NavProtocol", "NavigationCore", "NavSystem"],
            path: "Tests/NavClientTests"
        ),
        .testTarget(
            name: "NavctlTests",
            dependencies: [
                "NavJSON", "NavctlKit", "NavClient", "NavServer", "NavProtocol", "NavigationCore", "NavCommandLine",
                "NavGraph",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tests/NavctlTests"
        ),
        .testTarget(
            name: "NavviewTests",
            dependencies: ["NavJSON", "NavviewKit", "NavClient", "NavigationCore", "NavRandom"],
            path: "Tests/NavviewTests",
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "NavwebTests",
            dependencies: [
                "NavJSON", "NavwebKit", "NavClient", "NavProtocol", "NavigationCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/NavwebTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
