// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "HuntKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "HuntKit", targets: ["HuntKit"]),
        .executable(name: "hunt", targets: ["hunt"]),
        .library(name: "HuntSheets", targets: ["HuntSheets"]),
        .library(name: "HuntServe", targets: ["HuntServe"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Timers that stop on graceful shutdown (`AsyncTimerSequence`); Hummingbird depends on it already.
        .package(url: "https://github.com/apple/swift-async-algorithms.git", from: "1.0.2"),
        // `swift package generate-documentation --target HuntKit` (or `--target HuntServe`, the console's
        // catalog): the DocC catalogs with the API.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0")
    ],
    targets: [
        // C libraries, each behind a module map and a shim header; only the one Swift file that
        // wraps a library imports it.
        .systemLibrary(
            name: "CYAML", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        .systemLibrary(
            name: "CEXIF", pkgConfig: "libexif",
            providers: [.apt(["libexif-dev"]), .brew(["libexif"])]),
        // cairo and pango: declared in the shim, loaded when the first PDF is drawn (PDFCanvas), so
        // nothing links them and no pkg-config is named (that would link them). Running needs
        // libpangocairo; `.ci/check/c-declarations.sh` checks the shim against the -dev headers.
        .systemLibrary(name: "CCairo", providers: [.apt(["libcairo2-dev", "libpango1.0-dev"]), .brew(["pango", "cairo"])]),
        .systemLibrary(
            name: "CQRencode", pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"]), .brew(["qrencode"])]),
        .systemLibrary(
            name: "CJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"]), .brew(["jpeg-turbo"])]),
        // libheif's header only: the library is loaded when the first HEIF is decoded (HEIFDecoder),
        // so no pkg-config (which would link it). Debian puts the header on the compiler's own path.
        .systemLibrary(name: "CHEIF", providers: [.apt(["libheif-dev"]), .brew(["libheif"])]),
        // Geodesics: GeographicLib (C++, Debian's libgeographiclib-dev) behind plain C functions, so
        // that Swift sees no C++ and HuntKit needs no C++ interoperability.
        .target(name: "CGeographicLib", linkerSettings: [.linkedLibrary("GeographicLib")]),
        // SHA-256 and HMAC-SHA256 for the players' uploads and team tokens (HuntServe), from Debian's
        // Nettle: swift-crypto would compile BoringSSL (366 C files, a quarter of a first build).
        .systemLibrary(name: "CNettle", pkgConfig: "nettle", providers: [.apt(["nettle-dev"]), .brew(["nettle"])]),
        // glibc's <malloc.h> (part of libc, nothing to install).
        .systemLibrary(name: "CMalloc"),
        // glibc's posix_spawn and pipe2 extensions (part of libc, nothing to install).
        .systemLibrary(name: "CSpawn"),
        // The standard templates as SwiftPM resources (`Bundle.module`), so a program built with
        // HuntKit renders and starts hunts without the checkout beside it. Templates/ stays at the
        // top of the repository, where organizers find and copy it; `TemplateLibrary` reads it.
        .target(
            name: "HuntKitTemplates",
            path: "Templates",
            sources: ["TemplatesBundle.swift"],
            resources: [.copy("hunts"), .copy("languages"), .copy("reports"), .copy("serve"), .copy("sheets"), .copy("hunt.schema.json")]
        ),
        .target(
            name: "HuntKit",
            dependencies: [
                "CYAML", "CEXIF", "CGeographicLib", "CJPEG", "CHEIF", "CSpawn", "HuntKitTemplates",
                .product(name: "Mustache", package: "swift-mustache")
            ]
        ),
        // Printable sheets: the only part that draws with cairo and pango and makes QR codes, in
        // a target of its own so that a program that judges or reports never links them.
        .target(
            name: "HuntSheets",
            dependencies: ["HuntKit", "CCairo", "CQRencode", .product(name: "Mustache", package: "swift-mustache")]
        ),
        // `hunt serve`: the judges' console. Its own target so that HuntKit (and a program that only
        // judges) never links SwiftNIO or Hummingbird.
        .target(
            name: "HuntServe",
            dependencies: [
                "HuntKit", "CMalloc", "CNettle", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms")
            ]
        ),
        .executableTarget(
            name: "hunt",
            dependencies: [
                "HuntKit",
                "HuntSheets",
                "HuntServe",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ],
            // Release builds link the Swift runtime and Foundation into the binary rather than load
            // them as two dozen shared libraries at every start. Here, so that every release build of
            // `hunt` (make, the checks, the benchmarks) has it. Compiled with it too, so that this
            // module's imports name the static libraries Foundation needs (CoreFoundation, ICU…).
            // Debug builds stay dynamic: the tests link this module beside the test libraries.
            swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))],
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]
        ),
        // Fixtures that both test targets make at test time (decompression bombs).
        .target(
            name: "HuntTestSupport",
            path: "Tests/HuntTestSupport"
        ),
        .testTarget(
            name: "HuntKitTests",
            // HuntSheets for the two tests that follow a hunt from judging to the printed sheet.
            dependencies: ["HuntKit", "HuntSheets", "HuntTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "HuntSheetsTests",
            dependencies: ["HuntSheets", "HuntKit", "HuntTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "HuntServeTests",
            dependencies: [
                "HuntServe", "HuntKit", "HuntTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird")
            ]
        ),
        .testTarget(
            name: "huntTests",
            // "hunt" so that `swift test` builds the binary the end-to-end tests run.
            dependencies: ["HuntKit", "hunt", "HuntTestSupport"]
        )
    ],
    swiftLanguageModes: [.v6]
)
