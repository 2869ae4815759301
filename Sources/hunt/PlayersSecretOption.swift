import ArgumentParser
import HuntKit
import HuntServe

/// `--players-secret FILE` for the commands that only read the secret the `code: true` codes
/// derive from (`hunt judge`, `hunt simulate`): judging and simulating never make one, so the
/// codes stay those the posters print.
struct PlayersSecretOption: ParsableArguments {
    @Option(
        name: .customLong("players-secret"),
        help: ArgumentHelp(
            "The secret the codes of `code: true` tasks derive from (default: .hunt-players-secret beside the hunt; read, never made).",
            valueName: "file"), completion: .file())
    var path: String?

    /// `hunt` (read from `huntPath`) with its derived codes filled in from the secret, the
    /// secret's path, and `PlayerCodes.forJudging`'s note when the secret is missing; a secret
    /// that cannot be read ends `command` with its error.
    func codes(_ hunt: Hunt, huntPath: String, command: String) throws -> (hunt: Hunt, note: String?, path: String) {
        let path = path ?? PlayerTokens.defaultSecretPath(huntPath: huntPath)
        do {
            let codes = try PlayerCodes.forJudging(hunt, secretPath: path)
            return (codes.hunt, codes.note, path)
        } catch { throw Console.failure("hunt \(command): error: \(error)\n") }
    }
}
