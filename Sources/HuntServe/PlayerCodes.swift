import Foundation
import HuntKit

/// The codes of `code: true` tasks (`TaskCode`), derived from the players' secret as the team
/// tokens are (`PlayerTokens`): HMAC-SHA256 of `code:<task id>` under the secret, written with
/// `TaskCode.alphabet`. The same secret gives the same codes on the posters (`hunt sheets
/// --posters`), in the answer key, in `hunt judge` and in `hunt serve`; a new secret, new codes.
package enum PlayerCodes {
    /// Task `id`'s code under `secret`, e.g. `FXK-7PA`.
    package static func code(task id: String, secret: [UInt8]) -> String {
        TaskCode.derived(digest: SHA256.hmac(key: secret, message: TaskCode.derivationMessage(task: id)))
    }

    /// `hunt` with every derived code filled in from `secret`.
    package static func deriving(_ hunt: Hunt, secret: [UInt8]) -> Hunt {
        hunt.derivingCodes { code(task: $0, secret: secret) }
    }

    /// The secret in `path` when the file is there, nil when it is not; a file that cannot be
    /// read, or that others may read, throws as `PlayerTokens.secret(at:)` does. Never makes one:
    /// judging does not change what the posters say.
    package static func existingSecret(at path: String) throws(ServeError) -> [UInt8]? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw ServeError("\(path): cannot read the players' secret: \(String(cString: strerror(errno)))", status: 500)
        }
        return try PlayerTokens.read(path)
    }

    /// For judging `hunt`: the hunt with its derived codes filled in from the secret at `path`
    /// when it has such codes and the file is there; else the hunt as it is and, when it has
    /// such codes, a note that says what to do (their attempts go to review, `code-unknown`).
    package static func forJudging(_ hunt: Hunt, secretPath path: String) throws(ServeError) -> (hunt: Hunt, note: String?) {
        guard hunt.hasDerivedCodes else { return (hunt, nil) }
        guard let secret = try existingSecret(at: path) else { return (hunt, missingNote(hunt, secretPath: path)) }
        return (deriving(hunt, secret: secret), nil)
    }

    /// The tasks whose `code: true` code is not derived yet, as `` `id` ``.
    package static func unknownCodeTasks(_ hunt: Hunt) -> [String] {
        hunt.tasks.filter { $0.question?.code == .derived() }.map { "`\($0.id)`" }
    }

    /// What to do when the secret `hunt`'s derived codes need is missing at `path`; nil when none is unknown.
    package static func missingNote(_ hunt: Hunt, secretPath path: String) -> String? {
        let unknown = unknownCodeTasks(hunt)
        guard !unknown.isEmpty else { return nil }
        return
            "\(path) is missing, and the codes of \(unknown.joined(separator: ", ")) (`code: true`) derive from it: their attempts go to review (code-unknown). "
            + "Run `hunt sheets --posters` or `hunt serve --players` once, which makes it (and print the posters from it), "
            + "or write the codes in the hunt file (`code: FOX-42`)"
    }
}

extension ServeSession {
    /// A line for the organizer's terminal when the hunt's `code: true` codes could not be derived
    /// (no players' secret beside the hunt, and no `--players` to make one); nil otherwise.
    package var codesLine: String? {
        PlayerCodes.missingNote(hunt, secretPath: PlayerTokens.defaultSecretPath(huntPath: configuration.huntPath)).map {
            "hunt serve: warning: " + $0
        }
    }
}
