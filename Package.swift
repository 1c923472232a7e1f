// swift-tools-version:6.0
// The Quartet package: four app cores, their backends, the `quartet` command line,
// and (on Apple platforms only) the SwiftUI shells. See docs/ARCHITECTURE.md for the map.
import CompilerPluginSupport
import Foundation
import PackageDescription

// Swift 6 language mode (tools 6.0) already means complete concurrency checking.
let swiftSettings: [SwiftSetting] = []

var targets: [Target] = [
    // MARK: - C libraries (system libraries from the OS, each with a shim.h)

    .systemLibrary(
        name: "CMicroHTTPD",
        pkgConfig: "libmicrohttpd",
        providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
    ),
    // NB: MHD_start_daemon and MHD_get_daemon_info are C-variadic; Swift cannot call them.
    .target(name: "CMHDShim", dependencies: ["CMicroHTTPD"]),
    // Large request bodies: vector base64 decoding (AVX2 where the processor has it), direct file writes.
    .target(name: "CBodyIO"),
    .systemLibrary(
        name: "CSQLite",
        pkgConfig: "sqlite3",
        providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    .systemLibrary(
        name: "CLibPQ",
        pkgConfig: "libpq",
        providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
    ),
    // libjpeg-turbo: the field's standard JPEG codec, for recompressing attachment photos on Linux.
    .systemLibrary(
        name: "CTurboJPEG",
        pkgConfig: "libturbojpeg",
        providers: [.apt(["libturbojpeg0-dev"]), .brew(["jpeg-turbo"])]
    ),
    // libpng, giflib, libwebp and libheif: the reference decoders of the other gallery formats, so thumbnails are
    // made for every photo people upload (each also encodes, which the tests use to make real samples).
    .systemLibrary(
        name: "CPNG",
        pkgConfig: "libpng16",
        providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
    ),
    // NB: Homebrew's giflib ships no pkg-config file; its headers are found on Homebrew's default paths.
    .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
    .systemLibrary(
        name: "CWebP",
        pkgConfig: "libwebpdemux",
        providers: [.apt(["libwebp-dev"]), .brew(["webp"])]
    ),
    .systemLibrary(
        name: "CHeif",
        pkgConfig: "libheif",
        providers: [.apt(["libheif-dev"]), .brew(["libheif"])]
    ),
    .systemLibrary(
        name: "COpenSSL",
        pkgConfig: "openssl",
        providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
    ),
    // NB: zlib is the field's standard for gzip (RFC 1952); the server compresses the JSON and text it answers with
    // for clients that accept it.
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),

    // MARK: - Platform

    // `@PublicInit`: the public memberwise initializer of a wire type, written from its fields (a compiler plug-in).
    .target(name: "PublicInit", dependencies: ["PublicInitMacros"], swiftSettings: swiftSettings),
    // The package's one lock type (a pthread mutex, which ThreadSanitizer sees).
    .target(name: "Locking", swiftSettings: swiftSettings),
    // The HTTP vocabulary both sides share: methods and routes (a route is written once, used by server and app).
    .target(name: "HTTPTypes", swiftSettings: swiftSettings),
    // User-visible strings from a module's Localizable.strings: one lookup and formatting helper for every core,
    // the words every app shares (a file's kind: "PDF", "JPEG image"), and the screen state every app shares (the
    // banner, a confirmation, the calls in flight behind a spinner).
    .target(
        name: "Localization", dependencies: ["Locking"], resources: [.process("Resources")],
        swiftSettings: swiftSettings),
    // JSON values whose shape is data (OpenAPI documents, JOSE headers, claims).
    .target(name: "DynamicJSON", swiftSettings: swiftSettings),
    .target(
        name: "HTTPServer",
        dependencies: ["PublicInit", "CMicroHTTPD", "CMHDShim", "CZlib", "DynamicJSON", "Locking", "HTTPTypes"],
        swiftSettings: swiftSettings),
    // The database API and its SQLite driver: safe for iOS app cores (no libpq).
    .target(name: "Database", dependencies: ["PublicInit", "CSQLite", "Locking"], swiftSettings: swiftSettings),
    // The PostgreSQL driver: servers only.
    .target(name: "DatabasePostgres", dependencies: ["Database", "CLibPQ", "Locking"], swiftSettings: swiftSettings),
    .target(
        name: "APIClient", dependencies: ["PublicInit", "Locking", "HTTPTypes", "Localization"],
        resources: [.process("Resources")], swiftSettings: swiftSettings),
    // Device-side storage: cache, hidden rows, saved lists, and the outbox replayed through APIClient.
    .target(
        name: "LocalStore", dependencies: ["Database", "APIClient", "Localization"], resources: [.process("Resources")],
        swiftSettings: swiftSettings),
    // RS256/RS512 JWT verification and signing (servers only: links OpenSSL).
    .target(
        name: "TokenVerifier", dependencies: ["PublicInit", "COpenSSL", "DynamicJSON", "HTTPTypes"],
        swiftSettings: swiftSettings),

    // Image decode (JPEG, PNG, GIF, WebP, HEIC) / scale / JPEG encode for the command line and servers (Apple
    // platforms use ImageIO).
    .target(
        name: "ImageCodec", dependencies: ["PublicInit", "HTTPTypes", "CTurboJPEG", "CPNG", "CGIF", "CWebP", "CHeif"],
        swiftSettings: swiftSettings),

    // MARK: - Contracts (wire types and routes shared by a core and its server)

    .target(name: "ChangeJarModels", dependencies: ["PublicInit", "HTTPTypes"], swiftSettings: swiftSettings),
    .target(
        name: "AttendeeModels", dependencies: ["PublicInit", "HTTPTypes", "Localization"],
        resources: [.process("Resources")],
        swiftSettings: swiftSettings),

    // MARK: - App cores (Linux-testable, iOS-buildable: Foundation, Observation, SQLite only)

    // The Quakes model, shared by the app and its feed codec.
    .target(name: "QuakesModels", dependencies: ["PublicInit", "Localization"], swiftSettings: swiftSettings),
    // The Quakes fast paths: the feed scanner and the device-cache archive, beside a plain reference decoder that
    // tests check the scanner against.
    .target(name: "QuakeFeedCodec", dependencies: ["QuakesModels", "DynamicJSON"], swiftSettings: swiftSettings),
    .target(
        name: "QuakesCore",
        dependencies: [
            "PublicInit", "QuakesModels", "QuakeFeedCodec", "APIClient", "LocalStore", "HTTPTypes", "Localization",
        ],
        resources: [.process("Resources")],
        swiftSettings: swiftSettings
    ),

    .target(
        name: "SalesCore",
        dependencies: ["PublicInit", "APIClient", "LocalStore", "Locking", "HTTPTypes", "Localization"],
        resources: [.process("Resources")],
        swiftSettings: swiftSettings
    ),
    .target(
        name: "ChangeJarCore",
        dependencies: ["PublicInit", "ChangeJarModels", "APIClient", "LocalStore", "HTTPTypes", "Localization"],
        resources: [.process("Resources")],
        swiftSettings: swiftSettings
    ),

    .target(
        name: "AttendeeCore",
        dependencies: ["PublicInit", "AttendeeModels", "APIClient", "LocalStore", "HTTPTypes", "Localization"],
        resources: [.process("Resources")],
        swiftSettings: swiftSettings
    ),

    // MARK: - Backends

    .target(name: "USGSReplay", dependencies: ["HTTPServer", "HTTPTypes", "Locking"], swiftSettings: swiftSettings),
    // The Salesforce stand-in's upload fast path: the attachment's base64 decoded (AVX2 where the processor has it)
    // and written straight to a staged file while the JSON around it arrives, beside a plain reference reader
    // that tests check it against.
    .target(
        name: "SalesforceUpload", dependencies: ["HTTPServer", "DynamicJSON", "CBodyIO"], swiftSettings: swiftSettings),
    .target(
        name: "SalesforceDevServer",
        dependencies: [
            "PublicInit", "SalesforceUpload", "HTTPServer", "Database", "DynamicJSON", "Locking", "HTTPTypes",
        ],
        resources: [.copy("Resources/seed")],
        swiftSettings: swiftSettings
    ),
    .target(
        name: "CognitoDevServer",
        dependencies: ["ChangeJarModels", "HTTPServer", "Database", "TokenVerifier", "DynamicJSON"],
        swiftSettings: swiftSettings
    ),
    .target(
        name: "ChangeJarServer",
        dependencies: [
            "PublicInit",
            "ChangeJarModels", "HTTPServer", "HTTPTypes", "Database", "TokenVerifier", "DynamicJSON", "Locking",
        ],
        swiftSettings: swiftSettings
    ),
    .target(
        name: "AttendeeServer",
        dependencies: [
            "PublicInit",
            "AttendeeModels", "HTTPServer", "HTTPTypes", "Database", "TokenVerifier", "DynamicJSON", "Locking",
            // Gallery thumbnails (JPEG) are made on the server.
            "ImageCodec",
        ],
        resources: [.copy("Seed")],
        swiftSettings: swiftSettings
    ),
    .target(
        name: "QuartetServer",
        dependencies: [
            "PublicInit",
            "HTTPServer", "Database", "DatabasePostgres", "USGSReplay", "SalesforceDevServer", "SalesforceUpload",
            "CognitoDevServer", "ChangeJarServer", "ChangeJarModels", "AttendeeServer", "TokenVerifier", "Locking",
        ],
        swiftSettings: swiftSettings
    ),

    // MARK: - Command line

    .target(
        name: "QuartetCLI",
        dependencies: [
            "PublicInit",
            "QuartetServer", "QuakesCore", "SalesCore", "ChangeJarCore", "AttendeeCore", "APIClient", "LocalStore",
            "ImageCodec", "Localization", "Locking", "HTTPTypes",
        ],
        swiftSettings: swiftSettings
    ),
    .executableTarget(name: "quartet", dependencies: ["QuartetCLI"], swiftSettings: swiftSettings),
    // The Swift side of `make bench` (release builds only).
    .executableTarget(
        name: "quartet-bench",
        dependencies: [
            "HTTPServer", "Database", "DatabasePostgres", "LocalStore", "QuakesCore", "USGSReplay", "ImageCodec",
            "SalesforceDevServer", "SalesforceUpload", "ChangeJarServer", "CognitoDevServer", "AttendeeServer",
        ],
        swiftSettings: swiftSettings
    ),

    // MARK: - Tests

    // The engines database tests run on, and a fresh empty database on each (a throwaway PostgreSQL schema);
    // PostgreSQL's lost COMMIT answer and SQLite's failed flush (a VFS of its own, CSQLiteFaults).
    .target(name: "CSQLiteFaults", dependencies: ["CSQLite"], path: "Tests/Support/CSQLiteFaults"),
    .target(
        name: "DatabaseTestSupport",
        dependencies: ["Database", "DatabasePostgres", "Locking", "CSQLiteFaults"],
        path: "Tests/Support/DatabaseTestSupport",
        swiftSettings: swiftSettings
    ),
    // What many test targets share: a hand-moved clock, a gate for async work, an in-process transport, the built
    // executables, a child process to run them in, and a raw socket to a server on a loopback port.
    .target(
        name: "TestSupport",
        dependencies: ["APIClient", "HTTPServer", "HTTPTypes", "Locking"],
        path: "Tests/Support/TestSupport",
        swiftSettings: swiftSettings
    ),
    // The Attendee service as its tests start it: migrated, seeded, routed; a note server that checks versions.
    .target(
        name: "AttendeeTestSupport",
        dependencies: [
            "AttendeeServer", "AttendeeCore", "AttendeeModels", "APIClient", "Database", "HTTPServer", "Locking",
            "TokenVerifier",
        ],
        path: "Tests/Support/AttendeeTestSupport",
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "HTTPServerTests",
        dependencies: [
            "HTTPServer", "HTTPTypes", "DynamicJSON", "Locking", "TestSupport", "CMHDShim", "CMicroHTTPD", "CZlib",
        ],
        swiftSettings: swiftSettings),
    .testTarget(
        name: "DatabaseTests",
        dependencies: ["Database", "DatabasePostgres", "DatabaseTestSupport", "TestSupport"],
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "APIClientTests", dependencies: ["APIClient", "HTTPServer", "Locking", "USGSReplay", "TestSupport"],
        swiftSettings: swiftSettings),
    .testTarget(name: "LocalizationTests", dependencies: ["Localization"], swiftSettings: swiftSettings),
    .testTarget(
        name: "LocalStoreTests", dependencies: ["TestSupport", "LocalStore", "APIClient", "Locking"],
        swiftSettings: swiftSettings),
    .testTarget(
        name: "QuakesCoreTests",
        dependencies: [
            "QuakesCore", "QuakesModels", "QuakeFeedCodec", "USGSReplay", "HTTPServer", "Locking", "TestSupport",
        ],
        swiftSettings: swiftSettings
    ),
    .testTarget(name: "QuakesModelsTests", dependencies: ["QuakesModels"], swiftSettings: swiftSettings),
    .testTarget(
        name: "QuakeFeedCodecTests", dependencies: ["QuakeFeedCodec", "QuakesModels", "TestSupport"],
        swiftSettings: swiftSettings),
    .testTarget(
        name: "SalesforceUploadTests", dependencies: ["SalesforceUpload", "DynamicJSON", "TestSupport"],
        swiftSettings: swiftSettings),
    .testTarget(
        name: "TokenVerifierTests",
        dependencies: ["TokenVerifier", "DynamicJSON", "TestSupport", "Locking", "HTTPTypes"],
        swiftSettings: swiftSettings
    ),
    // Real small images of every gallery format, encoded by the same C libraries the decoders use.
    .target(
        name: "ImageSamples",
        dependencies: ["ImageCodec", "CTurboJPEG", "CPNG", "CGIF", "CWebP", "CHeif"],
        path: "Tests/Support/ImageSamples",
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "ImageCodecTests", dependencies: ["ImageCodec", "ImageSamples", "HTTPTypes"], swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "SalesTests",
        dependencies: [
            "TestSupport",
            "SalesCore", "SalesforceDevServer", "SalesforceUpload", "HTTPServer", "HTTPTypes", "APIClient",
            "LocalStore", "Database", "DynamicJSON", "DatabaseTestSupport", "Locking",
        ],
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "ChangeJarTests",
        dependencies: [
            "TestSupport",
            "ChangeJarModels", "ChangeJarCore", "ChangeJarServer", "CognitoDevServer", "TokenVerifier", "HTTPServer",
            "HTTPTypes",
            "APIClient", "LocalStore", "Localization", "Database", "DatabaseTestSupport", "DynamicJSON", "Locking",
        ],
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "AttendeeTests",
        dependencies: [
            "TestSupport", "AttendeeTestSupport",
            "AttendeeModels", "AttendeeCore", "AttendeeServer", "HTTPServer", "HTTPTypes", "APIClient", "LocalStore",
            "Database",
            "DatabaseTestSupport",
            // Real image fixtures for the gallery tests are encoded in the test.
            "ImageCodec", "ImageSamples", "TokenVerifier", "Localization", "Locking",
        ],
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "QuartetServerTests",
        dependencies: [
            "QuartetServer", "HTTPServer", "HTTPTypes", "DynamicJSON", "CognitoDevServer", "ChangeJarModels",
            "Database",
            "Locking", "AttendeeModels", "AttendeeServer", "DatabaseTestSupport", "ImageCodec", "TestSupport",
        ],
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "QuartetCLITests",
        dependencies: [
            "QuartetCLI", "QuartetServer", "APIClient", "HTTPServer", "Database", "LocalStore", "TokenVerifier",
            "QuakesCore", "Localization", "Locking", "TestSupport", "AttendeeTestSupport",
            "AttendeeModels", "AttendeeServer", "ChangeJarServer", "CognitoDevServer", "HTTPTypes",
            // A big noisy photo for the upload-shrink test.
            "ImageSamples",
        ],
        swiftSettings: swiftSettings
    ),
]

