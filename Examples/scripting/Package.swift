// swift-tools-version:6.0
// A Swift program that uses HuntKit as a library, by path: the steps of the "Scripting HuntKit"
// article. `make test` builds and runs it (.ci/check/scripting-example.sh) and checks its
// leaderboard against `hunt judge` on the same files.
import PackageDescription

let package = Package(
    name: "scripting",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "HuntKit", path: "../..")],
    targets: [
        .executableTarget(name: "scripting", dependencies: [.product(name: "HuntKit", package: "HuntKit")]),
    ],
    swiftLanguageModes: [.v6]
)
