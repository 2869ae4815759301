import Foundation

/// A code posted at a task's place (`code: true` or `code: "FOX-42"`): a marshal puts up the
/// task's poster (`hunt sheets --posters`) and a team that finds it types the code on its page.
/// A code is right or wrong: no judge looks at one that is nearly right.
///
/// `code: true` derives the code from the hunt's players' secret (the file
/// `.hunt-players-secret` beside the hunt, as the team tokens are): HMAC-SHA256 of
/// `code:<task id>` under the secret, its first eight bytes written as `length` characters of
/// `alphabet` in two halves (`FXK-7PA`). The hunt file, which may be public, then says nothing of
/// the code; a new secret makes new codes (and new team links). The hashing is HuntServe's
/// (`PlayerCodes`), which fills in `value` (`Hunt.derivingCodes(_:)`); until then a derived
/// code's `value` is nil and its attempts go to review (`code-unknown`).
///
/// Typed codes are compared as `folded(_:)` text: case, spaces, dashes and other punctuation do
/// not count, and a letter that looks like a digit is read as it (`O` as `0`, `I` and `L` as `1`,
/// `S` as `5`, `Z` as `2`, `B` as `8`). A derived code holds none of those, so a misread letter
/// never turns a wrong code right; a written one is folded the same way on both sides.
public struct TaskCode: Sendable, Equatable {
    /// Where the code comes from.
    public enum Source: Sendable, Equatable {
        /// `code: "FOX-42"`: written in the hunt file.
        case written
        /// `code: true`: derived from the hunt's players' secret.
        case derived
    }

    /// Where the code comes from.
    public var source: Source
    /// The code as players read it: as written, or as derived (`FXK-7PA`); nil for a derived
    /// code whose secret was not read.
    public var value: String?

    /// A code written in the hunt file.
    public static func written(_ code: String) -> TaskCode { TaskCode(source: .written, value: code) }

    /// A code derived from the players' secret; `value` when it is known.
    public static func derived(_ value: String? = nil) -> TaskCode { TaskCode(source: .derived, value: value) }

    /// The characters of a derived code: capital letters and digits without look-alikes (no
    /// 0/O, 1/I/L, 5/S, 2/Z, 8/B), 25 in all.
    public static let alphabet: [Character] = Array("ACDEFGHJKMNPQRTUVWXY34679")
    /// A derived code's characters (without the dash): 25^6, about 244 million codes.
    public static let length = 6
    /// The tries a code task has when `attempts:` does not say: a team guessing at random has a
    /// chance of 10 in 244 million (about 1 in 24 million) to hit a derived code.
    public static let defaultAttempts = 10

    /// The code that HMAC `digest` (at least 8 bytes) stands for: its first 8 bytes as a number,
    /// written in base 25 with `alphabet`, `length` characters split in two halves by a dash.
    /// (2^64 is not a multiple of 25^6; the bias that leaves is below one part in 10^10.)
    public static func derived(digest: [UInt8]) -> String {
        var number = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        var characters: [Character] = []
        for _ in 0..<length {
            characters.append(alphabet[Int(number % UInt64(alphabet.count))])
            number /= UInt64(alphabet.count)
        }
        return String(characters.prefix(length / 2)) + "-" + String(characters.suffix(length - length / 2))
    }

    /// The message whose HMAC under the players' secret makes task `id`'s code: `code:<id>`.
    public static func derivationMessage(task id: String) -> [UInt8] { Array(("code:" + id).utf8) }

    /// A code as codes are compared: letters and digits only (width and accents folded), upper
    /// case, look-alike letters read as digits (see the type's description).
    public static func folded(_ text: String) -> String {
        let plain = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).uppercased()
        var out = ""
        for scalar in plain.unicodeScalars where scalar.isASCII && CharacterSet.alphanumerics.contains(scalar) {
            out.unicodeScalars.append(lookAlikes[scalar] ?? scalar)
        }
        return out
    }

    /// A letter typed for the digit it looks like.
    static let lookAlikes: [Unicode.Scalar: Unicode.Scalar] = ["O": "0", "I": "1", "L": "1", "S": "5", "Z": "2", "B": "8"]

    /// `typed` judged: accepted when it folds to the code, else wrong (never close); empty,
    /// too long (over `AnswerKey.maximumTypedBytes`) as for answers. Nil when the code is not
    /// known (a derived code without its secret): nobody can tell.
    public func match(_ typed: String) -> AnswerKey.Match? {
        guard typed.utf8.count <= AnswerKey.maximumTypedBytes else { return .tooLong }
        let folded = Self.folded(typed)
        guard !folded.isEmpty else { return .empty }
        guard let value else { return nil }
        return folded == Self.folded(value) ? .accepted(value) : .wrong
    }

    /// What is wrong with a written code: empty once folded (nothing typed could match it).
    var problem: String? {
        guard source == .written, let value, Self.folded(value).isEmpty else { return nil }
        return "the code `\(value)` has no letter A–Z or digit 0–9 (what codes are compared by), so nothing typed could match it"
    }
}

extension TaskQuestion {
    /// The task's code, when it is a code task.
    public var code: TaskCode? {
        if case .code(let code) = kind { return code }
        return nil
    }
}

extension Hunt {
    /// Whether a task's code derives from the players' secret (`code: true`).
    public var hasDerivedCodes: Bool { tasks.contains { $0.question?.code?.source == .derived } }

    /// The hunt with each derived code's `value` set to `code(task id)`: HuntServe's
    /// `PlayerCodes` gives the HMAC of the players' secret.
    public func derivingCodes(_ code: (String) -> String) -> Hunt {
        var hunt = self
        for index in hunt.tasks.indices where hunt.tasks[index].question?.code?.source == .derived {
            let id = hunt.tasks[index].id
            hunt.tasks[index].question?.kind = .code(.derived(code(id)))
        }
        return hunt
    }
}