// MARK: - The macro plug-in

// NB: SwiftPM cannot fetch swift-syntax here, but the Linux toolchain carries its own build of it, the one its
// compiler plug-ins link (`usr/lib/swift/host`, found beside the `swiftc` on PATH); the plug-in builds against
// that. On Apple platforms it depends on the swift-syntax package as macros usually do. docs/DECISIONS.md says why.
var dependencies: [Package.Dependency] = []
/// How a target reaches the swift-syntax modules it imports.
struct Syntax {
    var dependencies: [Target.Dependency] = []
    var swiftSettings: [SwiftSetting] = []
    var linkerSettings: [LinkerSetting] = []
}
#if canImport(Darwin)
    dependencies.append(.package(url: "https://github.com/swiftlang/swift-syntax.git", "600.0.0"..<"700.0.0"))
    let pluginModule = "SwiftCompilerPlugin"
    func syntax(_ modules: [String]) -> Syntax {
        Syntax(dependencies: modules.map { .product(name: $0, package: "swift-syntax") })
    }
#else
    let pluginModule = "SwiftCompilerPluginMessageHandling"
    let toolchainHost: String = {
        for folder in (Context.environment["PATH"] ?? "").split(separator: ":") {
            let compiler = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            guard FileManager.default.fileExists(atPath: compiler.path) else { continue }
            let bin = compiler.resolvingSymlinksInPath().deletingLastPathComponent()
            return bin.appendingPathComponent("../lib/swift/host").standardizedFileURL.path
        }
        return "/opt/swift/usr/lib/swift/host"
    }()
    func syntax(_ modules: [String]) -> Syntax {
        let search: [LinkerSetting] = [
            .unsafeFlags(["-L", toolchainHost, "-Xlinker", "-rpath", "-Xlinker", toolchainHost])
        ]
        return Syntax(
            swiftSettings: [.unsafeFlags(["-I", toolchainHost])],
            linkerSettings: search + modules.map { LinkerSetting.linkedLibrary($0) })
    }
