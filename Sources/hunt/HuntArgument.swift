import ArgumentParser
import Foundation
import HuntKit

/// The hunt file argument (`judge`, `serve`, `simulate`, `sheets`, `export`) and its loading.
struct HuntArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The hunt file.", valueName: "hunt.yaml"), completion: .huntFile)
    var path: String

    /// The hunt with its area and places files read, and its warnings for the command to print.
    /// Errors in the hunt stop the command: they are printed and it exits 1. With `mustExist`, a
    /// missing file is a usage error rather than a diagnostic.
    func loadOrExit(mustExist: Bool = false) throws -> (hunt: Hunt, warnings: [Diagnostic]) {
        try Self.loadOrExit(path, mustExist: mustExist)
    }

    /// `loadOrExit()` for a hunt named by an option (`hunt where --hunt`).
    static func loadOrExit(_ path: String, mustExist: Bool = false) throws -> (hunt: Hunt, warnings: [Diagnostic]) {
        if mustExist, !FileManager.default.fileExists(atPath: path) {
            throw ValidationError("no hunt file at `\(path)`; check the path")
        }
        let result = HuntLoader().load(contentsOf: URL(fileURLWithPath: path), displayPath: path)
        guard let hunt = result.hunt, !result.hasErrors else { throw Console.failure(result.diagnostics) }
        return (hunt, result.diagnostics)
    }

    /// The files a command reads for this hunt: the hunt file and its area and places files.
    func files(of hunt: Hunt) -> [URL] { [URL(fileURLWithPath: path)] + hunt.targetFiles }
}

/// The submissions folder argument of `judge` and `serve`.
struct SubmissionsArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The folder with one subfolder per team.", valueName: "submissions"), completion: .directory)
    var path: String

    var url: URL { URL(fileURLWithPath: path) }
}
