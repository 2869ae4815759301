import ArgumentParser
import Foundation
import HuntKit

extension HuntCommand.Where {
    /// What is asked, once no input that looks like an option is a mistyped one (see CoordinateArguments).
    var request: WhereRequest {
        get throws {
            let known = ["--positions", "--hunt", "--to", "--radius", "--format", "--version", "--help"]
            return WhereRequest(inputs: try CoordinateArguments.inputs(inputs, knownOptions: known), positionsFile: positions, format: format)
        }
    }

    /// What does not fit together, worded for a usage error: some positions (inputs or
    /// --positions) and either --hunt or --to, with a --radius (a length) only for --to. Nil when
    /// it can be measured.
    func problem(_ request: WhereRequest) -> String? {
        if request.inputs.isEmpty && request.positionsFile == nil {
            return "give at least one position or photo, e.g. `hunt where 52.0907,5.1213 --to 52.09,5.12`, or --positions FILE"
        }
        switch (hunt, to) {
        case (nil, nil): return "say what to measure against: --hunt HUNT.yaml, --to LAT,LON [--radius R] or --to AREA_FILE"
        case (.some, .some): return "use either --hunt or --to, not both"
        default: break
        }
        if radius != nil, hunt != nil { return "--radius goes with --to; a hunt's tasks have their own radius" }
        if let radius, Length.parse(radius).map({ $0.metres > 0 }) != true {
            return "--radius `\(radius)` is not a length; write it like 30m or 1.5km"
        }
        return nil
    }

    /// The targets, before any position is read: every task of the --hunt (with its warnings),
    /// else what --to names (with its file's warnings). A --to that names no target is a usage
    /// error, as ArgumentParser prints it from `run()` (the root's usage line).
    func chooseTargets() throws -> (targets: [NamedTarget], diagnostics: [Diagnostic]) {
        if let hunt {
            let loaded = try HuntArgument.loadOrExit(hunt, mustExist: true)
            return (loaded.hunt.namedTargets, loaded.warnings)
        }
        do throws(NamedTarget.ChoiceError) { return try NamedTarget.chosen(by: to ?? "", radius: radius.flatMap(Length.parse)) } catch .nothingInFile(
            let problems)
        { throw Console.failure(problems) } catch { throw ValidationError(error.usage(to: to ?? "")) }
    }
}