#endif
let macroModules = ["SwiftSyntax", "SwiftSyntaxMacros", "SwiftDiagnostics", pluginModule]
let macroSyntax = syntax(macroModules)
// The tests also parse source and expand the macro in process.
let macroTestSyntax = syntax(macroModules + ["SwiftParser", "SwiftSyntaxMacroExpansion"])
targets.append(
    .macro(
        name: "PublicInitMacros", dependencies: macroSyntax.dependencies,
        swiftSettings: swiftSettings + macroSyntax.swiftSettings, linkerSettings: macroSyntax.linkerSettings))
let macroTestDependencies: [Target.Dependency] = ["PublicInit", "PublicInitMacros", "TestSupport"]
targets.append(
    .testTarget(
        name: "PublicInitTests", dependencies: macroTestDependencies + macroTestSyntax.dependencies,
        swiftSettings: swiftSettings + macroTestSyntax.swiftSettings, linkerSettings: macroTestSyntax.linkerSettings))

var products: [Product] = [
    .executable(name: "quartet", targets: ["quartet"])
]

// MARK: - Views (the SwiftUI shells; real SwiftUI on Apple platforms, the stand-in on Linux)

// NB: the stand-in modules are named after the frameworks they stand in for, so the view files `import SwiftUI`
// on every platform. They exist only where the real frameworks do not; docs/SWIFTUI-STANDIN.md says how strict
// they are.
let standIns: [(name: String, dependencies: [String])] = [
    ("UniformTypeIdentifiers", []),
    ("SwiftUI", ["UniformTypeIdentifiers"]),
    ("UIKit", ["SwiftUI"]),
    ("MapKit", ["SwiftUI"]),
    ("SafariServices", ["UIKit"]),
    ("WebKit", ["UIKit"]),
    ("PhotosUI", ["SwiftUI"]),
    ("AuthenticationServices", ["SwiftUI"]),
]
// Each view target, what it builds on, the frameworks it imports, and what its tests drive it against.
let views: [(name: String, dependencies: [String], frameworks: [String], testing: [String])] = [
    // What every app's views share: the banner line.
    ("QuartetUI", ["Localization"], ["SwiftUI"], []),
    ("QuakesUI", ["QuakesCore", "QuakesModels"], ["SwiftUI", "UIKit", "MapKit", "SafariServices"], []),
    (
        "SalesUI", ["SalesCore", "LocalStore", "Database", "Localization", "QuartetUI"],
        ["SwiftUI", "UIKit", "WebKit", "PhotosUI", "UniformTypeIdentifiers"],
        ["SalesforceDevServer", "HTTPServer", "APIClient"]
    ),
    (
        "ChangeJarUI", ["ChangeJarCore", "ChangeJarModels", "Localization", "QuartetUI"],
        ["SwiftUI", "UIKit", "AuthenticationServices"], []
    ),
    (
        "AttendeeUI", ["AttendeeCore", "AttendeeModels", "Localization", "QuartetUI"],
        ["SwiftUI", "UIKit", "MapKit", "PhotosUI", "UniformTypeIdentifiers"],
        [
            "AttendeeServer", "AttendeeTestSupport", "HTTPServer", "APIClient", "Database", "TokenVerifier",
            "ImageSamples",
        ]
    ),
]
#if canImport(Darwin)
    let onLinux = false
#else
    let onLinux = true
#endif
if onLinux {
    for standIn in standIns {
        targets.append(
            .target(
                name: standIn.name, dependencies: standIn.dependencies.map { .target(name: $0) },
                path: "Sources/StandIns/\(standIn.name)", swiftSettings: swiftSettings))
    }
}
for view in views {
    let frameworks: [Target.Dependency] = onLinux ? view.frameworks.map { .target(name: $0) } : []
    targets.append(
        .target(
            name: view.name, dependencies: view.dependencies.map { .target(name: $0) } + frameworks,
            swiftSettings: swiftSettings))
    products.append(.library(name: view.name, targets: [view.name]))
}
if onLinux {
    // The views driven through the stand-in: what a person sees, the tap, what they see next.
    targets.append(
        .testTarget(
            name: "SwiftUIStandInTests", dependencies: ["SwiftUI", "UIKit", "SafariServices"],
            path: "Tests/StandInTests/SwiftUIStandInTests", swiftSettings: swiftSettings))
    for view in views {
        targets.append(
            .testTarget(
                name: view.name + "Tests",
                dependencies: ([view.name] + view.dependencies + view.frameworks + view.testing + [
                    "TestSupport", "Locking",
                ]).map {
                    .target(name: $0)
                },
                swiftSettings: swiftSettings))
    }

    // MARK: - Screens

    // `make screens`: every screen of every app in its states, drawn as HTML pages (and pictures of them).
    // The renderer knows only the stand-in's tree; the catalog builds the screens over in-memory dependencies,
    // as the UI tests do, and is shared by the executable and the checks that run in `make test`.
    var catalogDependencies: [String] = ["ScreenRenderer", "SwiftUI", "TestSupport", "Locking", "ImageCodec"]
    for view in views {
        for name in [view.name] + view.dependencies + view.testing where !catalogDependencies.contains(name) {
            catalogDependencies.append(name)
        }
    }
    targets += [
        .target(
            name: "ScreenRenderer", dependencies: ["SwiftUI", "HTTPTypes"], path: "Sources/StandIns/ScreenRenderer",
            swiftSettings: swiftSettings),
        .target(
            name: "ScreenCatalog", dependencies: catalogDependencies.map { .target(name: $0) },
            path: "Sources/StandIns/ScreenCatalog", swiftSettings: swiftSettings),
        .executableTarget(
            name: "quartet-screens", dependencies: ["ScreenCatalog", "ScreenRenderer", "SwiftUI", "HTTPTypes"],
            path: "Sources/StandIns/quartet-screens", swiftSettings: swiftSettings),
        .testTarget(
            name: "ScreenRendererTests",
            dependencies: ["ScreenCatalog", "ScreenRenderer", "SwiftUI", "UIKit", "MapKit"],
            path: "Tests/StandInTests/ScreenRendererTests", swiftSettings: swiftSettings),
    ]
    products.append(.executable(name: "quartet-screens", targets: ["quartet-screens"]))
}

let package = Package(
    name: "Quartet",
    defaultLocalization: "en",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: products,
    dependencies: dependencies,
    targets: targets
)

// MARK: - Fuzzing

// NB: `scripts/fuzz` sets QUARTET_FUZZ=1 and builds in a scratch folder of its own with libFuzzer and
// AddressSanitizer; the targets exist only then, so the normal build and `swift test` never see them. Each links
// the real module it fuzzes (`@testable`, hence `-enable-testing`) and checks properties, not just crashes.
let fuzzTargets: [(name: String, dependencies: [String])] = [
    ("fuzz-quake-feed", ["QuakeFeedCodec", "QuakesModels"]),
    ("fuzz-base64", ["SalesforceUpload"]),
    ("fuzz-sobject-upload", ["SalesforceUpload", "DynamicJSON"]),
    ("fuzz-media-sniffer", ["AttendeeServer"]),
    ("fuzz-byte-range", ["HTTPServer"]),
    ("fuzz-request-json", ["HTTPServer", "DynamicJSON"]),
    ("fuzz-token", ["TokenVerifier", "HTTPTypes", "DynamicJSON", "Locking"]),
]
if Context.environment["QUARTET_FUZZ"] == "1" {
    // libFuzzer's own entry point (`LLVMFuzzerRunDriver`), declared for Swift.
    targets.append(.target(name: "CFuzzer", path: "Fuzz/CFuzzer"))
    targets.append(
        .target(name: "FuzzSupport", dependencies: ["CFuzzer"], path: "Fuzz/FuzzSupport", swiftSettings: swiftSettings))
    for fuzz in fuzzTargets {
        targets.append(
            .executableTarget(
                name: fuzz.name, dependencies: (["FuzzSupport"] + fuzz.dependencies).map { .target(name: $0) },
                path: "Fuzz/Targets/\(fuzz.name)", swiftSettings: swiftSettings))
    }
}

// MARK: - Focused builds

// NB: scripts/sanitize sets QUARTET_TEST_TARGETS (comma-separated test target names) so that a sanitizer
// build compiles only those tests and what they depend on, instead of the whole package a second time.
// QUARTET_FUZZ=1 likewise keeps only the fuzz targets and what they link.
let focus =
    Context.environment["QUARTET_FUZZ"] == "1"
    ? fuzzTargets.map(\.name).joined(separator: ",") : Context.environment["QUARTET_TEST_TARGETS"]
if let selection = focus, !selection.isEmpty {
    var keep = Set<String>()
    var pending = selection.split(separator: ",").map { String($0) }
    while let name = pending.popLast() {
        guard keep.insert(name).inserted, let target = targets.first(where: { $0.name == name }) else { continue }
        for dependency in target.dependencies {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): pending.append(name)
            default: break
            }
        }
    }
    targets = targets.filter { keep.contains($0.name) }
    package.products = []
    package.targets = targets
}
